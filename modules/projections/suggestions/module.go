// Package suggestions is the reading suggestions projection: up to three
// passages to read next, continuing recent reading first, then taking turns
// through the New Testament, the Old Testament and the Wisdom books.
package suggestions

import (
	_ "embed"

	"lamplight/modules/projections/rebuildapi"
)

//go:embed openapi.yaml
var openapi []byte

// Module provides the projection and its routes.
var Module = rebuildapi.Projection("suggestions", New, NewHandler, openapi)
