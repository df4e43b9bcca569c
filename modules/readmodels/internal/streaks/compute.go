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
	// scan is where a later computation for the same day may resume
	// (extend); it stays in process and is nil in a value read back.
	scan *scan
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
	first, last := end+1, ""
	days := make([]int, 0, 64)
	prev := ""
	for _, e := range entries {
		last = max(last, e.Date)
		if e.Date == prev || !counts(e, lookBackDate, today) {
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
	s := &scan{first: first, rest: rest, start: -1, lastRead: -1, readBefore: []int{0}}
	for _, d := range days {
		s.mark(d)
	}
	return s.finish(out, end-first+1, s.checkpointAt(last, end))
}

// counts tells whether the entry makes its date a reading day.
func counts(e readingapi.Entry, lookBackDate, today string) bool {
	return e.Date <= today && (lookBackDate == "" || e.Date >= lookBackDate) && e.Range().Count() > 0
}

// extend is Compute for the same look-back date, rest days and today as
// prev, from prev's scan of the days before the log's last date at
// prevVersion, when the log before that date is the same now: only the
// days since are scanned.
func extend(prev Streak, prevVersion int64, entries []readingapi.Entry, log readingapi.Log, lookBackDate, today string) (Streak, bool) {
	cp := prev.scan
	end, ok := dayNumber(today)
	if cp == nil || !ok || !log.SameBefore(prevVersion, cp.before) {
		return Streak{}, false
	}
	s := cp.clone()
	last := ""
	for _, e := range entries {
		last = max(last, e.Date)
		if e.Date >= cp.before && counts(e, lookBackDate, today) {
			if d, ok := dayNumber(e.Date); ok {
				s.mark(d)
			}
		}
	}
	// A later last date is taken while scanning; otherwise cp still holds:
	// the log before its date is as it was.
	next := checkpoint{kept: cp, at: -1}
	if last > cp.before {
		next = s.checkpointAt(last, end)
	}
	out := Streak{RestDaysPerWeek: s.rest, RestDaysLeftThisWeek: s.rest}
	return s.finish(out, end-s.first+1, next), true
}

// checkpoint says which scan a value keeps for extend: kept, or the one
// taken before scanning offset at (-1: none).
type checkpoint struct {
	kept *scan
	at   int
}

// checkpointAt is where to take the scan for a log whose last date is last:
// its offset, when it is a day the scan reaches before today's.
func (s *scan) checkpointAt(last string, end int) checkpoint {
	d, ok := dayNumber(last)
	if !ok || d <= s.first || d > end {
		return checkpoint{at: -1}
	}
	return checkpoint{at: d - s.first}
}

// scan walks the days from the first reading day (offset 0) to today,
// keeping what the streak rule needs; a copy taken part way is where a
// later computation for the same day resumes.
type scan struct {
	first, rest int
	// before is the date of the first offset not yet scanned, in a copy.
	before string
	// read[i]: offset i is a reading day; readBefore[i]: reading days
	// before offset i, for the offsets scanned.
	read       []bool
	readBefore []int
	// start is the earliest reading day such that start..i is a run (or
	// -1), and misses holds the missed days in start..i. Runs only shrink
	// as they start later, so start never moves back.
	start, lastRead                   int
	misses                            []int
	longest, longestStart, longestEnd int
}

func (s *scan) mark(d int) {
	i := d - s.first
	for len(s.read) <= i {
		s.read = append(s.read, false)
	}
	s.read[i] = true
}

func (s *scan) week(i int) int { return weekNumber(s.first + i) }

// clone copies the scan, forgetting the reading days it has not scanned.
func (s *scan) clone() *scan {
	c := *s
	scanned := len(s.readBefore) - 1
	c.read = append(make([]bool, 0, scanned+8), s.read[:min(scanned, len(s.read))]...)
	c.readBefore = append(make([]int, 0, scanned+9), s.readBefore...)
	c.misses = append([]int(nil), s.misses...)
	return &c
}

// step scans offset i; today's offset, while unread, is not missed.
func (s *scan) step(i int, today bool) {
	for len(s.read) <= i {
		s.read = append(s.read, false)
	}
	r := 0
	if s.read[i] {
		r = 1
	}
	s.readBefore = append(s.readBefore, s.readBefore[i]+r)
	switch {
	case s.read[i]:
		if s.start < 0 {
			s.start = i
		}
		s.lastRead = i
	case today || s.start < 0:
		// Today unread is not missed; a miss outside any run breaks nothing.
	default:
		s.misses = append(s.misses, i)
		if missesInWeek(s.misses, s.week, s.week(i)) > s.rest {
			s.start, s.misses = restart(s.misses, s.week, s.week(i), s.read, i)
		}
	}
	if s.start >= 0 {
		if c := s.readBefore[i+1] - s.readBefore[s.start]; c >= s.longest {
			s.longest, s.longestStart, s.longestEnd = c, s.start, s.lastRead
		}
	}
}

// finish scans the offsets left up to today's (n-1), taking the checkpoint
// on the way, and fills out.
func (s *scan) finish(out Streak, n int, cp checkpoint) Streak {
	out.scan = cp.kept
	for i := len(s.readBefore) - 1; i < n; i++ {
		if i == cp.at {
			out.scan = s.clone()
			out.scan.before = dayString(s.first + i)
		}
		s.step(i, i == n-1)
	}
	at := func(i int) *string { d := dayString(s.first + i); return &d }
	out.TodayRead = s.read[n-1]
	if s.longest > 0 {
		out.Longest, out.LongestStart, out.LongestEnd = s.longest, at(s.longestStart), at(s.longestEnd)
	}
	if s.start >= 0 {
		out.Current, out.CurrentStart = s.readBefore[n]-s.readBefore[s.start], at(s.start)
		out.RestDaysLeftThisWeek = max(0, s.rest-missesInWeek(s.misses, s.week, s.week(n-1)))
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

// prevBefore is the date prev's scan stopped before ("" for none): the
// entries from it on are all extend reads.
func prevBefore(prev Streak) string {
	if prev.scan == nil {
		return ""
	}
	return prev.scan.before
}
