package uow_test

import (
	"context"
	"errors"
	"testing"

	"gorm.io/gorm"

	"lamplight/platform/bus"
	"lamplight/platform/mail"
	"lamplight/platform/metrics"
	"lamplight/platform/outbox"
	"lamplight/platform/testkit"
	"lamplight/platform/uow"
)

type noted struct{}

func (noted) Topic() string { return "test.noted" }

func count(t *testing.T, g *gorm.DB, table string) int64 {
	t.Helper()
	var n int64
	if err := g.Table(table).Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

func TestIntegrationUnitOfWork(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test")
	}
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		g := testkit.DB(t, b, outbox.Migrations, mail.Migrations)
		tr := bus.NewGoChannel(testkit.Logger(t))
		t.Cleanup(func() { tr.Close() })
		// The relay is not started, so recorded events stay in the table.
		w := uow.New(g, outbox.New(g, tr.Publisher, metrics.New(), testkit.Logger(t)), mail.NewMailer(g))
		ctx := context.Background()
		msg := mail.Message{To: "reader@example.com", Kind: "test", Subject: "Hello", Text: "Hello"}
		write := func(fail error) error {
			return w.Transact(ctx, func(tx *uow.Tx) error {
				if err := tx.Record(noted{}); err != nil {
					return err
				}
				if err := tx.Enqueue(msg); err != nil {
					return err
				}
				return fail
			})
		}

		boom := errors.New("use case failed")
		if err := write(boom); !errors.Is(err, boom) {
			t.Fatalf("want the use case's error, got %v", err)
		}
		if e, m := count(t, g, "outbox_events"), count(t, g, "mail_messages"); e != 0 || m != 0 {
			t.Fatalf("a failed unit of work left %d events and %d messages", e, m)
		}
		if err := write(nil); err != nil {
			t.Fatal(err)
		}
		if e, m := count(t, g, "outbox_events"), count(t, g, "mail_messages"); e != 1 || m != 1 {
			t.Fatalf("a committed unit of work left %d events and %d messages", e, m)
		}
		err := w.Transact(ctx, func(tx *uow.Tx) error { return tx.ForgetMail(msg.To) })
		if err != nil || count(t, g, "mail_messages") != 0 {
			t.Fatalf("forgotten mail kept: %v", err)
		}
	})
}
