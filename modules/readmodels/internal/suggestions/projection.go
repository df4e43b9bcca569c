package suggestions

import (
	"lamplight/modules/readmodels/internal/engine"
	"lamplight/modules/settings/settingsapi"
)

// Projection keeps every reader's suggestions for their local date under
// proj:suggestions:<user>.
type Projection struct {
	*engine.Runner[[]Suggestion]
}

// New builds the projection.
func New(d engine.Deps) *Projection {
	return &Projection{engine.NewRunner(engine.Spec[[]Suggestion]{
		Name:         "suggestions",
		FromLookBack: true,
		UsesToday:    true,
		Inputs:       func(s settingsapi.Settings) string { return s.LookBackDate },
		Compute: func(in engine.Input) []Suggestion {
			return FromRead(in.Log.Entries, in.Read(), in.Settings.LookBackDate, in.Today)
		},
	}, d)}
}
