package progress

import (
	"lamplight/modules/bible"
	"lamplight/modules/projections/rebuildapi"
	"lamplight/modules/settings/settingsapi"
)

// Projection keeps every reader's verses read since the look-back date, as
// consolidated ranges under proj:progress:<user>; the Bible, testament, book
// and chapter views are derived from them per request in microseconds.
type Projection struct {
	*rebuildapi.Runner[[]bible.Range]
}

// New builds the projection.
func New(d rebuildapi.Deps) *Projection {
	return &Projection{rebuildapi.NewRunner(rebuildapi.Spec[[]bible.Range]{
		Name:         "progress",
		FromLookBack: true,
		Inputs:       func(s settingsapi.Settings) string { return s.LookBackDate },
		Compute: func(in rebuildapi.Input) []bible.Range {
			return in.Read().Ranges()
		},
	}, d)}
}
