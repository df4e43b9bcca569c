package app

import (
	"context"

	"lamplight/modules/reading/internal/store"
	"lamplight/modules/reading/readingapi"
)

// Delete removes one of the reader's entries.
func (s *Service) Delete(ctx context.Context, userID, id string) error {
	return s.write(ctx, userID, readingapi.OpDeleted, func(t *store.Tx) ([]string, error) {
		old, err := t.Get(id)
		if err != nil {
			return nil, err
		}
		return []string{old.Date}, t.Delete(id)
	})
}
