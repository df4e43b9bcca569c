package app

import (
	"slices"

	"github.com/google/uuid"

	"lamplight/modules/reading/internal/store"
	"lamplight/modules/reading/readingapi"
	"lamplight/platform/uow"
)

// ImportEntries implements readingapi.Importer. One LogEntryChanged names
// every date it added to, so projections update as after any write.
func (s *Service) ImportEntries(u *uow.Tx, userID string, entries []readingapi.Entry) ([]bool, error) {
	t, err := store.Join(u, userID)
	if err != nil {
		return nil, err
	}
	var dates []string
	for _, e := range entries {
		dates = append(dates, e.Date)
	}
	slices.Sort(dates)
	seen, err := t.Keys(slices.Compact(dates))
	if err != nil {
		return nil, err
	}
	now := s.now()
	added := make([]bool, len(entries))
	var (
		rows    []readingapi.Entry
		changed []string
	)
	for i, e := range entries {
		k := store.EntryKey{Date: e.Date, Start: e.Start, End: e.End}
		if seen[k] {
			continue
		}
		seen[k] = true
		if e.ID == "" {
			id, err := uuid.NewV7()
			if err != nil {
				return nil, err
			}
			e.ID = id.String()
		}
		if e.CreatedAt.IsZero() {
			e.CreatedAt = now
		}
		if e.UpdatedAt.IsZero() {
			e.UpdatedAt = e.CreatedAt
		}
		rows = append(rows, e)
		changed = append(changed, e.Date)
		added[i] = true
	}
	if len(rows) == 0 {
		return added, nil
	}
	if err := t.Insert(rows...); err != nil {
		return nil, err
	}
	slices.Sort(changed)
	return added, t.Record(readingapi.LogEntryChanged{
		UserID: userID, Dates: slices.Compact(changed), Op: readingapi.OpCreated, Version: t.Version,
	})
}
