// Package content is the site's own texts: the about pages (overview, help,
// FAQ) and the policies, written in Markdown per language under pages/ and
// embedded in the binary. It serves them to the web app at /_content and
// tells the platform the titles and descriptions of every public page, so
// the HTML crawlers receive names them and an unknown page is a 404.
package content

import (
	"embed"
	"io/fs"

	"go.uber.org/fx"

	"lamplight/modules/content/internal/app"
	"lamplight/modules/content/internal/httpapi"
	"lamplight/platform"
	"lamplight/platform/health"
	"lamplight/platform/httpx"
	"lamplight/platform/privacy"
)

// pages holds pages/{locale}/{section}/{slug}.md.
//
//go:embed pages
var pages embed.FS

//go:embed openapi.yaml
var openapi []byte

// Files is the pages folder as read at start: {locale}/{section}/{slug}.md.
func Files() fs.FS {
	sub, err := fs.Sub(pages, "pages")
	if err != nil {
		panic(err)
	}
	return sub
}

// Module loads and checks every page at start (a bad file fails start-up),
// with the entries modules give the privacy policy (privacy.Group) merged
// in, then serves /_content and describes the public pages to the platform.
var Module = fx.Module("content",
	// Use cases.
	fx.Provide(fx.Annotate(func(entries []privacy.Entry) (*app.Service, error) { return app.New(Files(), entries) }, fx.ParamTags(privacy.Group))),
	// HTTP.
	fx.Provide(
		platform.AsSiteRoutes(httpapi.New),
		platform.AsSitePages(httpapi.NewPages),
		fx.Annotate(func() httpx.OpenAPIFragment { return openapi }, fx.ResultTags(platform.GroupOpenAPI)),
		fx.Annotate(func() health.Module { return health.Module{Name: "content"} }, fx.ResultTags(platform.GroupHealth)),
	),
)
