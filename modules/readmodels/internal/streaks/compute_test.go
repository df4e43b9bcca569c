package streaks

import (
	"math/rand/v2"
	"testing"

	"lamplight/modules/bible"
	"lamplight/modules/reading/readingapi"
	"lamplight/platform/dates"
)

// 2024-06-10 is a Monday; 2024-06-16 the Sunday of that week.
const monday = "2024-06-10"

func day(offset int) string { return dates.AddDays(monday, offset) }

func entry(date string) readingapi.Entry {
	return readingapi.Entry{Date: date, Start: bible.NewVerseID(1, 1, 1), End: bible.NewVerseID(1, 1, 3)}
}

// log builds entries on the days, given as offsets from monday.
func log(offsets ...int) []readingapi.Entry {
	var out []readingapi.Entry
	for _, o := range offsets {
		out = append(out, entry(day(o)))
	}
	return out
}

func str(p *string) string {
	if p == nil {
		return "-"
	}
	return *p
}

func TestCompute(t *testing.T) {
	type want struct {
		current              int
		currentStart         string
		longest              int
		longestStart         string
		longestEnd           string
		todayRead            bool
		restDaysLeftThisWeek int
	}
	cases := []struct {
		name     string
		entries  []readingapi.Entry
		lookBack string
		today    int
		rest     int
		want     want
	}{
		{"empty log", nil, "", 0, 1, want{0, "-", 0, "-", "-", false, 1}},
		{"read today only", log(0), "", 0, 1, want{1, day(0), 1, day(0), day(0), true, 1}},
		{
			"every day through today, no rest days",
			log(0, 1, 2, 3, 4), "", 4, 0,
			want{5, day(0), 5, day(0), day(4), true, 0},
		},
		{
			"today not yet read does not break the streak",
			log(0, 1, 2, 3), "", 4, 0,
			want{4, day(0), 4, day(0), day(3), false, 0},
		},
		{
			"without rest days, a missed yesterday breaks it",
			log(0, 1, 2), "", 4, 0,
			want{0, "-", 3, day(0), day(2), false, 0},
		},
		{
			"without rest days, reading again today starts over",
			log(0, 1, 2, 4), "", 4, 0,
			want{1, day(4), 3, day(0), day(2), true, 0},
		},
		{
			"one rest day bridges a missed day",
			log(0, 1, 3, 4), "", 4, 1,
			want{4, day(0), 4, day(0), day(4), true, 0},
		},
		{
			"a rest day may be yesterday, with today still open",
			log(0, 1, 2), "", 4, 1,
			want{3, day(0), 3, day(0), day(2), false, 0},
		},
		{
			"two missed days in one week break a one-rest-day streak",
			log(0, 1, 4), "", 4, 1,
			want{1, day(4), 2, day(0), day(1), true, 1},
		},
		{
			"rest days are per Monday-Sunday week: Sunday and the next Monday",
			log(0, 1, 2, 3, 4, 5, 8, 9), "", 9, 1,
			want{8, day(0), 8, day(0), day(9), true, 0},
		},
		{
			"the current streak reaches as far back as the rules allow",
			// Mon read, Tue missed, Wed read, Thu missed, Fri-Sun read: the
			// run starts Wednesday, with Thursday as the week's rest day.
			log(0, 2, 4, 5, 6), "", 6, 1,
			want{4, day(2), 4, day(2), day(6), true, 0},
		},
		{
			"the longest of several runs, and the latest on a tie",
			log(0, 1, 2, 7, 8, 9, 14, 15), "", 15, 0,
			want{2, day(14), 3, day(7), day(9), true, 0},
		},
		{
			"six rest days: one reading day a week keeps it going",
			log(0, 13, 14), "", 20, 6,
			want{3, day(0), 3, day(0), day(14), false, 1},
		},
		{
			"six rest days: a week without reading ends it",
			log(0, 14), "", 14, 6,
			want{1, day(14), 1, day(14), day(14), true, 6},
		},
		{
			"rest days left count only missed days of this week within the run",
			log(7, 8, 10), "", 11, 2,
			want{3, day(7), 3, day(7), day(10), false, 1},
		},
		{
			"a new streak is not charged for earlier missed days of its week",
			log(0, 3), "", 3, 1,
			want{1, day(3), 1, day(3), day(3), true, 1},
		},
		{
			"entries before lookBackDate do not count",
			log(0, 1, 2, 3, 4), day(2), 4, 0,
			want{3, day(2), 3, day(2), day(4), true, 0},
		},
		{
			"entries after today do not count",
			log(0, 1, 5, 6), "", 2, 0,
			want{2, day(0), 2, day(0), day(1), false, 0},
		},
		{
			"several entries on one day are one reading day",
			append(log(0, 0, 1), log(1, 1)...), "", 1, 0,
			want{2, day(0), 2, day(0), day(1), true, 0},
		},
		{
			"dates are calendar days: a daylight saving change is just another day",
			[]readingapi.Entry{entry("2024-03-30"), entry("2024-03-31"), entry("2024-04-01")}, "", -70, 0, // today 2024-04-01
			want{3, "2024-03-30", 3, "2024-03-30", "2024-04-01", true, 0},
		},
		{
			"a negative rest day count is 0",
			log(0, 2), "", 2, -3,
			want{1, day(2), 1, day(2), day(2), true, 0},
		},
		{
			"more than six rest days is six: a week of six missed days and an open today",
			log(0), "", 13, 9,
			want{1, day(0), 1, day(0), day(0), false, 0},
		},
		{
			"more than six rest days is six: seven missed days in a week",
			log(0), "", 14, 9,
			want{0, "-", 1, day(0), day(0), false, 6},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := Compute(c.entries, c.lookBack, day(c.today), c.rest)
			got := want{s.Current, str(s.CurrentStart), s.Longest, str(s.LongestStart), str(s.LongestEnd), s.TodayRead, s.RestDaysLeftThisWeek}
			if got != c.want {
				t.Fatalf("got  %+v\nwant %+v", got, c.want)
			}
		})
	}
}

func TestWeeksBefore1970(t *testing.T) {
	// 1969-12-29 is a Monday: the week runs to Sunday 1970-01-04.
	entries := []readingapi.Entry{entry("1969-12-27"), entry("1969-12-29"), entry("1970-01-01"), entry("1970-01-02")}
	s := Compute(entries, "", "1970-01-04", 1)
	// Saturday read; Sunday 12-28 missed (rest day of that week); Monday
	// read; Tuesday and Wednesday missed: two in one week break the run.
	if s.Current != 2 || *s.CurrentStart != "1970-01-01" || s.Longest != 2 || *s.LongestStart != "1970-01-01" {
		t.Fatalf("%+v", s)
	}
	for d, w := range map[int]int{-11: -2, -10: -1, -4: -1, -3: 0, 0: 0, 3: 0, 4: 1} {
		if weekNumber(d) != w {
			t.Errorf("weekNumber(%d) = %d, want %d", d, weekNumber(d), w)
		}
	}
}

func TestDayNumberAgreesWithTheCalendar(t *testing.T) {
	for d := dates.AddDays("1900-01-01", 0); d <= "2200-12-31"; d = dates.AddDays(d, 13) {
		tm, _ := dates.Parse(d)
		if n, ok := dayNumber(d); !ok || n != int(tm.Unix()/86400) || dayString(n) != d {
			t.Fatalf("%s: %d %v, want %d", d, n, ok, tm.Unix()/86400)
		}
	}
	for _, d := range []string{"2024-02-29", "2000-02-29", "1900-02-28", "2200-12-31"} {
		if _, ok := dayNumber(d); !ok {
			t.Errorf("%s rejected", d)
		}
	}
	for _, d := range []string{"2023-02-29", "1900-02-29", "2024-04-31", "2024-13-01", "2024-00-10", "2024-01-00", "1899-12-31", "2201-01-01", "2024-1-01", "2024/01/01", "20240101xx", "+024-01-01", ""} {
		if _, ok := dayNumber(d); ok {
			t.Errorf("%s accepted", d)
		}
	}
}

// brute applies the definition directly: every run is checked.
func brute(read []bool, rest int) (current, longest int) {
	n := len(read)
	today := n - 1
	valid := func(s, e int) bool {
		perWeek := map[int]int{}
		for i := s; i <= e; i++ {
			if !read[i] && i != today {
				perWeek[weekNumber(i)]++
				if perWeek[weekNumber(i)] > rest {
					return false
				}
			}
		}
		return true
	}
	count := func(s, e int) int {
		c := 0
		for i := s; i <= e; i++ {
			if read[i] {
				c++
			}
		}
		return c
	}
	for s := range n {
		if !read[s] {
			continue
		}
		for e := s; e < n; e++ {
			if !valid(s, e) {
				break
			}
			if read[e] {
				longest = max(longest, count(s, e))
			}
		}
		if valid(s, today) {
			current = max(current, count(s, today))
		}
	}
	return current, longest
}

func TestComputeAgreesWithTheDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 400 {
		n := 1 + rng.IntN(60)
		p := rng.Float64()
		rest := rng.IntN(4)
		read := make([]bool, n)
		var entries []readingapi.Entry
		// Day 0 of the simulation is 1970-01-01 so that weekNumber(i)
		// matches the real calendar in brute.
		for i := range n {
			if rng.Float64() < p {
				read[i] = true
				entries = append(entries, entry(dates.AddDays("1970-01-01", i)))
			}
		}
		s := Compute(entries, "", dates.AddDays("1970-01-01", n-1), rest)
		current, longest := brute(read, rest)
		if s.Current != current || s.Longest != longest {
			t.Fatalf("trial %d, rest %d, read %v: got current %d longest %d, want %d %d", trial, rest, read, s.Current, s.Longest, current, longest)
		}
	}
}
