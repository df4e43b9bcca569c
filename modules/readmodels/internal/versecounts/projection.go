package versecounts

import (
	"lamplight/modules/readmodels/internal/engine"
	"lamplight/modules/settings/settingsapi"
)

// Projection keeps every reader's date verse counts, for the whole log, as
// a packed Table cached under proj:versecounts:<user>.
type Projection struct {
	*engine.Runner[Table]
}

// New builds the projection.
func New(d engine.Deps) *Projection {
	return &Projection{engine.NewRunner(engine.Spec[Table]{
		Name:   "versecounts",
		Inputs: func(s settingsapi.Settings) string { return s.LookBackDate },
		Compute: func(in engine.Input) Table {
			return Pack(Compute(in.Log.Entries, in.Settings.LookBackDate))
		},
		Extend: extend,
	}, d)}
}

// extend recomputes only the counts of the log's last date and after: an
// earlier date's counts depend on no later entry, so while the log before
// its last date is the same as prev's, prev's rows for it stay, and the
// verses seen before it are the runner's shared read set.
func extend(prev Table, prevVersion int64, in engine.Input) (Table, bool) {
	last, before := in.ReadBefore()
	if last == "" || !in.Log.SameBefore(prevVersion, last) {
		return Table{}, false
	}
	head, prevRow, err := prev.before(last)
	if err != nil {
		return Table{}, false
	}
	seen := *before
	days := computeFrom(in.EntriesFrom(last), in.Settings.LookBackDate, &seen)
	// head is capped: the appended rows never write into prev, which
	// readers may still hold.
	return appendDays(head, prevRow, days), true
}
