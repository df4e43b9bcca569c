package app

import (
	"context"

	"lamplight/modules/plans/plansapi"
	"lamplight/modules/readmodels/readmodelsapi"
)

// Schedules is plansapi.Reader, for reminders and the calendar feed: the
// reader's plans with their days dated and their progress as of today,
// answered from the plan progress read model.
type Schedules struct {
	progress readmodelsapi.Reader[Progress]
}

// NewSchedules returns the plans' reader for other modules.
func NewSchedules(progress readmodelsapi.Reader[Progress]) plansapi.Reader {
	return Schedules{progress: progress}
}

// Schedules returns the reader's plans as of today.
func (s Schedules) Schedules(ctx context.Context, userID, today string) ([]plansapi.Schedule, error) {
	p, _, err := s.progress.Get(ctx, userID, today)
	if err != nil {
		return nil, err
	}
	out := make([]plansapi.Schedule, len(p.Plans))
	for i, v := range p.Plans {
		out[i] = plansapi.Schedule{ID: v.ID, Name: v.Name, Paused: v.Paused, Days: make([]plansapi.Day, len(v.Days)), UpdatedAt: v.UpdatedAt}
		for j, d := range v.Days {
			out[i].Days[j] = plansapi.Day{Day: d.Day, Date: d.Date, Done: d.Done, Passages: d.Passages}
		}
	}
	return out, nil
}
