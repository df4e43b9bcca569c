package streaks

import (
	"time"

	"lamplight/modules/reading/readingapi"
	"lamplight/platform/dates"
)

// MaxRestDays bounds the rest days per week; 7 would make every week a
// streak without reading.
const MaxRestDays = 6

// Streak is the reader's current and longest reading streak.
//
// Definitions, all in the reader's local dates (entry dates are local
// "YYYY-MM-DD" strings, so time zones and daylight saving play no part):
//
//   - A reading day is a date on or after lookBackDate, and not after
//     today, with at least one entry.
//   - A missed day is a day that is not a reading day. Today, while it is not
//     yet a reading day, is not missed: the day is not over.
//   - Weeks run Monday to Sunday. A run is a stretch of consecutive dates
//     that starts and ends on a reading day and, in every week it touches,
//     contains at most restDaysPerWeek missed days (rest days). With 0 rest
//     days every day must be read.
//   - A streak's length is the number of reading days in its run; its start
//     and end are the run's first and last reading days.
//   - Current is the run still going today: the longest run that, stretched
//     to today, still has at most restDaysPerWeek missed days in every week
//     (it reaches back as far as the rule allows); 0 when there is none.
//   - Longest is the longest run since lookBackDate (the latest one on a
//     tie), so Longest >= Current.
//   - RestDaysLeftThisWeek is how many more days of this week, today
//     included, may go unread without breaking the current streak (all of
//     restDaysPerWeek when there is no current streak: a new one would not
//     count earlier days of this week).
type Streak struct {
	Current              int     `json:"current"`
	CurrentStart         *string `json:"currentStart"`
	Longest              int     `json:"longest"`
	LongestStart         *string `json:"longestStart"`
	LongestEnd           *string `json:"longestEnd"`
	TodayRead            bool    `json:"todayRead"`
	RestDaysPerWeek      int     `json:"restDaysPerWeek"`
	RestDaysLeftThisWeek int     `json:"restDaysLeftThisWeek"`
}

// Compute returns the reader's streaks on their local date today.
func Compute(entries []readingapi.Entry, lookBackDate, today string, restDaysPerWeek int) Streak {
	rest := min(max(restDaysPerWeek, 0), MaxRestDays)
	out := Streak{RestDaysPerWeek: rest, RestDaysLeftThisWeek: rest}
	end, ok := dayNumber(today)
	if !ok {
		return out
	}
	// Reading days, as offsets from the first one.
	first := end + 1
	days := make([]int, 0, len(entries))
	prev := ""
	for _, e := range entries {
		if e.Date == prev || e.Date > today || (lookBackDate != "" && e.Date < lookBackDate) || e.Range().Count() == 0 {
			continue
		}
		if d, ok := dayNumber(e.Date); ok {
			days = append(days, d)
			first = min(first, d)
			prev = e.Date
		}
	}
	if len(days) == 0 {
		return out
	}
	n := end - first + 1
	read := make([]bool, n)
	for _, d := range days {
		read[d-first] = true
	}
	// readBefore[i] is the number of reading days before offset i.
	readBefore := make([]int, n+1)
	for i, r := range read {
		readBefore[i+1] = readBefore[i]
		if r {
			readBefore[i+1]++
		}
	}
	week := func(i int) int { return weekNumber(first + i) }

	// Two pointers: for each day i, start is the earliest reading day such
	// that start..i is a run (or -1), and misses holds the missed days in
	// start..i. Runs only shrink as they start later, so start never moves
	// back.
	start, lastRead := -1, -1
	var misses []int
	longest, longestStart, longestEnd := 0, 0, 0
	for i := range n {
		switch {
		case read[i]:
			if start < 0 {
				start = i
			}
			lastRead = i
		case i == n-1 || start < 0:
			// Today unread is not missed; a miss outside any run breaks nothing.
		default:
			misses = append(misses, i)
			if missesInWeek(misses, week, week(i)) > rest {
				start, misses = restart(misses, week, week(i), read, i)
			}
		}
		if start >= 0 {
			if c := readBefore[i+1] - readBefore[start]; c >= longest {
				longest, longestStart, longestEnd = c, start, lastRead
			}
		}
	}
	at := func(i int) *string { s := dayString(first + i); return &s }
	out.TodayRead = read[n-1]
	if longest > 0 {
		out.Longest, out.LongestStart, out.LongestEnd = longest, at(longestStart), at(longestEnd)
	}
	if start >= 0 {
		out.Current, out.CurrentStart = readBefore[n]-readBefore[start], at(start)
		out.RestDaysLeftThisWeek = max(0, rest-missesInWeek(misses, week, week(n-1)))
	}
	return out
}

// missesInWeek counts the misses (in date order) that fall in week w, which
// is the week of the last one or later.
func missesInWeek(misses []int, week func(int) int, w int) int {
	c := 0
	for j := len(misses) - 1; j >= 0 && week(misses[j]) == w; j-- {
		c++
	}
	return c
}

// restart moves a run's start past the first miss of week w, to the next
// reading day up to i (-1 when there is none), and drops the misses before
// it.
func restart(misses []int, week func(int) int, w int, read []bool, i int) (int, []int) {
	j := len(misses) - 1
	for j > 0 && week(misses[j-1]) == w {
		j--
	}
	for s := misses[j] + 1; s <= i; s++ {
		if read[s] {
			k := j + 1
			for k < len(misses) && misses[k] < s {
				k++
			}
			return s, append(misses[:0], misses[k:]...)
		}
	}
	return -1, misses[:0]
}

// dayNumber is the number of days since 1970-01-01 of a real YYYY-MM-DD
// date within the years dates accepts. It parses by hand: a ten-year log has
// thousands of dates.
func dayNumber(s string) (int, bool) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return 0, false
	}
	y, ok1 := digits(s[0:4])
	m, ok2 := digits(s[5:7])
	d, ok3 := digits(s[8:10])
	if !ok1 || !ok2 || !ok3 || y < dates.MinYear || y > dates.MaxYear || m < 1 || m > 12 || d < 1 || d > daysIn(y, m) {
		return 0, false
	}
	// Days from the civil date, counting years from March so that the leap
	// day falls last.
	if m <= 2 {
		y--
	}
	era := y / 400
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468, true
}

func digits(s string) (int, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

func daysIn(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

func dayString(d int) string {
	return time.Unix(int64(d)*86400, 0).UTC().Format(dates.Layout)
}

// weekNumber numbers Monday-to-Sunday weeks; 1970-01-01 was a Thursday, so
// day 0 is the fourth day of week 0 (floor division for days before 1970).
func weekNumber(d int) int {
	x := d + 3
	if x < 0 {
		return (x - 6) / 7
	}
	return x / 7
}
