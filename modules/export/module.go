// Package export hands a reader their whole history as files: the JSON
// archive (the backup and restore format), the reading log as CSV, and the
// notes as Markdown and as CSV. It owns no tables; it reads the other
// modules only through their contracts (readingapi.Reader,
// notesapi.Reader, tagsapi.Lister, settingsapi.Reader).
package export

import (
	_ "embed"

	"go.uber.org/fx"

	"lamplight/modules/export/internal/app"
	"lamplight/modules/export/internal/httpapi"
	"lamplight/platform"
	"lamplight/platform/health"
	"lamplight/platform/httpx"
)

//go:embed openapi.yaml
var openapi []byte

// Module provides the export use cases and the /api/export routes.
var Module = fx.Module("export",
	fx.Provide(
		app.New,
		platform.AsRoutes(httpapi.New),
		fx.Annotate(func() httpx.OpenAPIFragment { return openapi }, fx.ResultTags(platform.GroupOpenAPI)),
		fx.Annotate(func() health.Module { return health.Module{Name: "export"} }, fx.ResultTags(platform.GroupHealth)),
	),
)
