package insights

import (
	"strconv"

	"lamplight/modules/readmodels/internal/engine"
	"lamplight/modules/settings/settingsapi"
)

// Projection keeps every reader's insights for their local date under
// proj:insights:<user>, computed from the whole log: a chapter's read count
// covers the reader's history before the look-back date too.
type Projection struct {
	*engine.Runner[Insights]
}

// New builds the projection.
func New(d engine.Deps) *Projection {
	return &Projection{engine.NewRunner(engine.Spec[Insights]{
		Name:      "insights",
		UsesToday: true,
		Inputs: func(s settingsapi.Settings) string {
			return s.LookBackDate + "|" + strconv.Itoa(s.DailyVerseCountGoal)
		},
		Compute: func(in engine.Input) Insights {
			return Compute(in.Log.Entries, in.Settings.LookBackDate, in.Today, in.Settings.DailyVerseCountGoal)
		},
	}, d)}
}
