// Package tagsapi is the tags module's published contract: the tag as other
// modules see it, the ownership check for modules that attach tags to their
// rows, the note counts and the detaching such a module supplies, and the
// TagDeleted event.
package tagsapi

import (
	"context"
	"time"

	"lamplight/platform/uow"
)

// Tag is a reader's label for passage notes.
type Tag struct {
	ID          string    `json:"id"`
	Label       string    `json:"label"`
	Color       string    `json:"color"`
	Description string    `json:"description"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

// Limits of a tag's fields, in characters.
const (
	MaxLabelLength       = 32
	MaxDescriptionLength = 1500
)

// Owner tells modules that attach tags to their rows which tag ids belong
// to a reader. Implemented by the tags module.
type Owner interface {
	// HoldOwned returns those of ids that are userID's tags, each once, in
	// the order given, inside a writer's unit of work: the tags found stay
	// until tx ends, so a tag deleted meanwhile is deleted after the write
	// commits and its Detacher finds the new rows.
	HoldOwned(tx *uow.Tx, userID string, ids []string) ([]string, error)
	// Labels maps those of ids that are userID's tags to their labels.
	Labels(ctx context.Context, userID string, ids []string) (map[string]string, error)
}

// Lister lists a reader's tags, for the export. Implemented by the tags
// module.
type Lister interface {
	// List returns userID's tags ordered by label, ignoring case.
	List(ctx context.Context, userID string) ([]Tag, error)
}

// NoteCounter counts a reader's notes per tag, for the tags list.
// Implemented by the notes module, so tags never imports notes.
type NoteCounter interface {
	// NotesPerTag returns how many of userID's notes carry each tag; tags on
	// no note are absent.
	NotesPerTag(ctx context.Context, userID string) (map[string]int, error)
}

// Detacher takes a deleted tag off the rows of a module that attaches tags,
// inside the tag's deletion, so when the deletion answers no row carries
// the tag. Implemented by the notes module, so tags never imports notes; a
// writer holds the tags it attaches (Owner.HoldOwned), so no row is
// written with a tag while it is being deleted.
type Detacher interface {
	// DetachTag removes tagID from every row of userID, recording the
	// owner's own events in tx.
	DetachTag(tx *uow.Tx, userID, tagID string) error
}

// TagDeleted is published (through the outbox) after a reader deleted a
// tag; its rows elsewhere were detached in the same unit of work.
type TagDeleted struct {
	UserID string `json:"userId"`
	TagID  string `json:"tagId"`
}

// Topic implements bus.Event.
func (TagDeleted) Topic() string { return "tags.tag_deleted" }

// Importer adds tags read from an archive inside the unit of work of the
// module importing it, so the whole import commits or rolls back together.
// Implemented by the tags module.
type Importer interface {
	// ImportTags gives each of tags an id among userID's tags: the id of
	// the tag with the same label (ignoring case) when there is one, else
	// of a new tag with the label, colour, description and times given.
	// added tells which are new; an invalid tag is skipped with id "".
	ImportTags(tx *uow.Tx, userID string, tags []Tag) (ids []string, added []bool, err error)
}

// CensusKind is the name the census counts a reader's tags under.
const CensusKind = "tags"
