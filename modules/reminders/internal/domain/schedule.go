package domain

import (
	"time"
)

// Grace is how late a reminder may still go out: after downtime a reminder
// due more than Grace ago is skipped rather than sent at night.
const Grace = time.Hour

// dateFormat is a local date, YYYY-MM-DD.
const dateFormat = time.DateOnly

// Occurrence is one reminder: the reader's local date and the instant it is due.
type Occurrence struct {
	Date string
	At   time.Time
}

// At is the instant of the wall time hh:mm on the local date (y, m, d) in
// loc. A wall time skipped by a daylight-saving change (02:30 on a
// spring-forward night) gives the first instant after the gap; one that
// happens twice (fall-back) gives the first of the two.
func At(y int, m time.Month, d, hh, mm int, loc *time.Location) time.Time {
	t := time.Date(y, m, d, hh, mm, 0, 0, loc)
	if wallIs(t, y, m, d, hh, mm) {
		// Go may pick either side of a repeated hour: prefer the earlier one.
		for _, back := range []time.Duration{2 * time.Hour, time.Hour, 30 * time.Minute} {
			if e := t.Add(-back); wallIs(e, y, m, d, hh, mm) {
				return e
			}
		}
		return t
	}
	// The wall time does not exist: the gap ends where the zone of one
	// side begins or the other ends.
	start, end := t.ZoneBounds()
	if after(t, y, m, d, hh, mm) {
		return start
	}
	return end
}

func wallIs(t time.Time, y int, m time.Month, d, hh, mm int) bool {
	ty, tm, td := t.Date()
	return ty == y && tm == m && td == d && t.Hour() == hh && t.Minute() == mm
}

// after reports whether t's wall time is later than y-m-d hh:mm.
func after(t time.Time, y int, m time.Month, d, hh, mm int) bool {
	w := time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), 0, 0, time.UTC)
	return w.After(time.Date(y, m, d, hh, mm, 0, 0, time.UTC))
}

// Next is the earliest reminder of schedule s in loc that is neither for
// a date on or before done ("" when none was handled) nor more than Grace
// late at now. ok is false when no day of the week is chosen.
func Next(s Schedule, loc *time.Location, now time.Time, done string) (Occurrence, bool) {
	if len(s.Days) == 0 {
		return Occurrence{}, false
	}
	local := now.In(loc)
	// Start a day back: a reminder late by less than Grace may belong to
	// yesterday's local date.
	day := time.Date(local.Year(), local.Month(), local.Day()-1, 12, 0, 0, 0, time.UTC)
	for range 10 {
		date := day.Format(dateFormat)
		if (done == "" || date > done) && s.On(day.Weekday()) {
			at := At(day.Year(), day.Month(), day.Day(), s.Hour, s.Minute, loc)
			if now.Sub(at) <= Grace {
				return Occurrence{Date: date, At: at.UTC()}, true
			}
		}
		day = day.AddDate(0, 0, 1)
	}
	return Occurrence{}, false
}
