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

// Files returns the built app's files rooted at dist/.
func Files() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err)
	}
	return sub
}
