// Package tagsapi is the tags module's published contract: the tag as other
// modules see it, the ownership check for modules that attach tags to their
// rows, the hook those modules implement so a deleted tag leaves no
// dangling id behind, and the TagDeleted event.
package tagsapi

import (
	"context"
	"time"

	"gorm.io/gorm"
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
	// OwnedIDs returns those of ids that are userID's tags, each once, in
	// the order given.
	OwnedIDs(ctx context.Context, userID string, ids []string) ([]string, error)
	// LockOwned is OwnedIDs inside the caller's transaction. On PostgreSQL
	// the tags found stay locked against deletion until tx ends, so a row
	// written in tx never refers to a tag deleted meanwhile.
	LockOwned(tx *gorm.DB, userID string, ids []string) ([]string, error)
	// Labels maps those of ids that are userID's tags to their labels.
	Labels(ctx context.Context, userID string, ids []string) (map[string]string, error)
}

// Referrer is implemented by a module that keeps tag ids on its rows. The
// tags module calls every referrer in the transaction that deletes a tag,
// so no row refers to a deleted tag, not even for a moment.
type Referrer interface {
	// RemoveTag drops tagID from userID's rows inside tx.
	RemoveTag(tx *gorm.DB, userID, tagID string) error
}

// GroupReferrers is the fx group referrers are provided in.
const GroupReferrers = `group:"tags_referrers"`

// TagDeleted is published (through the outbox) after a reader deleted a
// tag; by then no note carries it any more.
type TagDeleted struct {
	UserID string `json:"userId"`
	TagID  string `json:"tagId"`
}

// Topic implements bus.Event.
func (TagDeleted) Topic() string { return "tags.tag_deleted" }
