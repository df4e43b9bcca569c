package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"lamplight/modules/notes/internal/domain"
	"lamplight/modules/notes/internal/store"
	"lamplight/modules/notes/notesapi"
	"lamplight/platform/mail"
	"lamplight/platform/metrics"
	"lamplight/platform/outbox"
	"lamplight/platform/testkit"
	"lamplight/platform/uow"
)

// A search matching more notes than are looked up one by one (a page is
// then found by walking the reader's notes in order), one matching few,
// and one too short for the trigram index find the same notes, counted
// exactly, and never another reader's.
func TestIntegrationSearchPaths(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		g := testkit.DB(t, b, outbox.Migrations, store.Migrations())
		s := store.New(uow.New(g, outbox.New(g, nil, metrics.New(), testkit.Logger(t)), mail.NewMailer(g)))
		ctx := context.Background()
		start := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
		var every, grace, rare []string // u's ids, oldest first
		write := func(userID string, n int, content func(i int) string) {
			err := s.Transact(ctx, func(tx *store.Tx) error {
				for i := range n {
					at := start.Add(time.Duration(i) * time.Minute)
					note := notesapi.Note{ID: fmt.Sprintf("%s-%04d", userID, i), Content: content(i), CreatedAt: at, UpdatedAt: at}
					if err := tx.Insert(userID, note, domain.Fold(note.Content)); err != nil {
						return err
					}
					if userID != "u" {
						continue
					}
					every = append(every, note.ID)
					if i%2 == 0 {
						grace = append(grace, note.ID)
					}
					if i%100 == 7 {
						rare = append(rare, note.ID)
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		write("v", 5, func(int) string { return "Grace for v, Zebulun" })
		write("u", 700, func(i int) string {
			text := "peace"
			if i%2 == 0 {
				text = "Amazing GRACE"
			}
			if i%100 == 7 {
				text += " of Zebulun"
			}
			return fmt.Sprintf("%s, note %d", text, i)
		})
		write("w", 5, func(int) string { return "grace for w, zebulun" })

		newest := func(ids []string, offset, limit int) []string {
			out := slices.Clone(ids)
			slices.Reverse(out)
			return out[min(offset, len(out)):min(offset+limit, len(out))]
		}
		for _, c := range []struct {
			search        string
			offset, limit int
			want          []string
			untagged      bool // with a second filter: every note is untagged
		}{
			{"grace", 0, 10, grace, false},
			{"grace", 340, 20, grace, false},
			{"race", 345, 50, grace, false},
			{"ac", 690, 10, every, false}, // too short for the index: "peace" and "grace"
			{"zebulun", 0, 10, rare, false},
			{"zebulun", 5, 10, rare, false},
			{"of zebulun", 0, 3, rare, false},
			{"nothing", 0, 10, nil, false},
			{"grace", 100, 10, grace, true},
			{"zebulun", 0, 10, rare, true},
			{"ac", 0, 10, every, true},
		} {
			want := c.want
			q := domain.Query{Limit: c.limit, Offset: c.offset, SortOn: domain.SortCreatedAt, Desc: true,
				TagMatching: domain.MatchAny, PassageMatching: domain.MatchInclusive, Search: domain.Fold(c.search)}
			if c.untagged {
				q.TagMatching = domain.MatchExact
			}
			notes, size, err := s.List(ctx, "u", q)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, n := range notes {
				got = append(got, n.ID)
			}
			if size != len(want) || !slices.Equal(got, newest(want, c.offset, c.limit)) {
				t.Errorf("%q offset %d untagged %v: %d notes %v, want %d %v", c.search, c.offset, c.untagged, size, got, len(want), newest(want, c.offset, c.limit))
			}
		}
	})
}
