// Package notesapi is the notes module's published contract: the note as
// other modules see it, the NoteChanged event, and the note counts per tag
// the tags module lists with each tag.
package notesapi

import (
	"context"
	"time"

	"lamplight/modules/bible"
)

// Note is a reader's note on zero or more passages, with tags.
type Note struct {
	ID string `json:"id"`
	// Content is Markdown source, returned as written; clients render it
	// without raw HTML.
	Content   string        `json:"content"`
	Passages  []bible.Range `json:"passages"`
	Tags      []string      `json:"tags"`
	CreatedAt time.Time     `json:"createdAt"`
	UpdatedAt time.Time     `json:"updatedAt"`
}

// Limits of a note.
const (
	// MaxContentLength is in characters (Unicode code points).
	MaxContentLength = 3000
	MaxPassages      = 100
	MaxTags          = 50
)

// TagCounter counts notes per tag. Implemented by the notes module; the
// tags module lists each tag with its count.
type TagCounter interface {
	// NotesPerTag returns how many of userID's notes carry each tag; tags on
	// no note are absent.
	NotesPerTag(ctx context.Context, userID string) (map[string]int, error)
}

// Operations carried by NoteChanged.
const (
	OpCreated = "created"
	OpUpdated = "updated"
	OpDeleted = "deleted"
)

// NoteChanged is published (through the outbox) after every write to a
// note, including a tag removed from it because the tag was deleted.
type NoteChanged struct {
	UserID string `json:"userId"`
	NoteID string `json:"noteId"`
	Op     string `json:"op"`
}

// Topic implements bus.Event.
func (NoteChanged) Topic() string { return "notes.note_changed" }
