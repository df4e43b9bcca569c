package engagement

import (
	"math"
	"slices"
	"sort"
)

// The figures a day's row keeps, in the order of columns.
const (
	fActive = iota
	fGoal
	fWeekly
	fMonthly
	fNew
	fDeleted
	fNotes
	fSent
	fFollowed
	fCohort
	fRetained1
	fRetained7
	fRetained30
	nFields
)

var columns = [nFields]string{
	"active", "goal_met", "weekly", "monthly", "new_accounts", "deleted", "notes",
	"reminders_sent", "reminders_followed", "cohort_size", "retained1", "retained7", "retained30",
}

var retainedField = [len(retentionDays)]int{fRetained1, fRetained7, fRetained30}

type counts [nFields]int

// span is the days lo to hi, both included.
type span struct{ lo, hi int }

// always is every day: a change that may move any of the reader's days.
var always = []span{{math.MinInt32, math.MaxInt32}}

func (s span) has(d int) bool { return s.lo <= d && d <= s.hi }

// spread is the days d to d+w for each of days, merged into disjoint spans.
func spread(days []int, w int) []span {
	days = slices.Clone(days)
	slices.Sort(days)
	var out []span
	for _, d := range days {
		if n := len(out); n > 0 && d <= out[n-1].hi+1 {
			out[n-1].hi = max(out[n-1].hi, d+w)
			continue
		}
		out = append(out, span{d, d + w})
	}
	return out
}

// readerFacts are one reader's stored facts, or those of a window of days.
type readerFacts struct {
	// seq counts the reader's writes; deleted is the day of her deletion.
	seq     int64
	deleted string
	// hasAccount: the signup day is known; days before it are not counted.
	hasAccount bool
	signup     int
	reading    map[int]bool // reading day -> goal met
	notes      map[int]int
	sent       map[int]bool
}

func newFacts() readerFacts {
	return readerFacts{reading: map[int]bool{}, notes: map[int]int{}, sent: map[int]bool{}}
}

func (f readerFacts) clone() readerFacts {
	c := f
	c.reading, c.notes, c.sent = clonemap(f.reading), clonemap(f.notes), clonemap(f.sent)
	return c
}

func clonemap[K comparable, V any](m map[K]V) map[K]V {
	out := make(map[K]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func (f readerFacts) counted(d int) bool { return !f.hasAccount || d >= f.signup }

func (f readerFacts) reads(d int) bool { _, ok := f.reading[d]; return ok && f.counted(d) }

// tally holds differences of day figures: an amount added from a day on
// and taken off after another, so a run of days costs two entries.
type tally map[int]*counts

func (t tally) add(lo, hi, field, n int) {
	if n == 0 {
		return
	}
	t.at(lo)[field] += n
	if hi < math.MaxInt32 {
		t.at(hi + 1)[field] -= n
	}
}

func (t tally) at(d int) *counts {
	c, ok := t[d]
	if !ok {
		c = &counts{}
		t[d] = c
	}
	return c
}

// dayCounts is one day's figures (or their change).
type dayCounts struct {
	day int
	c   counts
}

// rows are the days with a figure (or a change) other than zero.
func (t tally) rows() []dayCounts {
	keys := make([]int, 0, len(t))
	for d := range t {
		keys = append(keys, d)
	}
	sort.Ints(keys)
	var out []dayCounts
	var run counts
	for i, k := range keys {
		for f, n := range t[k] {
			run[f] += n
		}
		if run == (counts{}) || i+1 == len(keys) {
			continue
		}
		for d := k; d < keys[i+1]; d++ {
			out = append(out, dayCounts{d, run})
		}
	}
	return out
}

// contribute adds (sign 1) or takes off (sign -1) what the reader's facts
// count on the days of within (disjoint spans). A figure whose inputs lie
// outside the facts read is counted from what was read, alike before and
// after a change, so the difference stays exact as long as the facts read
// hold every input of the figures the change can move.
func (f readerFacts) contribute(within []span, t tally, sign int) {
	var read []int
	for d := range f.reading {
		if f.counted(d) {
			read = append(read, d)
		}
	}
	slices.Sort(read)
	week, month := cover(read, weekWindow), cover(read, monthWindow)
	for _, a := range within {
		for i := sort.SearchInts(read, a.lo); i < len(read) && read[i] <= a.hi; i++ {
			t.add(read[i], read[i], fActive, sign)
			if f.reading[read[i]] {
				t.add(read[i], read[i], fGoal, sign)
			}
		}
		for _, runs := range [...]struct {
			field int
			spans []span
		}{{fWeekly, week}, {fMonthly, month}} {
			for _, c := range runs.spans {
				if lo, hi := max(c.lo, a.lo), min(c.hi, a.hi); lo <= hi {
					t.add(lo, hi, runs.field, sign)
				}
			}
		}
		for d, n := range f.notes {
			if a.has(d) && f.counted(d) {
				t.add(d, d, fNotes, sign*n)
			}
		}
		for d, sent := range f.sent {
			if sent && a.has(d) {
				t.add(d, d, fSent, sign)
				if f.reads(d) {
					t.add(d, d, fFollowed, sign)
				}
			}
		}
		if f.hasAccount && a.has(f.signup) {
			s := f.signup
			t.add(s, s, fNew, sign)
			t.add(s, s, fCohort, sign)
			for i, k := range retentionDays {
				if f.reads(s + k) {
					t.add(s, s, retainedField[i], sign)
				}
			}
		}
	}
}

// cover is the days on which a window of w days ending there holds one of
// the sorted days, as disjoint spans.
func cover(days []int, w int) []span {
	var out []span
	for _, d := range days {
		if n := len(out); n > 0 && d <= out[n-1].hi+1 {
			out[n-1].hi = d + w - 1
			continue
		}
		out = append(out, span{d, d + w - 1})
	}
	return out
}

// change is the difference between a reader's facts before and after,
// on the days within.
func change(before, after readerFacts, within []span) tally {
	t := tally{}
	before.contribute(within, t, -1)
	after.contribute(within, t, 1)
	return t
}
