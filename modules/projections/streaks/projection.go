package streaks

import (
	"strconv"

	"lamplight/modules/projections/rebuildapi"
	"lamplight/modules/settings/settingsapi"
)

// Projection keeps every reader's streaks for their local date under
// proj:streaks:<user>.
type Projection struct {
	*rebuildapi.Runner[Streak]
}

// New builds the projection.
func New(d rebuildapi.Deps) *Projection {
	return &Projection{rebuildapi.NewRunner(rebuildapi.Spec[Streak]{
		Name:         "streaks",
		FromLookBack: true,
		UsesToday:    true,
		Inputs: func(s settingsapi.Settings) string {
			return s.LookBackDate + "|" + strconv.Itoa(s.RestDaysPerWeek)
		},
		Compute: func(in rebuildapi.Input) Streak {
			return Compute(in.Log.Entries, in.Settings.LookBackDate, in.Today, in.Settings.RestDaysPerWeek)
		},
		Extend: func(prev Streak, prevVersion int64, in rebuildapi.Input) (Streak, bool) {
			return extend(prev, prevVersion, in.EntriesFrom(prevBefore(prev)), in.Log, in.Settings.LookBackDate, in.Today)
		},
	}, d)}
}
