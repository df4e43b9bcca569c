// Package tags is the reader's labels for passage notes: a label unique per
// reader ignoring case, a colour and a description. Modules that attach
// tags check ownership through tagsapi.Owner and take a deleted tag off
// their rows through tagsapi.Detacher, in the deletion's unit of work; tags
// imports none of them.
package tags

import (
	"context"
	_ "embed"

	"go.uber.org/fx"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/tags/internal/app"
	"lamplight/modules/tags/internal/httpapi"
	"lamplight/modules/tags/internal/store"
	"lamplight/modules/tags/tagsapi"
	"lamplight/platform"
	"lamplight/platform/bus"
	"lamplight/platform/census"
	"lamplight/platform/health"
	"lamplight/platform/httpx"
)

//go:embed openapi.yaml
var openapi []byte

// Module provides the tags store, the use cases (also as tagsapi.Owner) and
// the /api/passage-note-tags routes. When the notes module runs, it takes
// its note counts per tag (tagsapi.NoteCounter) and its detaching of a
// deleted tag (tagsapi.Detacher).
var Module = fx.Module("tags",
	// Store.
	fx.Provide(
		store.New,
		fx.Annotate(store.Migrations, fx.ResultTags(platform.GroupMigrations)),
	),
	// Use cases, and the contract other modules check tags through.
	fx.Provide(
		fx.Annotate(app.New, fx.ParamTags(``, `optional:"true"`, `optional:"true"`)),
		func(s *app.Service) tagsapi.Owner { return s },
		fx.Annotate(func(s *store.Store) census.Counter {
			return census.NewCounter(tagsapi.CensusKind, s.CountPerUser)
		}, fx.ResultTags(census.Group)),
		func(s *app.Service) tagsapi.Importer { return s },
		func(s *store.Store) tagsapi.Lister { return s },
		fx.Annotate(deleteOnUserDeleted, fx.ResultTags(platform.GroupHandlers)),
	),
	// HTTP.
	fx.Provide(
		platform.AsRoutes(httpapi.New),
		fx.Annotate(func() httpx.OpenAPIFragment { return openapi }, fx.ResultTags(platform.GroupOpenAPI)),
		fx.Annotate(func() health.Module { return health.Module{Name: "tags"} }, fx.ResultTags(platform.GroupHealth)),
	),
)

// deleteOnUserDeleted removes a deleted reader's tags.
func deleteOnUserDeleted(s *app.Service) bus.Handler {
	return bus.On("tags.delete-user-data", func(ctx context.Context, ev identityapi.UserDeleted) error {
		return s.DeleteUserData(ctx, ev.UserID)
	})
}
