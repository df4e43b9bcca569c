// Package domain holds the rules of reading plans, independent of storage:
// the plan model, the template library, the coverage check, which days a
// reader's log completes, the schedule and catch-up. Everything here is pure.
package domain

import (
	"errors"
	"fmt"

	"lamplight/modules/bible"
)

// Limits of one plan: large enough for any printed plan (the longest in the
// library has 365 days and 1,461 passages), small enough that a plan's
// progress stays cheap to recompute.
const (
	MaxDays     = 2000
	MaxPassages = 10000
)

// A Day is one day of a plan: its units, read in the order given. A unit is
// one verse range in one book, usually a chapter.
type Day struct {
	Units []bible.Range `json:"passages"`
}

// A Track is a cyclic list of units (Horner's lists): the reader takes the
// next unit of every track each day, and each track wraps on its own.
type Track struct {
	Name  string        `json:"name"`
	Units []bible.Range `json:"passages"`
}

// Plan is a named reading plan: either ordered days or cyclic tracks.
type Plan struct {
	Name        string  `json:"name"`
	Description string  `json:"description,omitempty"`
	Days        []Day   `json:"days,omitempty"`
	Tracks      []Track `json:"tracks,omitempty"`
}

// Plan validation errors.
var (
	ErrEmpty        = errors.New("a plan needs days or tracks")
	ErrDaysAndTrack = errors.New("a plan has days or tracks, not both")
	ErrTooManyDays  = fmt.Errorf("a plan has at most %d days", MaxDays)
	ErrTooMany      = fmt.Errorf("a plan has at most %d passages", MaxPassages)
	ErrEmptyDay     = errors.New("every day of a plan has a passage")
)

// RangeError names the invalid range of a plan: Day (1-based) or Track
// (1-based), and the passage's position in it (1-based).
type RangeError struct {
	Day, Track, Passage int
	Err                 error
}

func (e *RangeError) Error() string {
	if e.Track > 0 {
		return fmt.Sprintf("track %d, passage %d: %v", e.Track, e.Passage, e.Err)
	}
	return fmt.Sprintf("day %d, passage %d: %v", e.Day, e.Passage, e.Err)
}

func (e *RangeError) Unwrap() error { return e.Err }

// Validate checks the plan's shape, its limits and every range.
func (p *Plan) Validate() error {
	switch {
	case len(p.Days) == 0 && len(p.Tracks) == 0:
		return ErrEmpty
	case len(p.Days) > 0 && len(p.Tracks) > 0:
		return ErrDaysAndTrack
	case len(p.Days) > MaxDays:
		return ErrTooManyDays
	case p.UnitCount() > MaxPassages:
		return ErrTooMany
	}
	for i, d := range p.Days {
		if len(d.Units) == 0 {
			return &RangeError{Day: i + 1, Err: ErrEmptyDay}
		}
		for j, u := range d.Units {
			if err := u.Validate(); err != nil {
				return &RangeError{Day: i + 1, Passage: j + 1, Err: err}
			}
		}
	}
	for i, t := range p.Tracks {
		if len(t.Units) == 0 {
			return &RangeError{Track: i + 1, Err: ErrEmptyDay}
		}
		for j, u := range t.Units {
			if err := u.Validate(); err != nil {
				return &RangeError{Track: i + 1, Passage: j + 1, Err: err}
			}
		}
	}
	return nil
}

// Cyclic reports whether the plan is made of tracks.
func (p *Plan) Cyclic() bool { return len(p.Tracks) > 0 }

// UnitCount is the number of units in days or tracks.
func (p *Plan) UnitCount() int {
	n := 0
	for _, d := range p.Days {
		n += len(d.Units)
	}
	for _, t := range p.Tracks {
		n += len(t.Units)
	}
	return n
}

// Units returns the units of a day plan in plan order (day 1's, then day
// 2's ...) and, for each, its day's index (0-based).
func (p *Plan) Units() (units []bible.Range, day []int) {
	units = make([]bible.Range, 0, p.UnitCount())
	day = make([]int, 0, cap(units))
	for i, d := range p.Days {
		for _, u := range d.Units {
			units = append(units, u)
			day = append(day, i)
		}
	}
	return units, day
}

// Weight is a range's verse count, the measure of a day's length.
func Weight(rs []bible.Range) int {
	n := 0
	for _, r := range rs {
		n += r.Count()
	}
	return n
}
