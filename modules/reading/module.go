// Package reading is the reader's log of passages read per date: the source
// of truth every progress view is derived from.
package reading

import (
	"context"
	_ "embed"

	"go.uber.org/fx"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/reading/internal/app"
	"lamplight/modules/reading/internal/httpapi"
	"lamplight/modules/reading/internal/store"
	"lamplight/modules/reading/readingapi"
	"lamplight/platform"
	"lamplight/platform/bus"
	"lamplight/platform/health"
	"lamplight/platform/httpx"
)

//go:embed openapi.yaml
var openapi []byte

// Module provides the log store, the use cases (also as readingapi.Reader
// for projections) and the /api/log-entries routes.
var Module = fx.Module("reading",
	// Store.
	fx.Provide(
		store.New,
		fx.Annotate(store.Migrations, fx.ResultTags(platform.GroupMigrations)),
	),
	// Use cases, and the contract other modules read the log through.
	fx.Provide(
		app.New,
		func(s *app.Service) readingapi.Reader { return s },
		fx.Annotate(deleteOnUserDeleted, fx.ResultTags(platform.GroupHandlers)),
	),
	// HTTP.
	fx.Provide(
		platform.AsRoutes(httpapi.New),
		fx.Annotate(func() httpx.OpenAPIFragment { return openapi }, fx.ResultTags(platform.GroupOpenAPI)),
		fx.Annotate(func() health.Module { return health.Module{Name: "reading"} }, fx.ResultTags(platform.GroupHealth)),
	),
)

// deleteOnUserDeleted removes a deleted reader's log.
func deleteOnUserDeleted(s *app.Service) bus.Handler {
	return bus.On("reading.delete-user-data", func(ctx context.Context, ev identityapi.UserDeleted) error {
		return s.DeleteUserData(ctx, ev.UserID)
	})
}
