// Package engine is the one path every read model is built on.
//
// A read model is a pure function of one reader's log and settings (and,
// for some, the reader's local date). Its Runner serves it from the cache
// when the cached value was computed from the same inputs and recomputes it
// on a miss or a stale entry; the Refresher recomputes every stale read
// model from one read of the log when the reader's log or settings change.
// Nothing increments: every write replaces a value with one computed from
// the source of truth, so redelivered or reordered events are harmless. The
// computation may carry on from an earlier value of the same reader where
// the log shows that only its end changed since (incremental.go); the value
// is the same.
package engine

import (
	"go.uber.org/fx"

	"lamplight/modules/readmodels/readmodelsapi"
	"lamplight/platform"
	"lamplight/platform/bus"
	"lamplight/platform/cache"
	"lamplight/platform/health"
)

// Module is the path every read model shares: the inputs read, the
// Refresher and its event handlers. Its health and handler names keep the
// "projections" prefix: a handler's name is its consumer group on Redis
// Streams, and renaming it would replay or skip events.
var Module = fx.Module("projections",
	fx.Provide(
		NewSources,
		NewReads,
		NewRefresher,
		newRegistered,
		fx.Annotate(func(f *Refresher) []bus.Handler { return f.Handlers() }, fx.ResultTags(`group:"bus_handlers,flatten"`)),
		fx.Annotate(func() health.Module { return health.Module{Name: "projections"} }, fx.ResultTags(platform.GroupHealth)),
		fx.Annotate(func(s *Sources) cache.UserKeys { return s.StampKeys }, fx.ResultTags(cache.UserKeysGroup)),
	),
)

// ReadModel registers a read model built on a Runner (embedded) with the
// Refresher and as a Rebuilder for `lamplight projections rebuild`.
func ReadModel[P Member](newReadModel func(Deps) P) fx.Option {
	return fx.Provide(
		newReadModel,
		fx.Annotate(func(p P) Member { return p }, fx.ResultTags(MemberGroup)),
		fx.Annotate(func(p P) readmodelsapi.Rebuilder { return p }, fx.ResultTags(readmodelsapi.RebuilderGroup)),
	)
}
