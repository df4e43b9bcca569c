package engagement

import (
	"sort"
	"time"

	"lamplight/modules/admin/adminapi"
	"lamplight/platform/dates"
)

// Windows of the weekly and monthly active readers, in days.
const (
	weekWindow  = 7
	monthWindow = 30
)

// Days after signing up that retention looks at.
var retentionDays = [3]int{1, 7, 30}

// day numbers a date: days since 1970-01-01.
func day(s string) int {
	t, err := dates.Parse(s)
	if err != nil {
		return 0
	}
	return int(t.Unix() / 86400)
}

func date(n int) string { return time.Unix(int64(n)*86400, 0).UTC().Format(dates.Layout) }

// monday is the Monday starting the week of day n (1970-01-01 was a Thursday).
func monday(n int) int {
	x := n + 3
	w := x / 7
	if x < 0 && x%7 != 0 {
		w--
	}
	return w*7 - 3
}

// compute is the report from from to to, with today the date up to which
// retention days have come. It is pure: the same facts give the same report.
func compute(f facts, from, to, today string) adminapi.Report {
	first, last, now := day(from), day(to), day(today)
	n := last - first + 1
	out := adminapi.Report{From: from, To: to, Days: make([]adminapi.Day, n), Cohorts: []adminapi.Cohort{}}
	for i := range out.Days {
		out.Days[i].Date = date(first + i)
	}
	at := func(d int) *adminapi.Day {
		if d < first || d > last {
			return nil
		}
		return &out.Days[d-first]
	}

	// Reading days per reader, in day order, for the sliding windows.
	readDays := map[string][]int{}
	for _, r := range f.reading {
		d := day(r.Day)
		readDays[r.UserID] = append(readDays[r.UserID], d)
		if x := at(d); x != nil {
			x.ActiveReaders++
			if r.GoalMet {
				x.ReadersMeetingGoal++
			}
		}
	}
	// A reading day r makes its reader active in the windows ending on
	// r .. r+w-1; covering each day once per reader counts readers, not days.
	week, month := make([]int, n+1), make([]int, n+1)
	cover := func(diff []int, days []int, w int) {
		covered := first - 1
		for _, r := range days {
			lo, hi := max(r, covered+1, first), min(r+w-1, last)
			if lo <= hi {
				diff[lo-first]++
				diff[hi-first+1]--
				covered = hi
			}
		}
	}
	for _, days := range readDays {
		sort.Ints(days)
		cover(week, days, weekWindow)
		cover(month, days, monthWindow)
	}
	w, m := 0, 0
	for i := range out.Days {
		w += week[i]
		m += month[i]
		out.Days[i].WeeklyActiveReaders, out.Days[i].MonthlyActiveReaders = w, m
	}

	read := func(userID string, d int) bool {
		days := readDays[userID]
		i := sort.SearchInts(days, d)
		return i < len(days) && days[i] == d
	}
	for _, s := range f.sent {
		if x := at(day(s.Day)); x != nil {
			x.RemindersSent++
			if read(s.UserID, day(s.Day)) {
				x.RemindersFollowed++
			}
		}
	}
	for i := range out.Days {
		out.Days[i].NotesWritten = f.notes[out.Days[i].Date]
		out.Days[i].DeletedAccounts = f.deleted[out.Days[i].Date]
	}

	// Cohorts: the weeks starting in the range, and the one it starts in.
	type cohort struct {
		size     int
		retained [len(retentionDays)]int
		complete [len(retentionDays)]bool
	}
	cohorts := map[int]*cohort{}
	for w := monday(first); w <= last; w += 7 {
		c := &cohort{}
		for i, k := range retentionDays {
			c.complete[i] = w+6+k < now
		}
		cohorts[w] = c
	}
	for _, a := range f.accounts {
		d := day(a.Day)
		if x := at(d); x != nil {
			x.NewAccounts++
		}
		c := cohorts[monday(d)]
		if c == nil {
			continue
		}
		c.size++
		for i, k := range retentionDays {
			if read(a.UserID, d+k) {
				c.retained[i]++
			}
		}
	}
	for w := monday(first); w <= last; w += 7 {
		c := cohorts[w]
		row := adminapi.Cohort{Week: date(w)}
		if c.size < adminapi.MinCohort {
			row.Suppressed = true
		} else {
			size := c.size
			row.Size = &size
			shares := [len(retentionDays)]**float64{&row.Day1, &row.Day7, &row.Day30}
			for i := range retentionDays {
				if c.complete[i] {
					s := float64(c.retained[i]) / float64(c.size)
					*shares[i] = &s
				}
			}
		}
		out.Cohorts = append(out.Cohorts, row)
	}
	return out
}
