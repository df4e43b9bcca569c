// Package dates handles calendar dates as readers see them: "YYYY-MM-DD"
// strings in the reader's own time zone, never instants.
package dates

import (
	"errors"
	"time"
)

// Layout is the only accepted date form.
const Layout = "2006-01-02"

// Bounds of a plausible reading date; outside them a date is a typo.
const (
	MinYear = 1900
	MaxYear = 2200
)

// ErrInvalid is returned for anything that is not a real YYYY-MM-DD date.
var ErrInvalid = errors.New("Invalid date string") //nolint:staticcheck // message of the product contract

// Parse reads a real calendar date ("2024-02-30" and "2024-2-3" are invalid).
func Parse(s string) (time.Time, error) {
	t, err := time.Parse(Layout, s)
	if err != nil || t.Format(Layout) != s || t.Year() < MinYear || t.Year() > MaxYear {
		return time.Time{}, ErrInvalid
	}
	return t, nil
}

// Valid reports whether s is a real YYYY-MM-DD date.
func Valid(s string) bool {
	_, err := Parse(s)
	return err == nil
}

// ValidTimeZone reports whether tz names an IANA zone such as Europe/Kyiv.
// LoadLocation also takes "" (UTC) and "Local" (the server's own zone),
// which are not places a reader lives.
func ValidTimeZone(tz string) bool {
	if tz == "" || tz == "Local" || len(tz) > 64 {
		return false
	}
	_, err := time.LoadLocation(tz)
	return err == nil
}

// Today is the current date in the IANA time zone (UTC when unknown).
func Today(timeZone string, now time.Time) string {
	loc, err := time.LoadLocation(timeZone)
	if err != nil || timeZone == "" {
		loc = time.UTC
	}
	return now.In(loc).Format(Layout)
}

// AddDays moves a valid date by n days.
func AddDays(s string, n int) string {
	t, err := Parse(s)
	if err != nil {
		return s
	}
	return t.AddDate(0, 0, n).Format(Layout)
}
