package domain

import (
	"errors"
	"slices"
	"time"

	"lamplight/platform/dates"
)

// Date is a calendar date as days since 1970-01-01, so that schedules are
// integer arithmetic.
type Date int

// ParseDate reads YYYY-MM-DD.
func ParseDate(s string) (Date, error) {
	t, err := dates.Parse(s)
	if err != nil {
		return 0, err
	}
	return Date(t.Unix() / 86400), nil
}

// String is YYYY-MM-DD, written by hand: a plan's page writes a date per
// day, and time.Format was a tenth of its read model's work.
func (d Date) String() string {
	y, m, day := time.Unix(int64(d)*86400, 0).UTC().Date()
	b := []byte("0000-00-00")
	for i, n := 3, y; i >= 0; i, n = i-1, n/10 {
		b[i] = byte('0' + n%10)
	}
	b[5], b[6] = byte('0'+int(m)/10), byte('0'+int(m)%10)
	b[8], b[9] = byte('0'+day/10), byte('0'+day%10)
	return string(b)
}

// Weekday is the ISO weekday: 1 Monday to 7 Sunday (1970-01-01 was a
// Thursday).
func (d Date) Weekday() int { return (int(d)%7+7+3)%7 + 1 }

// Weekdays is the set of ISO weekdays a plan's days fall on, bit n-1 for
// weekday n; the zero value is every day.
type Weekdays uint8

// WeekdaysOf builds the set from ISO weekdays 1-7.
func WeekdaysOf(days ...int) (Weekdays, error) {
	var w Weekdays
	for _, d := range days {
		if d < 1 || d > 7 {
			return 0, ErrWeekday
		}
		w |= 1 << (d - 1)
	}
	return w, nil
}

// Has reports whether plan days fall on the ISO weekday.
func (w Weekdays) Has(iso int) bool { return w == 0 || w&(1<<(iso-1)) != 0 }

// List is the ISO weekdays of the set, in order.
func (w Weekdays) List() []int {
	var out []int
	for d := 1; d <= 7; d++ {
		if w.Has(d) {
			out = append(out, d)
		}
	}
	return out
}

// Catch-up modes, and the pause and resume that stop and restart the clock.
const (
	Shift     = "shift"
	Rebalance = "rebalance"
	Spread    = "spread"
	Pause     = "pause"
	Resume    = "resume"
	Extend    = "extend"
)

// Adjustment is one catch-up action, recorded with the date it was taken so
// that undoing it (dropping it) restores the schedule exactly. The plan's
// own days never change.
type Adjustment struct {
	Mode string `json:"mode"`
	On   string `json:"on"`
	// FromDay (shift): plan day FromDay falls on the first active date from
	// On and every later day follows it.
	FromDay int `json:"fromDay,omitempty"`
	// Slots (rebalance, spread, extend): the units (indexes in plan order)
	// placed on the k-th active date from On.
	Slots [][]int `json:"slots,omitempty"`
}

// Following is how a reader follows a plan: from a start date, on some
// weekdays, with the catch-up actions taken since.
type Following struct {
	Start       string       `json:"startDate"`
	Weekdays    Weekdays     `json:"weekdays"`
	Adjustments []Adjustment `json:"adjustments,omitempty"`
}

// Errors of catch-up.
var (
	ErrWeekday     = errors.New("weekdays are 1 (Monday) to 7 (Sunday)")
	ErrCyclic      = errors.New("a plan of cyclic lists has no schedule to catch up")
	ErrFinished    = errors.New("the plan is finished")
	ErrPaused      = errors.New("the plan is paused")
	ErrNotPaused   = errors.New("the plan is not paused")
	ErrNothingToDo = errors.New("no day is behind")
	ErrUnknownMode = errors.New("unknown catch-up mode")
)

// Paused reports whether the clock is stopped, and since when.
func (f Following) Paused() (bool, string) {
	on := ""
	for _, a := range f.Adjustments {
		switch a.Mode {
		case Pause:
			on = a.On
		case Resume:
			on = ""
		}
	}
	return on != "", on
}

// Undo drops the last action.
func (f Following) Undo() Following {
	if len(f.Adjustments) > 0 {
		f.Adjustments = slices.Clone(f.Adjustments[:len(f.Adjustments)-1])
	}
	return f
}

// With is f after one more action.
func (f Following) With(a Adjustment) Following {
	f.Adjustments = append(slices.Clone(f.Adjustments), a)
	return f
}

// calendar says which dates count: the chosen weekdays outside pauses.
type calendar struct {
	weekdays Weekdays
	paused   [][2]Date // [from, to) each
}

func (f Following) calendar(today Date) calendar {
	c := calendar{weekdays: f.Weekdays}
	var from Date
	open := false
	for _, a := range f.Adjustments {
		d, err := ParseDate(a.On)
		if err != nil {
			continue
		}
		switch {
		case a.Mode == Pause && !open:
			from, open = d, true
		case a.Mode == Resume && open:
			c.paused = append(c.paused, [2]Date{from, d})
			open = false
		}
	}
	if open {
		// Still paused: the clock stands still through today.
		c.paused = append(c.paused, [2]Date{from, max(today+1, from)})
	}
	return c
}

func (c calendar) active(d Date) bool {
	if !c.weekdays.Has(d.Weekday()) {
		return false
	}
	for _, p := range c.paused {
		if p[0] <= d && d < p[1] {
			return false
		}
	}
	return true
}

// dates returns the first n active dates on or after from.
func (c calendar) dates(from Date, n int) []Date {
	out := make([]Date, 0, n)
	for d := from; len(out) < n; d++ {
		if c.active(d) {
			out = append(out, d)
		}
	}
	return out
}

// count is the number of active dates in [from, to].
func (c calendar) count(from, to Date) int {
	n := 0
	for d := from; d <= to; d++ {
		if c.active(d) {
			n++
		}
	}
	return n
}

// Schedule gives every unit and day of a plan its date.
type Schedule struct {
	// Units holds each unit's date, in plan order.
	Units []Date
	// Days holds each day's date: the latest of its units' dates.
	Days []Date
}

// Schedule dates the plan's units as of today (today matters while
// paused: the clock stands still through today). Day n falls on the n-th
// active date from the start; each action then places some units on the
// active dates from the day it was taken.
func (f Following) Schedule(p *Plan, today Date) (Schedule, error) {
	if p.Cyclic() {
		return Schedule{}, ErrCyclic
	}
	start, err := ParseDate(f.Start)
	if err != nil {
		return Schedule{}, err
	}
	units, dayOf := p.Units()
	type place struct {
		anchor Date
		ord    int
	}
	at := make([]place, len(units))
	for u := range units {
		at[u] = place{start, dayOf[u]}
	}
	for _, a := range f.Adjustments {
		on, err := ParseDate(a.On)
		if err != nil {
			return Schedule{}, err
		}
		switch {
		case a.Mode == Shift:
			for u := range units {
				if dayOf[u] >= a.FromDay-1 {
					at[u] = place{on, dayOf[u] - (a.FromDay - 1)}
				}
			}
		case len(a.Slots) > 0:
			for k, us := range a.Slots {
				for _, u := range us {
					if u >= 0 && u < len(units) {
						at[u] = place{on, k}
					}
				}
			}
		}
	}
	cal := f.calendar(today)
	need := map[Date]int{}
	for _, pl := range at {
		need[pl.anchor] = max(need[pl.anchor], pl.ord+1)
	}
	table := map[Date][]Date{}
	for anchor, n := range need {
		table[anchor] = cal.dates(anchor, n)
	}
	s := Schedule{Units: make([]Date, len(units)), Days: make([]Date, len(p.Days))}
	for u, pl := range at {
		d := table[pl.anchor][pl.ord]
		s.Units[u] = d
		s.Days[dayOf[u]] = max(s.Days[dayOf[u]], d)
	}
	return s, nil
}

// End is the date of the plan's last scheduled day.
func (s Schedule) End() Date { return slices.Max(s.Days) }

// Status is where a reader stands against the schedule.
type Status struct {
	// ScheduledDay is the latest day (1-based) the schedule assigns to today
	// or before; 0 before the first.
	ScheduledDay int
	// Behind counts the days scheduled before today that are not done.
	Behind int
	// ProjectedFinish is when the plan ends at the schedule's pace with the
	// days behind read after its last day (from today when that is past);
	// 0 when finished.
	ProjectedFinish Date
}

// Status compares the schedule with the progress.
func (f Following) Status(s Schedule, pr Progress, today Date) Status {
	var st Status
	var end Date
	for d, date := range s.Days {
		if date <= today {
			st.ScheduledDay = max(st.ScheduledDay, d+1)
		}
		if pr.Days[d] != Done {
			if date < today {
				st.Behind++
			}
			end = max(end, date)
		}
	}
	if pr.Finished() {
		return st
	}
	st.ProjectedFinish = end
	if st.Behind > 0 {
		// The days behind are read after the last one, and not before today.
		st.ProjectedFinish = f.calendar(today).dates(max(end+1, today), st.Behind)[st.Behind-1]
	}
	return st
}
