package app

import (
	"context"
	"errors"

	"lamplight/modules/reading/internal/store"
	"lamplight/modules/reading/readingapi"
)

// Get returns one of the reader's entries.
func (s *Service) Get(ctx context.Context, userID, id string) (readingapi.Entry, error) {
	e, err := s.store.Get(ctx, userID, id)
	if errors.Is(err, store.ErrNotFound) {
		return e, ErrEntryNotFound
	}
	return e, err
}
