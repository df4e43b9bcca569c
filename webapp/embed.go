// Package webapp exposes the built single-page app to the Go binary. dist/
// holds a committed .gitkeep so the binary builds before the web app does; the
// server then shows a short "not built" page.
package webapp

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// routePaths is the app's list of route patterns, shared with the router.
//
//go:embed src/app/routePaths.json
var routePaths []byte

// Files returns the built app's files rooted at dist/.
func Files() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err)
	}
	return sub
}

// RoutePaths returns src/app/routePaths.json: every route pattern of the app
// and whether it is public, so the server knows which paths exist.
func RoutePaths() []byte { return routePaths }
