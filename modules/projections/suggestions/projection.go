package suggestions

import (
	"lamplight/modules/projections/rebuildapi"
	"lamplight/modules/settings/settingsapi"
)

// Projection keeps every reader's suggestions for their local date under
// proj:suggestions:<user>.
type Projection struct {
	*rebuildapi.Runner[[]Suggestion]
}

// New builds the projection.
func New(d rebuildapi.Deps) *Projection {
	return &Projection{rebuildapi.NewRunner(rebuildapi.Spec[[]Suggestion]{
		Name:         "suggestions",
		FromLookBack: true,
		UsesToday:    true,
		Inputs:       func(s settingsapi.Settings) string { return s.LookBackDate },
		Compute: func(in rebuildapi.Input) []Suggestion {
			return FromRead(in.Log.Entries, in.Read(), in.Settings.LookBackDate, in.Today)
		},
	}, d)}
}
