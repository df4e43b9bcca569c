// Package bibleweb serves the Bible kernel over HTTP: the book data for
// clients and reference parsing. The kernel itself stays free of HTTP and fx.
package bibleweb

import (
	_ "embed"

	"go.uber.org/fx"

	"lamplight/platform"
	"lamplight/platform/health"
	"lamplight/platform/httpx"
)

//go:embed openapi.yaml
var openapi []byte

// Module provides the /api/bible routes.
var Module = fx.Module("bible",
	fx.Provide(
		platform.AsRoutes(NewHandler),
		fx.Annotate(func() httpx.OpenAPIFragment { return openapi }, fx.ResultTags(platform.GroupOpenAPI)),
		fx.Annotate(func() health.Module { return health.Module{Name: "bible"} }, fx.ResultTags(platform.GroupHealth)),
	),
)
