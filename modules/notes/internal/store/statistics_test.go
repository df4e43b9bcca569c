package store_test

import (
	"context"
	"testing"
	"time"

	"lamplight/modules/notes/internal/store"
	"lamplight/platform/mail"
	"lamplight/platform/metrics"
	"lamplight/platform/outbox"
	"lamplight/platform/testkit"
	"lamplight/platform/uow"
)

// The notes tables are analysed once 1,000 notes were written (when the
// writes pause), not before.
func TestIntegrationStatisticsAfterNotesWritten(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		g := testkit.DB(t, b, outbox.Migrations, store.Migrations())
		s := store.New(uow.New(g, outbox.New(g, nil, metrics.New(), testkit.Logger(t)), mail.NewMailer(g)))
		st := store.NewStatistics(s, testkit.Logger(t))
		t.Cleanup(st.Stop)
		analysed := func() bool {
			if !b.Postgres() {
				return false
			}
			var n int
			g.Raw("SELECT COUNT(*) FROM pg_stat_user_tables WHERE relname = 'passage_notes' AND last_analyze IS NOT NULL").Scan(&n)
			return n == 1
		}
		for range 999 {
			if err := st.Written(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		if analysed() {
			t.Fatal("analysed before 1,000 notes")
		}
		if err := st.Written(context.Background()); err != nil {
			t.Fatal(err)
		}
		// The statistics collector reports the analysis a moment later.
		if b.Postgres() {
			testkit.Eventually(t, 30*time.Second, analysed, "passage_notes analysed")
		}
	})
}
