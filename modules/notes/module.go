// Package notes is the reader's notes on passages: Markdown content, any
// number of passages and the reader's tags, listed with filters by tag,
// passage and text. Every write publishes NoteChanged.
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
	"lamplight/platform/health"
	"lamplight/platform/httpx"
)

//go:embed openapi.yaml
var openapi []byte

// Module provides the notes store, the use cases, the notes' side of tags
// (note counts per tag as notesapi.TagCounter; removing a deleted tag from
// notes as a tagsapi.Referrer) and the /api/passage-notes routes.
var Module = fx.Module("notes",
	// Store.
	fx.Provide(
		store.New,
		fx.Annotate(store.Migrations, fx.ResultTags(platform.GroupMigrations)),
	),
	// Use cases, and what the tags module needs from notes.
	fx.Provide(
		app.New,
		app.NewTagReferences,
		func(r *app.TagReferences) notesapi.TagCounter { return r },
		fx.Annotate(func(r *app.TagReferences) tagsapi.Referrer { return r }, fx.ResultTags(tagsapi.GroupReferrers)),
		fx.Annotate(deleteOnUserDeleted, fx.ResultTags(platform.GroupHandlers)),
	),
	// HTTP.
	fx.Provide(
		platform.AsRoutes(httpapi.New),
		fx.Annotate(func() httpx.OpenAPIFragment { return openapi }, fx.ResultTags(platform.GroupOpenAPI)),
		fx.Annotate(func() health.Module { return health.Module{Name: "notes"} }, fx.ResultTags(platform.GroupHealth)),
	),
)

// deleteOnUserDeleted removes a deleted reader's notes.
func deleteOnUserDeleted(s *app.Service) bus.Handler {
	return bus.On("notes.delete-user-data", func(ctx context.Context, ev identityapi.UserDeleted) error {
		return s.DeleteUserData(ctx, ev.UserID)
	})
}
