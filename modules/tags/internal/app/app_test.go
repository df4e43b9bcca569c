package app_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"lamplight/modules/tags/internal/app"
	"lamplight/modules/tags/internal/domain"
	"lamplight/modules/tags/internal/store"
	"lamplight/modules/tags/tagsapi"
	"lamplight/platform/bus"
	"lamplight/platform/errs"
	"lamplight/platform/mail"
	"lamplight/platform/metrics"
	"lamplight/platform/outbox"
	"lamplight/platform/testkit"
	"lamplight/platform/uow"
)

type counter map[string]int

func (c counter) NotesPerTag(context.Context, string) (map[string]int, error) { return c, nil }

type env struct {
	svc    *app.Service
	db     *gorm.DB
	w      *uow.Writer
	counts counter
	mu     sync.Mutex
	events []tagsapi.TagDeleted
}

func (e *env) deleted() []tagsapi.TagDeleted {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]tagsapi.TagDeleted(nil), e.events...)
}

func setup(t *testing.T, b testkit.Backend) *env {
	g := testkit.DB(t, b, outbox.Migrations, store.Migrations())
	tr := bus.NewGoChannel(testkit.Logger(t))
	t.Cleanup(func() { tr.Close() })
	e := &env{db: g, counts: counter{}}
	r, err := bus.NewRouter(tr, []bus.Handler{bus.On("test.recorder", func(_ context.Context, ev tagsapi.TagDeleted) error {
		e.mu.Lock()
		defer e.mu.Unlock()
		e.events = append(e.events, ev)
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
	e.w = uow.New(g, o, mail.NewMailer(g))
	e.svc = app.New(store.New(e.w), e.counts, nil)
	return e
}

func fieldErr(t *testing.T, err error) errs.Detail {
	t.Helper()
	e, ok := errs.As(err)
	if !ok || e.Kind != errs.KindValidation || len(e.Details) == 0 {
		t.Fatalf("want validation error, got %v", err)
	}
	return e.Details[0]
}

func TestIntegrationTags(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		e := setup(t, b)
		ctx := context.Background()
		const alice, bob = "user-alice", "user-bob"

		promises, err := e.svc.Create(ctx, alice, domain.Draft{Label: " Promises ", Color: "#F0A", Description: "God's promises"})
		if err != nil {
			t.Fatal(err)
		}
		if len(promises.ID) != 36 || promises.ID[14] != '7' || promises.Label != "Promises" || promises.Color != "#ff00aa" ||
			promises.Description != "God's promises" || promises.CreatedAt.IsZero() || promises.UpdatedAt != promises.CreatedAt {
			t.Fatalf("created %+v", promises)
		}

		t.Run("colours are normalised to lower-case #rrggbb", func(t *testing.T) {
			for in, want := range map[string]string{"#ABC": "#aabbcc", "#A1b2C3": "#a1b2c3"} {
				tag, err := e.svc.Create(ctx, "user-colours", domain.Draft{Label: in, Color: in})
				if err != nil || tag.Color != want {
					t.Fatalf("%s: %v %+v", in, err, tag)
				}
			}
			for _, bad := range []string{"abc", "#abcd", "#xyz", "blue", "#1234567"} {
				_, err := e.svc.Create(ctx, "user-colours", domain.Draft{Label: "x" + bad, Color: bad})
				if d := fieldErr(t, err); d.Field != "color" || d.Code != errs.IsInvalid {
					t.Fatalf("%s: %+v", bad, d)
				}
			}
		})

		t.Run("limits", func(t *testing.T) {
			_, err := e.svc.Create(ctx, alice, domain.Draft{Label: strings.Repeat("a", 33), Color: "#fff"})
			if d := fieldErr(t, err); d.Field != "label" || d.Code != errs.MaxLength || d.Properties["maxlength"] != 32 {
				t.Fatalf("%+v", d)
			}
			_, err = e.svc.Create(ctx, alice, domain.Draft{Label: "long", Color: "#fff", Description: strings.Repeat("d", 1501)})
			if d := fieldErr(t, err); d.Field != "description" || d.Code != errs.MaxLength || d.Properties["maxlength"] != 1500 {
				t.Fatalf("%+v", d)
			}
			_, err = e.svc.Create(ctx, alice, domain.Draft{Label: "  ", Color: "#fff"})
			if d := fieldErr(t, err); d.Field != "label" || d.Code != errs.Required {
				t.Fatalf("%+v", d)
			}
			max, err := e.svc.Create(ctx, alice, domain.Draft{Label: strings.Repeat("ü", 32), Color: "#fff", Description: strings.Repeat("ß", 1500)})
			if err != nil {
				t.Fatalf("limits themselves refused: %v", err)
			}
			if err := e.svc.Delete(ctx, alice, max.ID); err != nil {
				t.Fatal(err)
			}
		})

		t.Run("a label is unique per reader ignoring case", func(t *testing.T) {
			_, err := e.svc.Create(ctx, alice, domain.Draft{Label: "PROMISES", Color: "#000"})
			if d := fieldErr(t, err); d.Field != "label" || d.Code != errs.Unique {
				t.Fatalf("%+v", d)
			}
			if _, err := e.svc.Create(ctx, bob, domain.Draft{Label: "promises", Color: "#000"}); err != nil {
				t.Fatalf("another reader may use the label: %v", err)
			}
			other, err := e.svc.Create(ctx, alice, domain.Draft{Label: "Prayer", Color: "#000"})
			if err != nil {
				t.Fatal(err)
			}
			_, err = e.svc.Update(ctx, alice, other.ID, domain.Draft{Label: "promises", Color: "#000"})
			if d := fieldErr(t, err); d.Field != "label" || d.Code != errs.Unique {
				t.Fatalf("rename onto a taken label: %+v", d)
			}
			// Renaming a tag to its own label in another case is fine.
			renamed, err := e.svc.Update(ctx, alice, other.ID, domain.Draft{Label: "PRAYER", Color: "#000"})
			if err != nil || renamed.Label != "PRAYER" {
				t.Fatalf("%v %+v", err, renamed)
			}
		})

		t.Run("racing creates of one label leave one tag", func(t *testing.T) {
			var wg sync.WaitGroup
			var mu sync.Mutex
			created, unique := 0, 0
			for i := range 6 {
				wg.Go(func() {
					_, err := e.svc.Create(ctx, "user-race", domain.Draft{Label: []string{"Hope", "HOPE", "hope"}[i%3], Color: "#123"})
					mu.Lock()
					defer mu.Unlock()
					switch {
					case err == nil:
						created++
					case errors.Is(err, app.ErrLabelTaken):
						unique++
					default:
						t.Error(err)
					}
				})
			}
			wg.Wait()
			if created != 1 || unique != 5 {
				t.Fatalf("created %d, unique errors %d", created, unique)
			}
		})

		t.Run("an update replaces every field and an empty description clears it", func(t *testing.T) {
			time.Sleep(time.Millisecond)
			u, err := e.svc.Update(ctx, alice, promises.ID, domain.Draft{Label: "Promises kept", Color: "#00F"})
			if err != nil {
				t.Fatal(err)
			}
			if u.Label != "Promises kept" || u.Color != "#0000ff" || u.Description != "" || u.CreatedAt != promises.CreatedAt || !u.UpdatedAt.After(promises.UpdatedAt) {
				t.Fatalf("%+v", u)
			}
			got, _ := e.svc.Get(ctx, alice, promises.ID)
			if got != u {
				t.Fatalf("stored %+v, answered %+v", got, u)
			}
			_, err = e.svc.Update(ctx, alice, promises.ID, domain.Draft{Label: "x", Color: "nope"})
			if fieldErr(t, err).Field != "color" {
				t.Fatal(err)
			}
			if got, _ := e.svc.Get(ctx, alice, promises.ID); got != u {
				t.Fatalf("invalid update changed the tag: %+v", got)
			}
		})

		t.Run("another reader's tag is not found", func(t *testing.T) {
			if _, err := e.svc.Get(ctx, bob, promises.ID); !errors.Is(err, app.ErrTagNotFound) {
				t.Fatalf("get: %v", err)
			}
			if _, err := e.svc.Update(ctx, bob, promises.ID, domain.Draft{Label: "mine", Color: "#fff"}); !errors.Is(err, app.ErrTagNotFound) {
				t.Fatalf("update: %v", err)
			}
			if err := e.svc.Delete(ctx, bob, promises.ID); !errors.Is(err, app.ErrTagNotFound) {
				t.Fatalf("delete: %v", err)
			}
			list, _ := e.svc.List(ctx, bob)
			for _, tag := range list {
				if tag.ID == promises.ID {
					t.Fatal("bob lists alice's tag")
				}
			}
		})

		t.Run("the list is ordered by label ignoring case, with note counts", func(t *testing.T) {
			e.counts[promises.ID] = 4
			list, err := e.svc.List(ctx, alice)
			if err != nil {
				t.Fatal(err)
			}
			var labels []string
			for _, tag := range list {
				labels = append(labels, tag.Label)
				if tag.ID == promises.ID && tag.NoteCount != 4 || tag.ID != promises.ID && tag.NoteCount != 0 {
					t.Fatalf("count %+v", tag)
				}
			}
			if strings.Join(labels, ",") != "PRAYER,Promises kept" {
				t.Fatalf("%v", labels)
			}
		})

		t.Run("ownership checks keep the reader's ids once, in order", func(t *testing.T) {
			list, _ := e.svc.List(ctx, alice)
			prayer := list[0].ID
			bobs, _ := e.svc.List(ctx, bob)
			held := func(ids []string) (owned []string) {
				err := e.w.Transact(ctx, func(tx *uow.Tx) (err error) {
					owned, err = e.svc.HoldOwned(tx, alice, ids)
					return err
				})
				if err != nil {
					t.Fatal(err)
				}
				return owned
			}
			if ids := held([]string{promises.ID, bobs[0].ID, "nope", prayer, promises.ID}); strings.Join(ids, ",") != promises.ID+","+prayer {
				t.Fatalf("%v", ids)
			}
			labels, _ := e.svc.Labels(ctx, alice, []string{prayer, bobs[0].ID})
			if len(labels) != 1 || labels[prayer] != "PRAYER" {
				t.Fatalf("%v", labels)
			}
			if ids := held(nil); len(ids) != 0 {
				t.Fatalf("%v", ids)
			}
		})

		t.Run("deleting a tag publishes TagDeleted", func(t *testing.T) {
			if err := e.svc.Delete(ctx, alice, promises.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := e.svc.Get(ctx, alice, promises.ID); !errors.Is(err, app.ErrTagNotFound) {
				t.Fatal(err)
			}
			if err := e.svc.Delete(ctx, alice, promises.ID); !errors.Is(err, app.ErrTagNotFound) {
				t.Fatalf("second delete: %v", err)
			}
			testkit.Eventually(t, 5*time.Second, func() bool {
				for _, d := range e.deleted() {
					if d == (tagsapi.TagDeleted{UserID: alice, TagID: promises.ID}) {
						return true
					}
				}
				return false
			}, "TagDeleted")
			// The label is free again.
			if _, err := e.svc.Create(ctx, alice, domain.Draft{Label: "promises kept", Color: "#fff"}); err != nil {
				t.Fatal(err)
			}
		})

		t.Run("deleting a reader's data removes every row", func(t *testing.T) {
			if err := e.svc.DeleteUserData(ctx, alice); err != nil {
				t.Fatal(err)
			}
			for _, table := range []string{"passage_note_tags"} {
				var n int64
				e.db.Table(table).Where("user_id = ?", alice).Count(&n)
				if n != 0 {
					t.Errorf("%s keeps %d rows", table, n)
				}
			}
			if list, _ := e.svc.List(ctx, bob); len(list) != 1 {
				t.Fatalf("bob's tags went too: %d", len(list))
			}
		})
	})
}
