// Package sharingapi is the sharing module's published contract: what it
// needs from the projections to show a reader's progress to whoever holds
// their link and to suggest the next reading in their calendar. The
// composition root connects these to the projections.
package sharingapi

import ()

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
