// Package notes is the reader's notes on passages: Markdown content, any
// number of passages and the reader's tags, listed with filters by tag,
// passage and text. Every write publishes NoteChanged; a deleted tag is
// taken off the reader's notes inside its deletion (tagsapi.Detacher).
package notes

import (
	"context"
	_ "embed"

	"go.uber.org/fx"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/notes/internal/app"
	"lamplight/modules/notes/internal/httpapi"
	"lamplight/modules/notes/internal/store"
	"lamplight/modules/notes/notesapi"
	"lamplight/modules/tags/tagsapi"
	"lamplight/platform"
	"lamplight/platform/bus"
	"lamplight/platform/census"
	"lamplight/platform/health"
	"lamplight/platform/httpx"
)

//go:embed openapi.yaml
var openapi []byte

// Module provides the notes store, the use cases, the note counts per tag
// the tags list shows (tagsapi.NoteCounter), the notes read whole for the
// export (notesapi.Reader), the detaching of a deleted tag
// (tagsapi.Detacher), the handler keeping the statistics of the notes fresh, and the /api/passage-notes routes.
var Module = fx.Module("notes",
	// Store.
	fx.Provide(
		store.New,
		fx.Annotate(store.Migrations, fx.ResultTags(platform.GroupMigrations)),
	),
	// Use cases, and what the tags module needs from notes.
	fx.Provide(
		app.New,
		func(s *store.Store) tagsapi.NoteCounter { return app.NewTagCounts(s) },
		func(s *store.Store) notesapi.Reader { return s },
		fx.Annotate(func(s *store.Store) census.Counter {
			return census.NewCounter(notesapi.CensusKind, s.CountPerUser)
		}, fx.ResultTags(census.Group)),
		func(s *app.Service) notesapi.Importer { return s },
		func() tagsapi.Detacher { return app.TagDetacher{} },
		store.NewStatistics,
		fx.Annotate(refreshStatistics, fx.ResultTags(platform.GroupHandlers)),
		fx.Annotate(deleteOnUserDeleted, fx.ResultTags(platform.GroupHandlers)),
	),
	fx.Invoke(stopStatistics),
	// HTTP.
	fx.Provide(
		platform.AsRoutes(httpapi.New),
		fx.Annotate(func() httpx.OpenAPIFragment { return openapi }, fx.ResultTags(platform.GroupOpenAPI)),
		fx.Annotate(func() health.Module { return health.Module{Name: "notes"} }, fx.ResultTags(platform.GroupHealth)),
	),
)

// refreshStatistics counts the notes written, whichever module wrote
// them, to keep the database's statistics of them fresh.
func refreshStatistics(s *store.Statistics) bus.Handler {
	return bus.On("notes.refresh-statistics", func(ctx context.Context, _ notesapi.NoteChanged) error {
		return s.Written(ctx)
	})
}

// stopStatistics waits, on shutdown, for an analysis in flight and drops
// one still waiting for writes to pause.
func stopStatistics(lc fx.Lifecycle, s *store.Statistics) { lc.Append(fx.StopHook(s.Stop)) }

// deleteOnUserDeleted removes a deleted reader's notes.
func deleteOnUserDeleted(s *app.Service) bus.Handler {
	return bus.On("notes.delete-user-data", func(ctx context.Context, ev identityapi.UserDeleted) error {
		return s.DeleteUserData(ctx, ev.UserID)
	})
}
