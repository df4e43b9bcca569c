// Package insights is the insights projection: a year of reading days as a
// heatmap, each book's recency and how much of it was read in a window, the
// trend of verses per day, and how often each chapter was read over the
// whole history.
package insights

import (
	_ "embed"

	"lamplight/modules/projections/rebuildapi"
)

//go:embed openapi.yaml
var openapi []byte

// Module provides the projection and its routes.
var Module = rebuildapi.Projection("insights", New, NewHandler, openapi)
