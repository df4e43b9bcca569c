// Package sharingapi is the sharing module's published contract: what it
// needs from the projections to show a reader's progress to whoever holds
// their link and to suggest the next reading in their calendar. The
// composition root connects these to the projections. It also lists and
// restores which links a reader has, for the archive.
package sharingapi

import (
	"context"

	"lamplight/platform/uow"
)

// Kinds of secret link a reader can hold, one of each.
const (
	KindCalendarFeed = "calendar-feed"
	KindProgressLink = "progress-link"
)

// BookProgress is one book's completion since the look-back date.
type BookProgress struct {
	Book       int
	Percentage int
	Complete   bool
}

// PublicProgress is everything a progress link shows: no notes, no
// passages, no email.
type PublicProgress struct {
	// Percentage of the whole Bible read since the look-back date.
	Percentage    int
	Books         []BookProgress
	CurrentStreak int
	LongestStreak int
}

// Link is a secret link as the archive keeps it: that the reader has one of
// its kind and their choices, never its secret address, which a restore
// makes anew.
type Link struct {
	Kind     string `json:"kind"`
	ReadNext bool   `json:"readNext"`
}

// Links lists and restores a reader's links for the archive. Implemented
// by the sharing module.
type Links interface {
	// Links answers userID's links, ordered by kind.
	Links(ctx context.Context, userID string) ([]Link, error)
	// RestoreLinks gives userID a link of each kind listed, with a new
	// secret address, inside tx; a link of an unknown kind is skipped.
	RestoreLinks(tx *uow.Tx, userID string, links []Link) error
}
