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

// One local day's notes are counted at its edges: a note written at the
// very start of the day counts, one a microsecond before does not, and
// neither do another reader's.
func TestIntegrationCreatedIDs(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		g := testkit.DB(t, b, outbox.Migrations, store.Migrations())
		s := store.New(uow.New(g, outbox.New(g, nil, metrics.New(), testkit.Logger(t)), mail.NewMailer(g)))
		ctx := context.Background()
		kyiv, err := time.LoadLocation("Europe/Kyiv")
		if err != nil {
			t.Fatal(err)
		}
		dayStart := time.Date(2025, 3, 30, 0, 0, 0, 0, kyiv) // a spring-forward day: 23 hours
		dayEnd := time.Date(2025, 3, 31, 0, 0, 0, 0, kyiv)
		times := map[string][]time.Time{
			"u": {
				dayStart.Add(-time.Microsecond),
				dayStart,
				dayStart.Add(90 * time.Minute),
				dayStart.Add(12*time.Hour + 500*time.Millisecond),
				dayEnd.Add(-time.Microsecond),
				dayEnd,
			},
			"v": {dayStart.Add(time.Hour)},
		}
		err = s.Transact(ctx, func(tx *store.Tx) error {
			for userID, ts := range times {
				for i, at := range ts {
					at = at.UTC()
					note := notesapi.Note{ID: fmt.Sprintf("%s-%d", userID, i), Content: "note", CreatedAt: at, UpdatedAt: at}
					if err := tx.Insert(userID, note, domain.Fold(note.Content)); err != nil {
						return err
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		ids, err := s.CreatedIDs(ctx, "u", dayStart, dayEnd)
		slices.Sort(ids)
		if err != nil || !slices.Equal(ids, []string{"u-1", "u-2", "u-3", "u-4"}) {
			t.Fatalf("CreatedIDs = %v, %v; want u-1 to u-4", ids, err)
		}
	})
}
