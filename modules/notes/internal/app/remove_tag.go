package app

import (
	"context"

	"lamplight/modules/notes/internal/store"
	"lamplight/modules/notes/notesapi"
)

// RemoveTag drops a deleted tag from every note of the reader (on
// TagDeleted, and for a note written while the tag was deleted). Each note
// that carried it is changed, so NoteChanged is recorded for it; its
// updatedAt stays, as the reader did not edit it. Run again, it finds
// nothing to do.
func (s *Service) RemoveTag(ctx context.Context, userID, tagID string) error {
	return s.store.Transact(ctx, func(tx *store.Tx) error {
		ids, err := tx.RemoveTag(userID, tagID)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if err := tx.Record(notesapi.NoteChanged{UserID: userID, NoteID: id, Op: notesapi.OpUpdated}); err != nil {
				return err
			}
		}
		return nil
	})
}
