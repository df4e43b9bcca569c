package versecounts

import (
	"lamplight/modules/projections/rebuildapi"
	"lamplight/modules/settings/settingsapi"
)

// Projection keeps every reader's date verse counts, for the whole log, as
// a packed Table cached under proj:versecounts:<user>.
type Projection struct {
	*rebuildapi.Runner[Table]
}

// New builds the projection.
func New(d rebuildapi.Deps) *Projection {
	return &Projection{rebuildapi.NewRunner(rebuildapi.Spec[Table]{
		Name:   "versecounts",
		Inputs: func(s settingsapi.Settings) string { return s.LookBackDate },
		Compute: func(in rebuildapi.Input) Table {
			return Pack(Compute(in.Log.Entries, in.Settings.LookBackDate))
		},
	}, d)}
}
