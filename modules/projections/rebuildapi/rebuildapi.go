// Package rebuildapi is what the projection modules publish and share: the
// Rebuilder contract that `lamplight projections rebuild` drives, and the one
// projection path every projection is built on.
//
// A projection is a pure function of one reader's log and settings (and, for
// some, the reader's local date). Its Runner serves it from the cache when
// the cached value was computed from the same inputs and recomputes it on a
// miss or a stale entry; the Refresher recomputes every stale projection
// from one read of the log when the reader's log or settings change. Nothing
// increments: every write replaces a value with one computed from the
// source of truth, so redelivered or reordered events are harmless. The
// computation may carry on from an earlier value of the same reader where
// the log shows that only its end changed since (incremental.go); the value
// is the same.
//
// The package name ends in "api" because every projection is its own module
// (see the depguard rules in .golangci.yml) and may share only *api packages.
package rebuildapi

import (
	"context"

	"go.uber.org/fx"

	"lamplight/platform"
	"lamplight/platform/bus"
	"lamplight/platform/cache"
	"lamplight/platform/health"
	"lamplight/platform/httpx"
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

// Module is the path every projection shares: the inputs read, the
// Refresher and its event handlers. The app includes it once, beside the
// projections.
var Module = fx.Module("projections",
	fx.Provide(
		newJoined,
		NewReads,
		NewRefresher,
		fx.Annotate(func(f *Refresher) []bus.Handler { return f.Handlers() }, fx.ResultTags(`group:"bus_handlers,flatten"`)),
		fx.Annotate(func() health.Module { return health.Module{Name: "projections"} }, fx.ResultTags(platform.GroupHealth)),
		fx.Annotate(func() cache.UserKeys { return stampKeys }, fx.ResultTags(cache.UserKeysGroup)),
	),
)

// Projection is a projection module: newProjection builds it on a Runner
// (embedded), newHandler serves its routes, openapi describes them. It is
// registered with the Refresher and as a Rebuilder for `lamplight
// projections rebuild`.
func Projection[P Member, H httpx.Routes](name string, newProjection func(Deps) P, newHandler func(P) H, openapi []byte) fx.Option {
	return fx.Module("projections."+name,
		fx.Provide(
			newProjection,
			fx.Annotate(func(p P) Member { return p }, fx.ResultTags(MemberGroup)),
			fx.Annotate(func(p P) Rebuilder { return p }, fx.ResultTags(Group)),
			platform.AsRoutes(newHandler),
			fx.Annotate(func() httpx.OpenAPIFragment { return openapi }, fx.ResultTags(platform.GroupOpenAPI)),
		),
	)
}
