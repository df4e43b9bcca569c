// Package settings keeps each reader's preferences: look-back date, daily
// goal, Bible version and app, language, time zone and rest days.
package settings

import (
	"context"
	_ "embed"

	"go.uber.org/fx"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/settings/internal/app"
	"lamplight/modules/settings/internal/httpapi"
	"lamplight/modules/settings/internal/store"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform"
	"lamplight/platform/bus"
	"lamplight/platform/health"
	"lamplight/platform/httpx"
	"lamplight/platform/inputs"
)

//go:embed openapi.yaml
var openapi []byte

// Module provides the settings store, use cases (also as settingsapi.Reader)
// and the /api/settings routes.
var Module = fx.Module("settings",
	// Store.
	fx.Provide(
		store.New,
		fx.Annotate(store.Migrations, fx.ResultTags(platform.GroupMigrations)),
	),
	// Use cases, and the contract other modules read settings through.
	fx.Provide(
		fx.Annotate(app.New, fx.ParamTags(``, `optional:"true"`, `optional:"true"`)),
		func(s *app.Service) settingsapi.Reader { return s },
		func(s *app.Service) settingsapi.Restorer { return s },
		fx.Annotate(deleteOnUserDeleted, fx.ResultTags(platform.GroupHandlers)),
	),
	// HTTP.
	fx.Provide(
		platform.AsRoutes(httpapi.New),
		fx.Annotate(func() httpx.OpenAPIFragment { return openapi }, fx.ResultTags(platform.GroupOpenAPI)),
		fx.Annotate(func() health.Module { return health.Module{Name: "settings"} }, fx.ResultTags(platform.GroupHealth)),
	),
	// The settings as the read models' input.
	inputs.Provide(settingsapi.Input),
)

func deleteOnUserDeleted(s *app.Service) bus.Handler {
	return bus.On("settings.delete-user-data", func(ctx context.Context, ev identityapi.UserDeleted) error {
		return s.DeleteUserData(ctx, ev.UserID)
	})
}
