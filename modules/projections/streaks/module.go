// Package streaks is the reading streak projection: the current and the
// longest run of reading days since the look-back date, allowing the
// reader's rest days per week.
package streaks

import (
	_ "embed"

	"go.uber.org/fx"

	"lamplight/modules/projections/rebuildapi"
	"lamplight/platform"
	"lamplight/platform/bus"
	"lamplight/platform/health"
	"lamplight/platform/httpx"
)

//go:embed openapi.yaml
var openapi []byte

// Module provides the projection, its event handlers and its route.
var Module = fx.Module("projections.streaks",
	// The projection, also as a Rebuilder for `lamplight projections rebuild`.
	fx.Provide(New),
	rebuildapi.Provide[*Projection](),
	// Event handlers that keep each reader's value current.
	fx.Provide(fx.Annotate(func(p *Projection) []bus.Handler { return p.Handlers() }, fx.ResultTags(`group:"bus_handlers,flatten"`))),
	// HTTP.
	fx.Provide(
		platform.AsRoutes(NewHandler),
		fx.Annotate(func() httpx.OpenAPIFragment { return openapi }, fx.ResultTags(platform.GroupOpenAPI)),
		fx.Annotate(func() health.Module { return health.Module{Name: "projections.streaks"} }, fx.ResultTags(platform.GroupHealth)),
	),
)
