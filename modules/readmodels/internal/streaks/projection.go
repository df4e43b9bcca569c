package streaks

import (
	"strconv"

	"lamplight/modules/readmodels/internal/engine"
	"lamplight/modules/settings/settingsapi"
)

// Projection keeps every reader's streaks for their local date under
// proj:streaks:<user>.
type Projection struct {
	*engine.Runner[Streak]
}

// New builds the projection.
func New(d engine.Deps) *Projection {
	return &Projection{engine.NewRunner(engine.Spec[Streak]{
		Name:         "streaks",
		FromLookBack: true,
		UsesToday:    true,
		Inputs: func(s settingsapi.Settings) string {
			return s.LookBackDate + "|" + strconv.Itoa(s.RestDaysPerWeek)
		},
		Compute: func(in engine.Input) Streak {
			return Compute(in.Log.Entries, in.Settings.LookBackDate, in.Today, in.Settings.RestDaysPerWeek)
		},
		Extend: func(prev Streak, prevVersion int64, in engine.Input) (Streak, bool) {
			return extend(prev, prevVersion, in.EntriesFrom(prevBefore(prev)), in.Log, in.Settings.LookBackDate, in.Today)
		},
	}, d)}
}
