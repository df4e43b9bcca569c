// Package feedback is what readers and visitors tell the people running
// Lamplight: bug reports, feature wishes and comments, sent by anyone
// (rate-limited per address), and the admin API to list them by status,
// resolve, archive, reopen, delete and reply to them by email.
package feedback

import (
	"context"
	_ "embed"

	"go.uber.org/fx"

	"lamplight/modules/feedback/feedbackapi"
	"lamplight/modules/feedback/internal/app"
	"lamplight/modules/feedback/internal/httpapi"
	"lamplight/modules/feedback/internal/store"
	"lamplight/modules/identity/identityapi"
	"lamplight/platform"
	"lamplight/platform/bus"
	"lamplight/platform/census"
	"lamplight/platform/health"
	"lamplight/platform/httpx"
)

//go:embed openapi.yaml
var openapi []byte

// Config is feedback's configuration: LAMPLIGHT_RATE_LIMIT_SCALE.
type Config = app.Config

// Module provides the feedback store, the use cases and the /api/feedback
// and /api/admin/feedback routes. When identity runs, every admin is
// emailed a notice of new feedback (identityapi.AdminContacts).
var Module = fx.Module("feedback",
	// Configuration (tests decorate it).
	fx.Provide(app.LoadConfig),
	// Store.
	fx.Provide(
		store.New,
		fx.Annotate(store.Migrations, fx.ResultTags(platform.GroupMigrations)),
		fx.Annotate(func(s *store.Store) census.Counter {
			return census.NewCounter(feedbackapi.CensusKind, s.CountPerUser)
		}, fx.ResultTags(census.Group)),
	),
	// Use cases.
	fx.Provide(
		fx.Annotate(app.New, fx.ParamTags(``, ``, `optional:"true"`)),
		fx.Annotate(deleteOnUserDeleted, fx.ResultTags(platform.GroupHandlers)),
	),
	// HTTP.
	fx.Provide(
		platform.AsRoutes(httpapi.New),
		fx.Annotate(func() httpx.OpenAPIFragment { return openapi }, fx.ResultTags(platform.GroupOpenAPI)),
		fx.Annotate(func() health.Module { return health.Module{Name: "feedback"} }, fx.ResultTags(platform.GroupHealth)),
	),
)

// deleteOnUserDeleted removes the feedback a deleted reader sent while
// signed in (docs/DECISIONS.md, "Feedback of a deleted account").
func deleteOnUserDeleted(s *app.Service) bus.Handler {
	return bus.On("feedback.delete-user-data", func(ctx context.Context, ev identityapi.UserDeleted) error {
		return s.DeleteUserData(ctx, ev.UserID)
	})
}
