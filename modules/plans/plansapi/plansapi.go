// Package plansapi is the plans module's published contract: what other
// modules (reminders, the calendar feed) may know of a reader's plans.
package plansapi

import (
	"context"
	"time"

	"lamplight/modules/bible"
)

// Day is one day of a reader's plan on the date the schedule gives it.
type Day struct {
	// Day is the plan's day number, 1-based.
	Day  int
	Date string
	// Done tells whether the reader's log completes the day.
	Done     bool
	Passages []bible.Range
}

// Schedule is a plan a reader follows, with its days dated. A plan of
// cyclic lists (no dates) has no days.
type Schedule struct {
	ID     string
	Name   string
	Paused bool
	Days   []Day
	// UpdatedAt moves when the plan or how it is followed changes.
	UpdatedAt time.Time
}

// Reader reads a reader's plans with their schedules and progress as of
// today (YYYY-MM-DD; "" for the reader's local date).
type Reader interface {
	Schedules(ctx context.Context, userID, today string) ([]Schedule, error)
}

// DueOn is, of each plan not paused, the day the schedule puts on date.
func DueOn(plans []Schedule, date string) []Named {
	var out []Named
	for _, p := range plans {
		if p.Paused {
			continue
		}
		for _, d := range p.Days {
			if d.Date == date {
				out = append(out, Named{Plan: p.Name, Day: d})
			}
		}
	}
	return out
}

// Named is a plan day with its plan's name ("Day 12 of M'Cheyne").
type Named struct {
	Plan string
	Day  Day
}
