// Package census is how modules count their rows per user for whoever sits
// above them (the admin pages), without handing over the rows or their
// tables: a module owning a kind of row provides a Counter, and the Census
// answers every kind by name. It knows no domain words; the kinds are the
// owning modules' names for their rows.
package census

import "context"

// Counter counts one kind of a user's rows. The module owning the rows
// provides it in Group.
type Counter interface {
	// Kind names the rows counted, e.g. the owning module's "entries".
	Kind() string
	// CountByUser answers the count per user for userIDs, or for every
	// user with at least one row when userIDs is nil; users without rows
	// may be missing from the map.
	CountByUser(ctx context.Context, userIDs []string) (map[string]int, error)
}

// Group is the fx group Counters are provided in.
const Group = `group:"census_counters"`

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

// Census answers the counts of every kind a module counts.
type Census struct {
	byKind map[string]Counter
}

// New builds the census of counters (fx: the Group).
func New(counters []Counter) *Census {
	byKind := make(map[string]Counter, len(counters))
	for _, c := range counters {
		byKind[c.Kind()] = c
	}
	return &Census{byKind: byKind}
}

// Count answers the counts of kind for userIDs (every user with rows when
// nil); empty when no module counts that kind.
func (c *Census) Count(ctx context.Context, kind string, userIDs []string) (map[string]int, error) {
	k, ok := c.byKind[kind]
	if !ok {
		return map[string]int{}, nil
	}
	return k.CountByUser(ctx, userIDs)
}
