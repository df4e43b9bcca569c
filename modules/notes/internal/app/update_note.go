package app

import (
	"context"

	"gorm.io/gorm"

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
	err = s.write(ctx, userID, id, notesapi.OpUpdated, func(tx *gorm.DB, st *store.Store) error {
		old, err := st.Lock(ctx, userID, id)
		if err != nil {
			return err
		}
		if err := s.lockTags(tx, userID, d.Tags); err != nil {
			return err
		}
		updated = notesapi.Note{ID: id, Content: d.Content, Passages: d.Passages, Tags: d.Tags, CreatedAt: old.CreatedAt, UpdatedAt: s.now()}
		return st.Replace(userID, updated, domain.Fold(updated.Content))
	})
	if err != nil {
		return notesapi.Note{}, err
	}
	return updated, nil
}
