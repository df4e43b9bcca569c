// Package sharing gives a reader secret, revocable URLs to their reading:
// an iCalendar feed of the days they read (and, if they like, today's
// suggestions), and a public progress page with an SVG badge that shows no
// notes, no passages and no email.
package sharing

import (
	"context"
	_ "embed"

	"go.uber.org/fx"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/sharing/internal/app"
	"lamplight/modules/sharing/internal/httpapi"
	"lamplight/modules/sharing/internal/store"
	"lamplight/modules/sharing/sharingapi"
	"lamplight/platform"
	"lamplight/platform/bus"
	"lamplight/platform/health"
	"lamplight/platform/httpx"
)

//go:embed openapi.yaml
var openapi []byte

// Module provides the links store, the use cases, the /api/sharing routes
// and the /share URLs. It shows the progress, streak and suggestions read
// models (readmodelsapi).
var Module = fx.Module("sharing",
	// Store.
	fx.Provide(
		store.New,
		fx.Annotate(store.Migrations, fx.ResultTags(platform.GroupMigrations)),
	),
	// Use cases.
	fx.Provide(
		app.LoadConfig,
		app.NewSealer,
		app.New,
		func(s *app.Service) sharingapi.Links { return s },
		fx.Annotate(deleteOnUserDeleted, fx.ResultTags(platform.GroupHandlers)),
	),
	// HTTP.
	fx.Provide(
		platform.AsRoutes(httpapi.New),
		platform.AsSiteRoutes(httpapi.NewSite),
		fx.Annotate(func() httpx.OpenAPIFragment { return openapi }, fx.ResultTags(platform.GroupOpenAPI)),
		fx.Annotate(func() health.Module { return health.Module{Name: "sharing"} }, fx.ResultTags(platform.GroupHealth)),
	),
)

// deleteOnUserDeleted removes a deleted reader's links: their URLs answer
// 404 from then on.
func deleteOnUserDeleted(s *app.Service) bus.Handler {
	return bus.On("sharing.delete-user-data", func(ctx context.Context, ev identityapi.UserDeleted) error {
		return s.DeleteUserData(ctx, ev.UserID)
	})
}
