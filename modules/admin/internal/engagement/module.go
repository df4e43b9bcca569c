// Package engagement is admin's read model: how many readers read,
// signed up, wrote notes and followed their reminders, day by day, and how
// signup-week cohorts kept reading. It keeps per-reader facts recomputed
// from events, and per-day figures that each write moves by the change of
// the facts, and serves aggregates only (adminapi) to the admin module,
// which serves them at /api/admin/engagement.
package engagement

import (
	"go.uber.org/fx"

	"lamplight/modules/admin/adminapi"
	"lamplight/modules/readmodels/readmodelsapi"
	"lamplight/platform"
	"lamplight/platform/bus"
)

// Module provides the projection, its tables, its event handlers and its
// Rebuilder for `lamplight projections rebuild`.
var Module = fx.Module("admin.engagement",
	fx.Provide(
		New,
		func(p *Projection) adminapi.EngagementReader { return p },
		fx.Annotate(func(p *Projection) readmodelsapi.Rebuilder { return p }, fx.ResultTags(readmodelsapi.RebuilderGroup)),
		fx.Annotate(func(p *Projection) []bus.Handler { return p.Handlers() }, fx.ResultTags(`group:"bus_handlers,flatten"`)),
		fx.Annotate(Migrations, fx.ResultTags(platform.GroupMigrations)),
	),
)
