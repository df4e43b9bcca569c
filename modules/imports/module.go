// Package imports brings a reader's history in: the JSON archive the
// export writes (a backup to restore, or to merge), the reading log as CSV
// in any of the six languages or with verse ids, and readings pasted as
// text. It owns no tables: it reads and writes the other modules only
// through their contracts, its writes in units of work of a chunk each. (Named imports
// because import is a Go keyword; kept apart from export, which only reads.)
package imports

import (
	_ "embed"

	"go.uber.org/fx"

	"lamplight/modules/imports/internal/app"
	"lamplight/modules/imports/internal/httpapi"
	"lamplight/platform"
	"lamplight/platform/health"
	"lamplight/platform/httpx"
)

//go:embed openapi.yaml
var openapi []byte

// Module provides the import use case and the /api/import route.
var Module = fx.Module("imports",
	fx.Provide(
		app.New,
		platform.AsRoutes(httpapi.New),
		fx.Annotate(func() httpx.OpenAPIFragment { return openapi }, fx.ResultTags(platform.GroupOpenAPI)),
		fx.Annotate(func() health.Module { return health.Module{Name: "imports"} }, fx.ResultTags(platform.GroupHealth)),
	),
)
