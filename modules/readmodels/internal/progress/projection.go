package progress

import (
	"lamplight/modules/bible"
	"lamplight/modules/readmodels/internal/engine"
	"lamplight/modules/settings/settingsapi"
)

// Projection keeps every reader's verses read since the look-back date, as
// consolidated ranges under proj:progress:<user>; the Bible, testament, book
// and chapter views are derived from them per request in microseconds.
type Projection struct {
	*engine.Runner[[]bible.Range]
}

// New builds the projection.
func New(d engine.Deps) *Projection {
	return &Projection{engine.NewRunner(engine.Spec[[]bible.Range]{
		Name:         "progress",
		FromLookBack: true,
		Inputs:       func(s settingsapi.Settings) string { return s.LookBackDate },
		Compute: func(in engine.Input) []bible.Range {
			return in.Read().Ranges()
		},
	}, d)}
}
