// Package plans is reading plans: a library of plans built from rules, a
// generator, plan files, and plans a reader follows whose days complete
// themselves from the reading log (read through readingapi), with a
// schedule and catch-up that forgives. A reader's plans are an input of the
// read models, and their progress is a read model defined here
// (app.ProgressModel) that the read-model engine keeps current and caches.
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
	"lamplight/modules/plans/plansapi"
	"lamplight/modules/readmodels/readmodelsapi"
	"lamplight/platform"
	"lamplight/platform/archive"
	"lamplight/platform/bus"
	"lamplight/platform/health"
	"lamplight/platform/httpx"
	"lamplight/platform/inputs"
	"lamplight/platform/privacy"
)

//go:embed openapi.yaml
var openapi []byte

// policy holds the privacy policy's entry for the plans, per language.
//
//go:embed policy
var policy embed.FS

// Module provides the plans store, the use cases (also as plansapi.Reader),
// the /api/reading-plans routes and the plans' entry in the privacy policy.
var Module = fx.Module("plans",
	fx.Provide(
		store.New,
		fx.Annotate(store.Migrations, fx.ResultTags(platform.GroupMigrations)),
	),
	// The reader's plans as an input of the read models, and their progress
	// as a read model.
	inputs.Provide(planInput),
	readmodelsapi.ReadModel(app.ProgressModel()),
	fx.Provide(
		app.New,
		app.NewSchedules,
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
	return privacy.Entry{Name: "plans", Tables: []string{"reading_plans", "plan_versions"}, DeletedWithAccount: true, Texts: texts}, err
}

// archiveSection carries the reader's plans, with how they follow each, in
// the export archive, and restores them from it.
func archiveSection(s *app.Service) archive.Section {
	return archive.Section{Name: app.ArchiveSection, Export: s.ExportArchive, Check: s.CheckArchive, Restore: s.RestoreArchive}
}

// planInput is the reader's plans as an input of the read models: read
// with their version in one statement, stamped by every write
// (store.Tx.Changed), changed by PlanChanged.
func planInput(s *store.Store) inputs.Input {
	return inputs.Input{
		Name:  plansapi.InputName,
		Stamp: plansapi.VersionStamp,
		Read: func(ctx context.Context, userID string) (any, int64, error) {
			v, err := s.Read(ctx, userID)
			return v, v.Version, err
		},
		OnChange: func(changed func(context.Context, string) error) bus.Handler {
			return bus.On("projections.refresh.plan", func(ctx context.Context, ev plansapi.PlanChanged) error {
				return changed(ctx, ev.UserID)
			})
		},
	}
}

// deleteOnUserDeleted removes a deleted reader's plans.
func deleteOnUserDeleted(s *app.Service) bus.Handler {
	return bus.On("plans.delete-user-data", func(ctx context.Context, ev identityapi.UserDeleted) error {
		return s.DeleteUserData(ctx, ev.UserID)
	})
}
