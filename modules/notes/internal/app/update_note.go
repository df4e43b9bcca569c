package app

import (
	"context"
	"errors"

	"lamplight/modules/notes/internal/domain"
	"lamplight/modules/notes/internal/store"
	"lamplight/modules/notes/notesapi"
)

// Update replaces a note's content, passages and tags; an invalid draft
// never reaches the database.
func (s *Service) Update(ctx context.Context, userID, id string, d domain.Draft) (notesapi.Note, error) {
	if !domain.PlausibleID(id) {
		return notesapi.Note{}, ErrNoteNotFound
	}
	d, err := d.Validate()
	if err != nil {
		return notesapi.Note{}, err
	}
	var updated notesapi.Note
	err = s.write(ctx, notesapi.NoteChanged{UserID: userID, NoteID: id, Op: notesapi.OpUpdated}, func(tx *store.Tx) error {
		// The tags are held before the note is locked, in the order a
		// tag's deletion takes them, so the two never wait on each other.
		// Another reader's note is not found, whatever its tags.
		tagsErr := s.holdTags(tx, userID, d.Tags)
		if tagsErr != nil && !errors.Is(tagsErr, ErrTagsInvalid) {
			return tagsErr
		}
		old, err := tx.Lock(userID, id)
		if err != nil {
			return err
		}
		if tagsErr != nil {
			return tagsErr
		}
		updated = notesapi.Note{ID: id, Content: d.Content, Passages: d.Passages, Tags: d.Tags, CreatedAt: old.CreatedAt, UpdatedAt: s.now()}
		return tx.Replace(userID, updated, domain.Fold(updated.Content))
	})
	if err != nil {
		return notesapi.Note{}, err
	}
	return updated, nil
}
