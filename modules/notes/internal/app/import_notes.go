package app

import (
	"github.com/google/uuid"

	"lamplight/modules/notes/internal/domain"
	"lamplight/modules/notes/internal/store"
	"lamplight/modules/notes/notesapi"
	"lamplight/platform/uow"
)

// ImportNotes implements notesapi.Importer; each note added records its
// NoteChanged as a note written by hand does.
func (s *Service) ImportNotes(u *uow.Tx, userID string, notes []notesapi.Note) ([]string, error) {
	tx := store.Join(u)
	out := make([]string, len(notes))
	now := s.now()
	for i, n := range notes {
		d, err := domain.Draft{Content: n.Content, Passages: n.Passages, Tags: n.Tags}.Validate()
		if err != nil {
			out[i] = notesapi.ImportInvalid
			continue
		}
		if n.CreatedAt.IsZero() {
			n.CreatedAt = now
		}
		if n.UpdatedAt.IsZero() {
			n.UpdatedAt = n.CreatedAt
		}
		dup, err := tx.Has(userID, d.Content, n.CreatedAt)
		if err != nil {
			return nil, err
		}
		if dup {
			out[i] = notesapi.ImportExisting
			continue
		}
		id, err := uuid.NewV7()
		if err != nil {
			return nil, err
		}
		note := notesapi.Note{ID: id.String(), Content: d.Content, Passages: d.Passages, Tags: d.Tags, CreatedAt: n.CreatedAt, UpdatedAt: n.UpdatedAt}
		if err := tx.Insert(userID, note, domain.Fold(note.Content)); err != nil {
			return nil, err
		}
		if err := tx.Record(notesapi.NoteChanged{UserID: userID, NoteID: note.ID, Op: notesapi.OpCreated, CreatedAt: note.CreatedAt}); err != nil {
			return nil, err
		}
		out[i] = notesapi.ImportNew
	}
	return out, nil
}
