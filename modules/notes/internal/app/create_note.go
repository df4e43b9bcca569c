package app

import (
	"context"

	"github.com/google/uuid"

	"lamplight/modules/notes/internal/domain"
	"lamplight/modules/notes/internal/store"
	"lamplight/modules/notes/notesapi"
)

// Create adds a note. Its tags must be the reader's.
func (s *Service) Create(ctx context.Context, userID string, d domain.Draft) (notesapi.Note, error) {
	d, err := d.Validate()
	if err != nil {
		return notesapi.Note{}, err
	}
	id, err := uuid.NewV7()
	if err != nil {
		return notesapi.Note{}, err
	}
	now := s.now()
	n := notesapi.Note{ID: id.String(), Content: d.Content, Passages: d.Passages, Tags: d.Tags, CreatedAt: now, UpdatedAt: now}
	err = s.write(ctx, notesapi.NoteChanged{UserID: userID, NoteID: n.ID, Op: notesapi.OpCreated, CreatedAt: now}, func(tx *store.Tx) error {
		if err := s.holdTags(tx, userID, d.Tags); err != nil {
			return err
		}
		return tx.Insert(userID, n, domain.Fold(n.Content))
	})
	if err != nil {
		return notesapi.Note{}, err
	}
	return n, nil
}
