// Package notesapi is the notes module's published contract: the note as
// other modules see it and the NoteChanged event.
package notesapi

import (
	"context"
	"time"

	"lamplight/modules/bible"
	"lamplight/platform/uow"
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

// Reader reads a reader's whole notes, for the export. Implemented by the
// notes module.
type Reader interface {
	// EachNote calls fn with every note of userID, with its passages and
	// tags, oldest first. Notes are read a page at a time, so a long history
	// is never held whole; a note deleted meanwhile is skipped.
	EachNote(ctx context.Context, userID string, fn func(Note) error) error
	// CreationTimes answers when each of userID's notes was written, in one
	// statement: what counting notes per day needs, without their text.
	CreationTimes(ctx context.Context, userID string) ([]time.Time, error)
	// CreatedIDs answers the ids of userID's notes written in [from, to),
	// in one statement: one day's count, without reading the others, and
	// which notes it counted.
	CreatedIDs(ctx context.Context, userID string, from, to time.Time) ([]string, error)
}

// Limits of a note.
const (
	// MaxContentLength is in characters (Unicode code points).
	MaxContentLength = 3000
	MaxPassages      = 100
	MaxTags          = 50
)

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
	// CreatedAt is when a created note was written, so a consumer counting
	// notes per day recounts that day only; zero for other operations.
	CreatedAt time.Time `json:"createdAt,omitzero"`
}

// Topic implements bus.Event.
func (NoteChanged) Topic() string { return "notes.note_changed" }

// Import statuses of a note.
const (
	ImportNew      = "new"
	ImportExisting = "existing"
	ImportInvalid  = "invalid"
)

// Importer adds notes read from an archive inside the unit of work of the
// module importing it, so the whole import commits or rolls back together.
// Implemented by the notes module.
type Importer interface {
	// ImportNotes adds notes to userID's, keeping their content, passages,
	// tags (already userID's tag ids) and times, and answers each one's
	// status: ImportExisting for a note with the same content and creation
	// time (imported before), ImportInvalid for one breaking a note's rules.
	ImportNotes(tx *uow.Tx, userID string, notes []Note) ([]string, error)
}

// CensusKind is the name the census counts a reader's notes under.
const CensusKind = "notes"
