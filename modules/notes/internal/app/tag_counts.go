package app

import (
	"context"

	"lamplight/modules/notes/internal/store"
)

// TagCounts counts notes per tag for the tags list (tagsapi.NoteCounter).
// It stands apart from Service, which checks tags through the tags module,
// so the tags module can use it without needing itself.
type TagCounts struct{ store *store.Store }

// NewTagCounts builds the tag counts.
func NewTagCounts(s *store.Store) *TagCounts { return &TagCounts{store: s} }

// NotesPerTag implements tagsapi.NoteCounter.
func (c *TagCounts) NotesPerTag(ctx context.Context, userID string) (map[string]int, error) {
	return c.store.NotesPerTag(ctx, userID)
}
