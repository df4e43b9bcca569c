package app

import (
	"context"

	"gorm.io/gorm"

	"lamplight/modules/notes/internal/store"
	"lamplight/modules/notes/notesapi"
	"lamplight/platform/outbox"
)

// TagReferences is the notes module's side of its tags: it counts notes per
// tag for the tags list (notesapi.TagCounter) and drops a deleted tag from
// every note in the deleting transaction (tagsapi.Referrer). It stands
// apart from Service, which checks tags through the tags module, so the
// two modules need each other without a cycle.
type TagReferences struct{ store *store.Store }

// NewTagReferences builds the tag references.
func NewTagReferences(s *store.Store) *TagReferences { return &TagReferences{store: s} }

// NotesPerTag implements notesapi.TagCounter.
func (r *TagReferences) NotesPerTag(ctx context.Context, userID string) (map[string]int, error) {
	return r.store.NotesPerTag(ctx, userID)
}

// RemoveTag implements tagsapi.Referrer: each note that loses the tag is
// changed, so NoteChanged is recorded for it. Its updatedAt stays: the
// reader did not edit it.
func (r *TagReferences) RemoveTag(tx *gorm.DB, userID, tagID string) error {
	ids, err := r.store.With(tx).RemoveTag(userID, tagID)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := outbox.Record(tx, notesapi.NoteChanged{UserID: userID, NoteID: id, Op: notesapi.OpUpdated}); err != nil {
			return err
		}
	}
	return nil
}
