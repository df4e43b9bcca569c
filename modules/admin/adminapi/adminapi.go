// Package adminapi is the admin module's published contract: how the
// modules that own a reader's data tell admins how much of it there is,
// without ever handing over the data itself.
package adminapi

import "context"

// Kinds of counts the admin pages show.
const (
	CountEntries  = "entries"
	CountNotes    = "notes"
	CountTags     = "tags"
	CountFeedback = "feedback"
)

// Counter counts one kind of a reader's rows. The module owning the rows
// implements it, so the admin module reads none of their tables.
type Counter interface {
	// Kind is one of the Count* names.
	Kind() string
	// CountByUser answers the count per reader for userIDs, or for every
	// reader with at least one row when userIDs is nil; readers without
	// rows may be missing from the map.
	CountByUser(ctx context.Context, userIDs []string) (map[string]int, error)
}

// CounterGroup is the fx group Counters are provided in.
const CounterGroup = `group:"admin_counters"`

// NewCounter makes fn a Counter of kind.
func NewCounter(kind string, fn func(ctx context.Context, userIDs []string) (map[string]int, error)) Counter {
	return counter{kind: kind, fn: fn}
}

type counter struct {
	kind string
	fn   func(ctx context.Context, userIDs []string) (map[string]int, error)
}

func (c counter) Kind() string { return c.kind }

func (c counter) CountByUser(ctx context.Context, userIDs []string) (map[string]int, error) {
	return c.fn(ctx, userIDs)
}
