package engagement

import (
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

// compute is the report from from to to out of the days' figures (from the
// Monday of from's week on), with today the date up to which retention days
// have come. It is pure: the same figures give the same report.
func compute(days map[int]counts, from, to, today string) adminapi.Report {
	first, last, now := day(from), day(to), day(today)
	out := adminapi.Report{From: from, To: to, Days: make([]adminapi.Day, last-first+1), Cohorts: []adminapi.Cohort{}}
	for i := range out.Days {
		c := days[first+i]
		out.Days[i] = adminapi.Day{
			Date:                 date(first + i),
			ActiveReaders:        c[fActive],
			WeeklyActiveReaders:  c[fWeekly],
			MonthlyActiveReaders: c[fMonthly],
			ReadersMeetingGoal:   c[fGoal],
			NewAccounts:          c[fNew],
			DeletedAccounts:      c[fDeleted],
			NotesWritten:         c[fNotes],
			RemindersSent:        c[fSent],
			RemindersFollowed:    c[fFollowed],
		}
	}
	// Cohorts: the weeks starting in the range, and the one it starts in,
	// counting the readers who signed up by the range's last day.
	for w := monday(first); w <= last; w += 7 {
		size, retained := 0, [len(retentionDays)]int{}
		for d := w; d <= min(w+6, last); d++ {
			c := days[d]
			size += c[fCohort]
			for i, f := range retainedField {
				retained[i] += c[f]
			}
		}
		row := adminapi.Cohort{Week: date(w)}
		if size < adminapi.MinCohort {
			row.Suppressed = true
		} else {
			row.Size = &size
			shares := [len(retentionDays)]**float64{&row.Day1, &row.Day7, &row.Day30}
			for i, k := range retentionDays {
				if w+6+k < now {
					s := float64(retained[i]) / float64(size)
					*shares[i] = &s
				}
			}
		}
		out.Cohorts = append(out.Cohorts, row)
	}
	return out
}
