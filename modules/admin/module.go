// Package admin is what the people running Lamplight see: the users list
// and a user's detail with the actions on an account, the audit log of
// every admin action, the accounts report and the engagement report. It
// composes identity's admin use cases (identityapi.Accounts), the counts
// the modules owning a reader's rows publish (platform/census) and the
// engagement read model (internal/engagement): it reads no other module's tables
// and never answers what a reader read or wrote.
package admin

import (
	"context"
	_ "embed"

	"go.uber.org/fx"

	"lamplight/modules/admin/internal/app"
	"lamplight/modules/admin/internal/engagement"
	"lamplight/modules/admin/internal/httpapi"
	"lamplight/modules/admin/internal/store"
	"lamplight/modules/identity/identityapi"
	"lamplight/platform"
	"lamplight/platform/audit"
	"lamplight/platform/bus"
	"lamplight/platform/health"
	"lamplight/platform/httpx"
)

//go:embed openapi.yaml
var openapi []byte

// Module provides the audit log store (and audit.Log, through which
// other modules record their admin actions), the use cases and the
// /api/admin routes.
var Module = fx.Module("admin",
	engagement.Module,
	fx.Provide(
		store.New,
		fx.Annotate(store.Migrations, fx.ResultTags(platform.GroupMigrations)),
		app.New,
		func(s *app.Service) audit.Log { return s },
		fx.Annotate(forgetOnUserDeleted, fx.ResultTags(platform.GroupHandlers)),
		platform.AsRoutes(httpapi.New),
		fx.Annotate(func() httpx.OpenAPIFragment { return openapi }, fx.ResultTags(platform.GroupOpenAPI)),
		fx.Annotate(func() health.Module { return health.Module{Name: "admin"} }, fx.ResultTags(platform.GroupHealth)),
	),
)

// forgetOnUserDeleted blanks a deleted account's address in the audit log.
func forgetOnUserDeleted(s *app.Service) bus.Handler {
	return bus.On("admin.forget-deleted-account", func(ctx context.Context, ev identityapi.UserDeleted) error {
		return s.ForgetAddress(ctx, ev.UserID)
	})
}
