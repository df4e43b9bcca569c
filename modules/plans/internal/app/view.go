package app

import (
	"context"
	"time"

	"lamplight/modules/bible"
	"lamplight/modules/plans/internal/domain"
	"lamplight/modules/plans/internal/store"
	"lamplight/modules/reading/readingapi"
)

// Passage is a verse range of a plan.
type Passage = bible.Range

// DayView is one day of a reader's plan.
type DayView struct {
	Day  int    `json:"day"`
	Date string `json:"date"`
	Done bool   `json:"done"`
	// State is "done", "partly" (some passages done) or "open".
	State        string    `json:"state"`
	Passages     []Passage `json:"passages"`
	PassagesDone []bool    `json:"passagesDone"`
}

// TrackView is one cyclic list of a reader's plan.
type TrackView struct {
	Name     string    `json:"name"`
	Passages []Passage `json:"passages"`
	// Next is the first passage (0-based) not read in the current round.
	Next         int    `json:"next"`
	Cycles       int    `json:"cycles"`
	PassagesDone []bool `json:"passagesDone"`
}

// Action is a catch-up action taken, newest last; the last can be undone.
type Action struct {
	Mode string `json:"mode"`
	On   string `json:"on"`
}

// PlanView is a reader's plan with its progress as of Today.
type PlanView struct {
	ID          string      `json:"id"`
	Name        string      `json:"name"`
	Description string      `json:"description"`
	Source      string      `json:"source"`
	StartDate   string      `json:"startDate"`
	Weekdays    []int       `json:"weekdays"`
	Paused      bool        `json:"paused"`
	Actions     []Action    `json:"actions"`
	Today       string      `json:"today"`
	TotalDays   int         `json:"totalDays"`
	Days        []DayView   `json:"days"`
	Tracks      []TrackView `json:"tracks,omitempty"`
	// NextDay is the first day not done (1-based); null when finished or
	// cyclic.
	NextDay *int `json:"nextDay"`
	// ScheduledDay is the day the schedule assigns to today (the latest
	// one on or before it); null for a cyclic plan.
	ScheduledDay    *int      `json:"scheduledDay"`
	DaysDone        int       `json:"daysDone"`
	Behind          int       `json:"behind"`
	EndDate         *string   `json:"endDate"`
	ProjectedFinish *string   `json:"projectedFinish"`
	MinutesPerDay   int       `json:"minutesPerDay"`
	CreatedAt       time.Time `json:"createdAt"`
	UpdatedAt       time.Time `json:"updatedAt"`
}

var states = [...]string{domain.Open: "open", domain.Partly: "partly", domain.Done: "done"}

// view computes the plan's progress from the log entries and its schedule
// as of today.
func view(p store.Stored, entries []domain.Entry, today domain.Date) (PlanView, error) {
	return viewOf(p, domain.Complete(&p.Plan, p.Following.Start, entries), today)
}

// viewOf is the plan with its progress pr and its schedule as of today.
func viewOf(p store.Stored, pr domain.Progress, today domain.Date) (PlanView, error) {
	f := p.Following
	paused, _ := f.Paused()
	v := PlanView{
		ID: p.ID, Name: p.Name, Description: p.Plan.Description, Source: p.Source, StartDate: f.Start,
		Weekdays: f.Weekdays.List(), Paused: paused, Actions: []Action{}, Today: today.String(),
		TotalDays: len(p.Plan.Days), Days: []DayView{}, MinutesPerDay: domain.PreviewOf(&p.Plan).MinutesPerDay,
		CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt,
	}
	for _, a := range f.Adjustments {
		v.Actions = append(v.Actions, Action{Mode: a.Mode, On: a.On})
	}
	if p.Plan.Cyclic() {
		for i, t := range p.Plan.Tracks {
			tp := pr.Tracks[i]
			v.Tracks = append(v.Tracks, TrackView{Name: t.Name, Passages: t.Units, Next: tp.Cursor, Cycles: tp.Cycles, PassagesDone: tp.Done})
		}
		return v, nil
	}
	s, err := f.Schedule(&p.Plan, today)
	if err != nil {
		return PlanView{}, err
	}
	u := 0
	for i, d := range p.Plan.Days {
		n := len(d.Units)
		v.Days = append(v.Days, DayView{
			Day: i + 1, Date: s.Days[i].String(), Done: pr.Days[i] == domain.Done, State: states[pr.Days[i]],
			Passages: d.Units, PassagesDone: pr.Units[u : u+n],
		})
		u += n
	}
	st := f.Status(s, pr, today)
	v.DaysDone, v.Behind = pr.DaysDone, st.Behind
	if pr.NextDay > 0 {
		v.NextDay = &pr.NextDay
	}
	v.ScheduledDay = &st.ScheduledDay
	end := s.End().String()
	v.EndDate = &end
	if st.ProjectedFinish != 0 {
		pf := st.ProjectedFinish.String()
		v.ProjectedFinish = &pf
	}
	return v, nil
}

// entries reads the reader's log from the earliest start of plans.
func (s *Service) entries(ctx context.Context, userID string, plans []store.Stored) ([]domain.Entry, error) {
	if len(plans) == 0 {
		return nil, nil
	}
	from := plans[0].Following.Start
	for _, p := range plans[1:] {
		from = min(from, p.Following.Start)
	}
	l, err := s.log.Log(ctx, userID, from)
	if err != nil {
		return nil, err
	}
	return domainEntries(l.Entries), nil
}

// viewNow is a plan a write answers with, its progress computed from the
// log as it is.
func (s *Service) viewNow(ctx context.Context, userID string, p store.Stored, day domain.Date) (PlanView, error) {
	es, err := s.entries(ctx, userID, []store.Stored{p})
	if err != nil {
		return PlanView{}, err
	}
	return view(p, es, day)
}

// domainEntries are log entries as the plans count them.
func domainEntries(es []readingapi.Entry) []domain.Entry {
	out := make([]domain.Entry, len(es))
	for i, e := range es {
		out[i] = domain.Entry{Date: e.Date, Range: e.Range()}
	}
	return out
}
