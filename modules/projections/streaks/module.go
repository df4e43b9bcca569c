// Package streaks is the reading streak projection: the current and the
// longest run of reading days since the look-back date, allowing the
// reader's rest days per week.
package streaks

import (
	_ "embed"

	"lamplight/modules/projections/rebuildapi"
)

//go:embed openapi.yaml
var openapi []byte

// Module provides the projection and its routes.
var Module = rebuildapi.Projection("streaks", New, NewHandler, openapi)
