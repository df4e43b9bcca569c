// Package progress is the reading progress projection: verses and chapters
// read since the look-back date over the Bible, each testament, each book
// and each chapter, with the read and unread runs progress bars are drawn
// from.
package progress

import (
	_ "embed"

	"lamplight/modules/projections/rebuildapi"
)

//go:embed openapi.yaml
var openapi []byte

// Module provides the projection and its routes.
var Module = rebuildapi.Projection("progress", New, NewHandler, openapi)
