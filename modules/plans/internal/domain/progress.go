package domain

import (
	"slices"

	"lamplight/modules/bible"
)

// Entry is a logged passage and the date it was read (YYYY-MM-DD).
type Entry struct {
	Date  string
	Range bible.Range
}

// Credits are what a log earns toward one plan: every verse logged on or
// after the plan's start earns one credit per time it was logged. Adding or
// removing an entry costs its verse count; Progress reuses one scratch
// array, so a Credits value is not safe for concurrent use.
type Credits struct {
	start   string
	v       []int32
	scratch []int32
}

// NewCredits starts counting credits for a plan followed from start.
func NewCredits(start string, entries ...Entry) *Credits {
	c := &Credits{start: start, v: make([]int32, bible.TotalVerses)}
	for _, e := range entries {
		c.Add(e)
	}
	return c
}

// Clone is a copy of c counting on its own.
func (c *Credits) Clone() *Credits {
	return &Credits{start: c.start, v: slices.Clone(c.v)}
}

// Add counts an entry; one dated before the start counts nothing.
func (c *Credits) Add(e Entry) { c.add(e, 1) }

// Remove takes back an entry Add counted.
func (c *Credits) Remove(e Entry) { c.add(e, -1) }

func (c *Credits) add(e Entry, n int32) { count(c.v, c.start, e, n) }

// count adds n to the credits v of each verse of e, when e is dated on or
// after start.
func count(v []int32, start string, e Entry, n int32) {
	if e.Date < start {
		return
	}
	lo, ok1 := e.Range.Start.Index()
	hi, ok2 := e.Range.End.Index()
	if !ok1 || !ok2 || lo > hi {
		return
	}
	for i := lo; i <= hi; i++ {
		v[i] += n
	}
}

// values writes the credit of every verse into v.
func (c *Credits) values(v []int32) { copy(v, c.v) }

// Needed is how many verses of a unit of n verses must have a credit for it
// to be done: all of a unit of up to ten verses; at least 90 % (n - n/10) of
// a longer one, so that Bibles that number a chapter's verses differently
// (Mal 4 as Mal 3:19-24, Joel 2:28-32 as Joel 3) still complete it.
func Needed(n int) int {
	if n <= 10 {
		return n
	}
	return n - n/10
}

// take checks a unit against the credits left and, when it is done,
// consumes one credit from each of its verses that has one.
func take(credits []int32, lo, hi int) bool {
	have := 0
	for i := lo; i <= hi; i++ {
		if credits[i] > 0 {
			have++
		}
	}
	if have < Needed(hi-lo+1) {
		return false
	}
	for i := lo; i <= hi; i++ {
		if credits[i] > 0 {
			credits[i]--
		}
	}
	return true
}

// DayState is how much of a day is read.
type DayState uint8

// Day states.
const (
	Open DayState = iota
	Partly
	Done
)

// Progress is which parts of a plan a log completes.
type Progress struct {
	// Units tells, in plan order (day 1's units, then day 2's ...), which
	// units are done.
	Units []bool
	// Days is each day's state.
	Days     []DayState
	DaysDone int
	// NextDay is the first day not done (1-based); 0 when every day is.
	NextDay int
	// Tracks is each track's progress, for a cyclic plan.
	Tracks []TrackProgress
}

// TrackProgress is where a reader is in one cyclic track.
type TrackProgress struct {
	// Cursor is the first unit (0-based) not done in the current cycle.
	Cursor int
	// Cycles is how many times the whole track was read.
	Cycles int
	// Done tells which units of the current cycle are done.
	Done []bool
}

// Finished reports whether every day is done (never for a cyclic plan).
func (p Progress) Finished() bool { return p.Days != nil && p.NextDay == 0 }

// Progress walks the plan's units in plan order: a unit is done when its
// verses have credits left (see Needed), and a done unit consumes them, so
// a plan that repeats a passage needs it read as often. A unit not done
// consumes nothing and the walk goes on, so a later day can be done while
// an earlier one is open. It costs O(verses of the Bible + verses of the
// plan).
func (c *Credits) Progress(p *Plan) Progress {
	if c.scratch == nil {
		c.scratch = make([]int32, bible.TotalVerses)
	}
	return c.ProgressWith(p, nil, c.scratch)
}

// ProgressWith is Progress with the entries more counted too, walking in
// scratch (bible.TotalVerses long) and leaving c as it was: one Credits can
// serve several walks at once, each with its own scratch.
func (c *Credits) ProgressWith(p *Plan, more []Entry, scratch []int32) Progress {
	credits := scratch
	c.values(credits)
	for _, e := range more {
		count(credits, c.start, e, 1)
	}
	var out Progress
	if p.Cyclic() {
		out.Tracks = make([]TrackProgress, len(p.Tracks))
		for i, t := range p.Tracks {
			out.Tracks[i] = walkTrack(credits, t.Units)
		}
		return out
	}
	out.Units = make([]bool, 0, p.UnitCount())
	out.Days = make([]DayState, len(p.Days))
	for d, day := range p.Days {
		done := 0
		for _, u := range day.Units {
			lo, _ := u.Start.Index()
			hi, _ := u.End.Index()
			ok := take(credits, lo, hi)
			out.Units = append(out.Units, ok)
			if ok {
				done++
			}
		}
		switch done {
		case len(day.Units):
			out.Days[d] = Done
			out.DaysDone++
		case 0:
			if out.NextDay == 0 {
				out.NextDay = d + 1
			}
		default:
			out.Days[d] = Partly
			if out.NextDay == 0 {
				out.NextDay = d + 1
			}
		}
	}
	return out
}

// walkTrack goes round a track until a round leaves a unit open: every
// whole round is a cycle, and the open round's first open unit the cursor.
func walkTrack(credits []int32, units []bible.Range) TrackProgress {
	if ascending(units) {
		return countTrack(credits, units)
	}
	tp := TrackProgress{Done: make([]bool, len(units))}
	for len(units) > 0 {
		all := true
		for i, u := range units {
			lo, _ := u.Start.Index()
			hi, _ := u.End.Index()
			tp.Done[i] = take(credits, lo, hi)
			all = all && tp.Done[i]
		}
		if !all {
			break
		}
		tp.Cycles++
	}
	tp.cursor()
	return tp
}

func (tp *TrackProgress) cursor() {
	for tp.Cursor < len(tp.Done) && tp.Done[tp.Cursor] {
		tp.Cursor++
	}
}

// ascending reports whether each unit starts after the one before ends, so
// no two share a verse (Horner's lists).
func ascending(units []bible.Range) bool {
	for i := 1; i < len(units); i++ {
		if units[i].Start <= units[i-1].End {
			return false
		}
	}
	return true
}

// countTrack is walkTrack for a track whose units share no verse, in one
// pass instead of one per cycle (a ten-year log goes round Psalms twenty
// times): each round a done unit takes one credit from each verse that has
// one, so a unit is done in round r exactly when Needed of its verses hold
// r credits or more. Its rounds are the Needed-th largest credit; the
// track's cycles the fewest rounds of any unit, and the open round holds the
// units with more.
func countTrack(credits []int32, units []bible.Range) TrackProgress {
	tp := TrackProgress{Done: make([]bool, len(units))}
	rounds := make([]int32, len(units))
	var scratch []int32
	for i, u := range units {
		lo, _ := u.Start.Index()
		hi, _ := u.End.Index()
		scratch = append(scratch[:0], credits[lo:hi+1]...)
		slices.Sort(scratch)
		rounds[i] = scratch[len(scratch)-Needed(len(scratch))]
	}
	if len(units) > 0 {
		tp.Cycles = int(slices.Min(rounds))
	}
	for i, u := range units {
		done := rounds[i] > int32(tp.Cycles)
		tp.Done[i] = done
		used := int32(tp.Cycles)
		if done {
			used++
		}
		lo, _ := u.Start.Index()
		hi, _ := u.End.Index()
		for v := lo; v <= hi; v++ {
			credits[v] = max(credits[v]-used, 0)
		}
	}
	tp.cursor()
	return tp
}

// Complete is the progress of a plan followed from start, given the log.
func Complete(p *Plan, start string, entries []Entry) Progress {
	return NewCredits(start, entries...).Progress(p)
}
