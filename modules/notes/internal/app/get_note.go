package app

import (
	"context"
	"errors"

	"lamplight/modules/notes/internal/domain"
	"lamplight/modules/notes/internal/store"
	"lamplight/modules/notes/notesapi"
)

// Get returns one of the reader's notes.
func (s *Service) Get(ctx context.Context, userID, id string) (notesapi.Note, error) {
	if !domain.PlausibleID(id) {
		return notesapi.Note{}, ErrNoteNotFound
	}
	n, err := s.store.Get(ctx, userID, id)
	if errors.Is(err, store.ErrNotFound) {
		return notesapi.Note{}, ErrNoteNotFound
	}
	return n, err
}
