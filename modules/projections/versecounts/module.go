// Package versecounts is the date verse counts projection: per date, the
// verses read that day and those read for the first time since the
// look-back date. It feeds the calendar and the progress outlooks.
package versecounts

import (
	_ "embed"

	"lamplight/modules/projections/rebuildapi"
)

//go:embed openapi.yaml
var openapi []byte

// Module provides the projection and its routes.
var Module = rebuildapi.Projection("versecounts", New, NewHandler, openapi)
