// Package plans is reading plans: a library of plans built from rules, a
// generator, plan files, and plans a reader follows whose days complete
// themselves from the reading log (read through readingapi), with a
// schedule and catch-up that forgives. Progress is computed when a plan is
// read.
package plans

import (
	"context"
	"embed"
	"io/fs"

	"go.uber.org/fx"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/plans/internal/app"
	"lamplight/modules/plans/internal/httpapi"
	"lamplight/modules/plans/internal/store"
	"lamplight/platform"
	"lamplight/platform/archive"
	"lamplight/platform/bus"
	"lamplight/platform/health"
	"lamplight/platform/httpx"
	"lamplight/platform/privacy"
)

//go:embed openapi.yaml
var openapi []byte

// policy holds the privacy policy's entry for the plans, per language.
//
//go:embed policy
var policy embed.FS

// Module provides the plans store, the use cases, the
// /api/reading-plans routes and the plans' entry in the privacy policy.
var Module = fx.Module("plans",
	fx.Provide(
		store.New,
		fx.Annotate(store.Migrations, fx.ResultTags(platform.GroupMigrations)),
	),
	fx.Provide(
		app.New,
		fx.Annotate(deleteOnUserDeleted, fx.ResultTags(platform.GroupHandlers)),
		fx.Annotate(archiveSection, fx.ResultTags(archive.Group)),
	),
	fx.Provide(
		platform.AsRoutes(httpapi.New),
		fx.Annotate(func() httpx.OpenAPIFragment { return openapi }, fx.ResultTags(platform.GroupOpenAPI)),
		fx.Annotate(func() health.Module { return health.Module{Name: "plans"} }, fx.ResultTags(platform.GroupHealth)),
		fx.Annotate(policyEntry, fx.ResultTags(privacy.Group)),
	),
)

// policyEntry tells the privacy policy what the plans keep; they go with
// the account (deleteOnUserDeleted).
func policyEntry() (privacy.Entry, error) {
	texts, err := fs.Sub(policy, "policy")
	return privacy.Entry{Name: "plans", Tables: []string{"reading_plans"}, DeletedWithAccount: true, Texts: texts}, err
}

// archiveSection carries the reader's plans, with how they follow each, in
// the export archive, and restores them from it.
func archiveSection(s *app.Service) archive.Section {
	return archive.Section{Name: app.ArchiveSection, Export: s.ExportArchive, Check: s.CheckArchive, Restore: s.RestoreArchive}
}

// deleteOnUserDeleted removes a deleted reader's plans.
func deleteOnUserDeleted(s *app.Service) bus.Handler {
	return bus.On("plans.delete-user-data", func(ctx context.Context, ev identityapi.UserDeleted) error {
		return s.DeleteUserData(ctx, ev.UserID)
	})
}
