// Package rebuildapi is what the projection modules publish and share: the
// Rebuilder contract that `lamplight projections rebuild` drives, and the
// recompute-and-cache runner every projection is built on.
//
// A projection is a pure function of one reader's log and settings (and, for
// some, the reader's local date). The runner serves it from the cache when
// the cached value was computed from the same inputs, recomputes it on a
// miss or a stale entry, and recomputes it proactively when the reader's log
// or settings change. It never increments: every write replaces the value
// with one computed from the source of truth, so redelivered or reordered
// events are harmless.
//
// The package name ends in "api" because every projection is its own module
// (see scripts/check-boundaries.sh) and may share only *api packages.
package rebuildapi

import (
	"context"

	"go.uber.org/fx"
)

// Rebuilder recomputes one projection for one reader and stores it.
type Rebuilder interface {
	// Name is the projection's name, e.g. "versecounts".
	Name() string
	// Rebuild recomputes the reader's value from the source of truth and
	// stores it, whatever the cache holds.
	Rebuild(ctx context.Context, userID string) error
}

// Group is the fx group every projection module adds its Rebuilder to:
//
//	type in struct {
//		fx.In
//		Rebuilders []rebuildapi.Rebuilder `group:"projection_rebuilders"`
//	}
const Group = `group:"projection_rebuilders"`

// Provide adds a module's T (already provided in the graph) to Group.
func Provide[T Rebuilder]() fx.Option {
	return fx.Provide(fx.Annotate(func(r T) Rebuilder { return r }, fx.ResultTags(Group)))
}
