package app

import (
	"context"

	"lamplight/modules/reading/internal/domain"
	"lamplight/modules/reading/internal/store"
	"lamplight/modules/reading/readingapi"
	"lamplight/platform/errs"
)

// Update changes an entry's date and passage; an invalid draft never
// reaches the database.
func (s *Service) Update(ctx context.Context, userID, id string, d domain.Draft) (readingapi.Entry, error) {
	var f errs.Fields
	d.Validate("", &f)
	if err := f.Err(); err != nil {
		return readingapi.Entry{}, err
	}
	var updated readingapi.Entry
	err := s.write(ctx, userID, readingapi.OpUpdated, func(t *store.Tx) ([]string, error) {
		old, err := t.Get(id)
		if err != nil {
			return nil, err
		}
		r := d.Range()
		updated = old
		updated.Date, updated.Start, updated.End, updated.UpdatedAt = d.Date, r.Start, r.End, s.now()
		// Both dates change: the entry left one day and joined another.
		return []string{old.Date, d.Date}, t.Update(updated)
	})
	return updated, err
}
