package app_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"lamplight/modules/reading/internal/app"
	"lamplight/modules/reading/internal/domain"
	"lamplight/modules/reading/internal/store"
	"lamplight/modules/reading/readingapi"
	"lamplight/platform/bus"
	"lamplight/platform/cache"
	"lamplight/platform/errs"
	"lamplight/platform/mail"
	"lamplight/platform/metrics"
	"lamplight/platform/outbox"
	"lamplight/platform/testkit"
	"lamplight/platform/uow"
)

type env struct {
	svc    *app.Service
	db     *gorm.DB
	events *recorder
}

func (e env) list(userID, from, to string) ([]readingapi.Entry, error) {
	return e.svc.List(context.Background(), userID, from, to)
}

type recorder struct {
	mu  sync.Mutex
	got []readingapi.LogEntryChanged
}

func (r *recorder) all() []readingapi.LogEntryChanged {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]readingapi.LogEntryChanged(nil), r.got...)
}

func setup(t testing.TB, b testkit.Backend) env {
	g := testkit.DB(t, b, outbox.Migrations, store.Migrations())
	tr := bus.NewGoChannel(testkit.Logger(t))
	t.Cleanup(func() { tr.Close() })
	rec := &recorder{}
	r, err := bus.NewRouter(tr, []bus.Handler{bus.On("test.recorder", func(_ context.Context, ev readingapi.LogEntryChanged) error {
		rec.mu.Lock()
		defer rec.mu.Unlock()
		rec.got = append(rec.got, ev)
		return nil
	})}, metrics.New(), testkit.Logger(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.Stop() })
	o := outbox.New(g, tr.Publisher, metrics.New(), testkit.Logger(t))
	o.Start()
	t.Cleanup(o.Stop)
	mem := cache.NewMemory()
	t.Cleanup(mem.Close)
	return env{svc: app.New(store.New(uow.New(g, o, mail.NewMailer(g))), mem, testkit.Logger(t)), db: g, events: rec}
}

func fieldErr(t *testing.T, err error) errs.Detail {
	t.Helper()
	e, ok := errs.As(err)
	if !ok || e.Kind != errs.KindValidation || len(e.Details) == 0 {
		t.Fatalf("want validation error, got %v", err)
	}
	return e.Details[0]
}

func TestIntegrationReadingLog(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		e := setup(t, b)
		ctx := context.Background()
		const alice, bob = "user-alice", "user-bob"

		gen1, err := e.svc.Add(ctx, alice, domain.Draft{Date: "2024-06-10", StartVerseID: 101001001, EndVerseID: 101001031})
		if err != nil {
			t.Fatal(err)
		}
		if gen1.ID == "" || gen1.Date != "2024-06-10" || gen1.Range().Count() != 31 {
			t.Fatalf("created %+v", gen1)
		}

		t.Run("a batch is all or nothing", func(t *testing.T) {
			_, err := e.svc.AddBatch(ctx, alice, []domain.Draft{
				{Date: "2024-06-11", StartVerseID: 119023001, EndVerseID: 119023006},
				{Date: "2024-06-11", StartVerseID: 119023001, EndVerseID: 119024099},
			})
			if d := fieldErr(t, err); d.Field != "entries.1.endVerseId" {
				t.Fatalf("detail %+v", d)
			}
			list, _ := e.list(alice, "", "")
			if len(list) != 1 {
				t.Fatalf("partial batch stored: %d entries", len(list))
			}
			got, err := e.svc.AddBatch(ctx, alice, []domain.Draft{
				{Date: "2024-06-11", StartVerseID: 143003001, EndVerseID: 143003036},
				{Date: "2024-06-11", StartVerseID: 119023001, EndVerseID: 119023006},
			})
			if err != nil || len(got) != 2 {
				t.Fatalf("%v %d", err, len(got))
			}
		})

		t.Run("entries come back ordered by date then passage, and filter by dates", func(t *testing.T) {
			list, err := e.list(alice, "", "")
			if err != nil || len(list) != 3 {
				t.Fatalf("%v %d", err, len(list))
			}
			if list[0].ID != gen1.ID || list[1].Start != 119023001 || list[2].Start != 143003001 {
				t.Fatalf("order %+v", list)
			}
			day, _ := e.list(alice, "2024-06-11", "2024-06-11")
			if len(day) != 2 {
				t.Fatalf("filtered %d", len(day))
			}
			if _, err := e.list(alice, "2024-13-01", ""); fieldErr(t, err).Field != "from" {
				t.Fatal("bad from accepted")
			}
		})

		t.Run("an invalid update never reaches the database", func(t *testing.T) {
			_, err := e.svc.Update(ctx, alice, gen1.ID, domain.Draft{Date: "2024-02-30", StartVerseID: 101001001, EndVerseID: 101001002})
			if fieldErr(t, err).Field != "date" {
				t.Fatal(err)
			}
			list, _ := e.list(alice, "2024-06-10", "2024-06-10")
			if len(list) != 1 || list[0].End != 101001031 {
				t.Fatalf("entry changed: %+v", list)
			}
		})

		t.Run("another reader's entry is not found", func(t *testing.T) {
			if _, err := e.svc.Update(ctx, bob, gen1.ID, domain.Draft{Date: "2024-06-10", StartVerseID: 101001001, EndVerseID: 101001002}); !errors.Is(err, app.ErrEntryNotFound) {
				t.Fatalf("update: %v", err)
			}
			if err := e.svc.Delete(ctx, bob, gen1.ID); !errors.Is(err, app.ErrEntryNotFound) {
				t.Fatalf("delete: %v", err)
			}
			if list, _ := e.list(bob, "", ""); len(list) != 0 {
				t.Fatalf("bob sees %d entries", len(list))
			}
		})

		t.Run("moving an entry reports both dates; a read after a write sees it", func(t *testing.T) {
			before, _ := e.svc.Version(ctx, alice)
			moved, err := e.svc.Update(ctx, alice, gen1.ID, domain.Draft{Date: "2024-06-12", StartVerseID: 101001001, EndVerseID: 101001010})
			if err != nil || moved.Date != "2024-06-12" || moved.CreatedAt != gen1.CreatedAt {
				t.Fatalf("%v %+v", err, moved)
			}
			list, _ := e.list(alice, "", "")
			if list[len(list)-1].ID != gen1.ID || list[len(list)-1].End != 101001010 {
				t.Fatalf("stale list %+v", list)
			}
			after, _ := e.svc.Version(ctx, alice)
			if after != before+1 {
				t.Fatalf("version %d -> %d", before, after)
			}
			testkit.Eventually(t, 5*time.Second, func() bool {
				for _, ev := range e.events.all() {
					if ev.Version == after && ev.Op == readingapi.OpUpdated && len(ev.Dates) == 2 &&
						ev.Dates[0] == "2024-06-10" && ev.Dates[1] == "2024-06-12" && ev.UserID == alice {
						return true
					}
				}
				return false
			}, "update event")
		})

		t.Run("changes since a version include deletions", func(t *testing.T) {
			v, _ := e.svc.Version(ctx, alice)
			added, _ := e.svc.Add(ctx, alice, domain.Draft{Date: "2024-06-13", StartVerseID: 140005001, EndVerseID: 140005012})
			if err := e.svc.Delete(ctx, alice, gen1.ID); err != nil {
				t.Fatal(err)
			}
			ch, err := e.svc.Changes(ctx, alice, v)
			if err != nil {
				t.Fatal(err)
			}
			if ch.Version != v+2 || len(ch.Entries) != 1 || ch.Entries[0].ID != added.ID || len(ch.Deleted) != 1 || ch.Deleted[0] != gen1.ID {
				t.Fatalf("%+v", ch)
			}
			all, _ := e.svc.Changes(ctx, alice, 0)
			if len(all.Entries) != 3 {
				t.Fatalf("full sync %d", len(all.Entries))
			}
		})

		t.Run("concurrent writes each get their own version", func(t *testing.T) {
			v0, _ := e.svc.Version(ctx, "user-carol")
			var wg sync.WaitGroup
			for i := range 10 {
				wg.Go(func() {
					if _, err := e.svc.Add(ctx, "user-carol", domain.Draft{Date: "2024-01-01", StartVerseID: 101001001 + i, EndVerseID: 101001001 + i}); err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
			v1, _ := e.svc.Version(ctx, "user-carol")
			if v1-v0 != 10 {
				t.Fatalf("versions %d -> %d", v0, v1)
			}
		})

		t.Run("deleting a reader's data removes every row", func(t *testing.T) {
			if err := e.svc.DeleteUserData(ctx, alice); err != nil {
				t.Fatal(err)
			}
			for _, table := range []string{"log_entries", "log_versions", "log_entry_tombstones"} {
				var n int64
				e.db.Table(table).Where("user_id = ?", alice).Count(&n)
				if n != 0 {
					t.Errorf("%s keeps %d rows", table, n)
				}
			}
			if list, _ := e.list(alice, "", ""); len(list) != 0 {
				t.Fatalf("cached list survived: %d", len(list))
			}
		})
	})
}
