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
	// Another reader's note is not found, whatever its tags: the tags'
	// answer waits until the note is found.
	tagsErr := s.checkTags(ctx, userID, d.Tags)
	if tagsErr != nil && !errors.Is(tagsErr, ErrTagsInvalid) {
		return notesapi.Note{}, tagsErr
	}
	var updated notesapi.Note
	err = s.write(ctx, notesapi.NoteChanged{UserID: userID, NoteID: id, Op: notesapi.OpUpdated}, func(tx *store.Tx) error {
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
	s.dropDeletedTags(ctx, userID, &updated)
	return updated, nil
}
