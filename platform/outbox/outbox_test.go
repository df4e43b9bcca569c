package outbox_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"gorm.io/gorm"

	"lamplight/platform/bus"
	"lamplight/platform/db"
	"lamplight/platform/mail"
	"lamplight/platform/metrics"
	"lamplight/platform/outbox"
	"lamplight/platform/testkit"
	"lamplight/platform/uow"
)

type noteWritten struct {
	ID int `json:"id"`
}

func (noteWritten) Topic() string { return "test.note_written" }

type note struct {
	ID   int `gorm:"primaryKey;autoIncrement:false"`
	Body string
}

const createNotes = "-- +goose Up\nCREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL);\n-- +goose Down\nDROP TABLE notes;\n"

var noteMigrations = db.Migrations{Name: "testnotes", FS: fstest.MapFS{
	"sqlite/00001_notes.sql":   {Data: []byte(createNotes)},
	"postgres/00001_notes.sql": {Data: []byte(createNotes)},
}}

func transport(t *testing.T, b testkit.Backend) *bus.Transport {
	if !b.Config.UsesRedis() {
		tr := bus.NewGoChannel(testkit.Logger(t))
		t.Cleanup(func() { tr.Close() })
		return tr
	}
	tr, err := bus.NewRedisStreams(b.Config.RedisURL, b.Config.RedisPrefix, testkit.Logger(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tr.Close() })
	return tr
}

// counter records how often each event id reached the handler.
type counter struct {
	mu   sync.Mutex
	seen map[int]int
}

func (c *counter) handler(name string) bus.Handler {
	return bus.On(name, func(_ context.Context, ev noteWritten) error {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.seen[ev.ID]++
		return nil
	})
}

func (c *counter) count(id int) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.seen[id]
}

func (c *counter) total() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, v := range c.seen {
		n += v
	}
	return n
}

func startRouter(t *testing.T, tr *bus.Transport, h ...bus.Handler) {
	r, err := bus.NewRouter(tr, h, metrics.New(), testkit.Logger(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.Stop() })
}

// writeNote writes a note and its event in one unit of work, relayed by o.
func writeNote(g *gorm.DB, o *outbox.Outbox, id int) error {
	return uow.New(g, o, mail.NewMailer(g)).Transact(context.Background(), func(tx *uow.Tx) error {
		if err := tx.DB().Create(&note{ID: id, Body: "hello"}).Error; err != nil {
			return err
		}
		return tx.Record(noteWritten{ID: id})
	})
}

func pending(t *testing.T, g *gorm.DB) int64 {
	var n int64
	if err := g.Table("outbox_events").Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

// killedPublisher fails like a process that died before the publish went out.
type killedPublisher struct{ message.Publisher }

func (killedPublisher) Publish(string, ...*message.Message) error { return errors.New("relay killed") }

func TestIntegrationOutbox(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		g := testkit.DB(t, b, outbox.Migrations, noteMigrations)
		tr := transport(t, b)
		seen := &counter{seen: map[int]int{}}
		startRouter(t, tr, seen.handler("test.outbox-counter"))

		t.Run("a rolled back write records no event", func(t *testing.T) {
			o := outbox.New(g, tr.Publisher, metrics.New(), testkit.Logger(t))
			err := uow.New(g, o, mail.NewMailer(g)).Transact(context.Background(), func(tx *uow.Tx) error {
				if err := tx.DB().Create(&note{ID: 1, Body: "x"}).Error; err != nil {
					return err
				}
				if err := tx.Record(noteWritten{ID: 1}); err != nil {
					return err
				}
				return errors.New("use case failed")
			})
			if err == nil {
				t.Fatal("want error")
			}
			if n := pending(t, g); n != 0 {
				t.Fatalf("outbox has %d rows after rollback", n)
			}
		})

		t.Run("relay killed before publishing, restarted: delivered exactly once", func(t *testing.T) {
			dead := outbox.New(g, killedPublisher{tr.Publisher}, metrics.New(), testkit.Logger(t))
			dead.Start()
			if err := writeNote(g, dead, 2); err != nil {
				t.Fatal(err)
			}
			// The dead relay tries (nudged by the commit) and fails; nothing is lost.
			time.Sleep(200 * time.Millisecond)
			dead.Stop()
			var stored note
			if err := g.First(&stored, 2).Error; err != nil {
				t.Fatalf("write lost: %v", err)
			}
			if n := pending(t, g); n != 1 {
				t.Fatalf("outbox rows = %d, want 1", n)
			}
			if seen.count(2) != 0 {
				t.Fatal("delivered by a dead relay")
			}

			restarted := outbox.New(g, tr.Publisher, metrics.New(), testkit.Logger(t))
			restarted.PollInterval = 50 * time.Millisecond
			restarted.Start()
			defer restarted.Stop()
			testkit.Eventually(t, 10*time.Second, func() bool { return seen.count(2) == 1 })
			time.Sleep(300 * time.Millisecond)
			if seen.count(2) != 1 {
				t.Fatalf("delivered %d times", seen.count(2))
			}
			if n := pending(t, g); n != 0 {
				t.Fatalf("outbox rows = %d after relay", n)
			}
		})

		if b.Postgres() {
			t.Run("two relays side by side never send an event twice", func(t *testing.T) {
				before := seen.total()
				writer := outbox.New(g, tr.Publisher, metrics.New(), testkit.Logger(t))
				for i := 100; i < 300; i++ {
					if err := writeNote(g, writer, i); err != nil {
						t.Fatal(err)
					}
				}
				var relays []*outbox.Outbox
				for range 2 {
					r := outbox.New(g, tr.Publisher, metrics.New(), testkit.Logger(t))
					r.BatchSize = 7
					r.Start()
					relays = append(relays, r)
				}
				testkit.Eventually(t, 20*time.Second, func() bool { return seen.total()-before == 200 })
				for _, r := range relays {
					r.Stop()
				}
				for i := 100; i < 300; i++ {
					if c := seen.count(i); c != 1 {
						t.Fatalf("event %d delivered %d times", i, c)
					}
				}
			})
		}
	})
}
