package app

import (
	"context"

	"lamplight/modules/notes/internal/domain"
	"lamplight/modules/notes/internal/store"
	"lamplight/modules/notes/notesapi"
)

// Delete removes one of the reader's notes.
func (s *Service) Delete(ctx context.Context, userID, id string) error {
	if !domain.PlausibleID(id) {
		return ErrNoteNotFound
	}
	return s.write(ctx, notesapi.NoteChanged{UserID: userID, NoteID: id, Op: notesapi.OpDeleted}, func(tx *store.Tx) error {
		return tx.Delete(userID, id)
	})
}
