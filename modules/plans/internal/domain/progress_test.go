package domain

import (
	"math/rand/v2"
	"slices"
	"testing"

	"lamplight/modules/bible"
	"lamplight/platform/dates"
)

func tpl(t testing.TB, id string) *Plan {
	t.Helper()
	tp, ok := TemplateByID(id)
	if !ok {
		t.Fatalf("no template %s", id)
	}
	return &tp.Plan
}

func ch(book, chapter int) bible.Range {
	r, _ := bible.WholeChapter(book, chapter)
	return r
}

func vv(book, chapter, from, to int) bible.Range {
	return bible.Range{Start: bible.NewVerseID(book, chapter, from), End: bible.NewVerseID(book, chapter, to)}
}

const start = "2026-01-01"

// randomLog reads a random half of the plan's units, some twice, some
// partly, and some passages the plan does not have, on dates from start.
func randomLog(r *rand.Rand, p *Plan) []Entry {
	units, _ := p.Units()
	for _, t := range p.Tracks {
		units = append(units, t.Units...)
	}
	var es []Entry
	for _, u := range units {
		if r.IntN(2) == 0 {
			continue
		}
		times := 1 + r.IntN(2)
		for range times {
			e := Entry{Date: dates.AddDays(start, r.IntN(400)), Range: u}
			if r.IntN(8) == 0 && u.Count() > 2 {
				e.Range.End = e.Range.Start + bible.VerseID(r.IntN(u.Count()-1))
			}
			es = append(es, e)
		}
	}
	for range 20 {
		b := 1 + r.IntN(66)
		book, _ := bible.BookByID(b)
		es = append(es, Entry{Date: dates.AddDays(start, r.IntN(400)), Range: ch(b, 1+r.IntN(book.ChapterCount))})
	}
	return es
}

func sameProgress(t *testing.T, what string, a, b Progress) {
	t.Helper()
	if !slices.Equal(a.Units, b.Units) || !slices.Equal(a.Days, b.Days) || a.NextDay != b.NextDay || a.DaysDone != b.DaysDone || len(a.Tracks) != len(b.Tracks) {
		t.Fatalf("%s changed the progress", what)
	}
	for i := range a.Tracks {
		if a.Tracks[i].Cursor != b.Tracks[i].Cursor || a.Tracks[i].Cycles != b.Tracks[i].Cycles || !slices.Equal(a.Tracks[i].Done, b.Tracks[i].Done) {
			t.Fatalf("%s changed track %d", what, i)
		}
	}
}

func TestPermutingEntriesOrDatesNeverChangesTheResult(t *testing.T) {
	for _, id := range []string{"mcheyne", "canonical-365", "horner", "psalms-proverbs-31"} {
		p := tpl(t, id)
		for seed := range uint64(5) {
			r := rand.New(rand.NewPCG(seed, 7))
			es := randomLog(r, p)
			want := Complete(p, start, es)
			shuffled := slices.Clone(es)
			r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
			sameProgress(t, id+": shuffling", want, Complete(p, start, shuffled))
			for i := range shuffled {
				shuffled[i].Date = dates.AddDays(start, r.IntN(3000))
			}
			sameProgress(t, id+": moving dates on or after the start", want, Complete(p, start, shuffled))
		}
	}
}

func TestDeletingAnEntryReopensExactlyWhatItCompleted(t *testing.T) {
	for _, id := range []string{"mcheyne", "canonical-365", "nt-90"} {
		p := tpl(t, id)
		units, _ := p.Units()
		r := rand.New(rand.NewPCG(11, 3))
		es := randomLog(r, p)
		with := NewCredits(start, es...)
		before := with.Progress(p)
		for _, i := range r.Perm(len(es))[:40] {
			with.Remove(es[i])
			after := with.Progress(p)
			for u := range units {
				switch {
				case after.Units[u] && !before.Units[u]:
					t.Fatalf("%s: deleting %v completed unit %d", id, es[i].Range, u)
				case before.Units[u] && !after.Units[u] && !units[u].Overlaps(es[i].Range):
					t.Fatalf("%s: deleting %v reopened unit %d (%v) it does not touch", id, es[i].Range, u, units[u])
				}
			}
			with.Add(es[i])
			sameProgress(t, id+": logging it again", before, with.Progress(p))
		}
	}
}

func TestDeletingTheOnlyReadingOfADayReopensThatDay(t *testing.T) {
	p := tpl(t, "canonical-365")
	var es []Entry
	for d := range 10 {
		for _, u := range p.Days[d].Units {
			es = append(es, Entry{Date: start, Range: u})
		}
	}
	c := NewCredits(start, es...)
	if got := c.Progress(p); got.DaysDone != 10 || got.NextDay != 11 {
		t.Fatalf("done %d next %d", got.DaysDone, got.NextDay)
	}
	c.Remove(es[4])
	got := c.Progress(p)
	want := make([]DayState, 365)
	for d := range 10 {
		want[d] = Done
	}
	want[got.NextDay-1] = Partly
	if got.DaysDone != 9 || !slices.Equal(got.Days, want) || !unitDay(p, 4, got.NextDay-1) {
		t.Fatalf("days %v", got.Days[:11])
	}
}

// unitDay reports whether the unit (index in plan order) belongs to day d.
func unitDay(p *Plan, unit, d int) bool {
	_, day := p.Units()
	return day[unit] == d
}

func TestMcheynesRepeatedPsalmsNeedTwoReads(t *testing.T) {
	p := tpl(t, "mcheyne")
	units, day := p.Units()
	ps12, _ := bible.WholeChapters(19, 1, 2)
	var psalm1 []int
	for i, u := range units {
		if u == ps12 {
			psalm1 = append(psalm1, i)
		}
	}
	if len(psalm1) != 2 {
		t.Fatalf("Psalms 1-2 are %d units of M'Cheyne, want 2", len(psalm1))
	}
	once := Complete(p, start, []Entry{{Date: start, Range: ps12}})
	if !once.Units[psalm1[0]] || once.Units[psalm1[1]] {
		t.Fatalf("one reading of Psalm 1 completes %v, want the first only", []bool{once.Units[psalm1[0]], once.Units[psalm1[1]]})
	}
	twice := Complete(p, start, []Entry{{Date: start, Range: ch(19, 1)}, {Date: start, Range: ch(19, 2)}, {Date: "2026-09-01", Range: ps12}})
	if !twice.Units[psalm1[0]] || !twice.Units[psalm1[1]] {
		t.Fatal("two readings of Psalm 1 do not complete both")
	}
	// A longer passage counts too: Psalms 1-150 once completes the first
	// time through, and a day needs all four readings.
	whole, _ := bible.WholeBook(19)
	got := Complete(p, start, []Entry{{Date: start, Range: whole}})
	if !got.Units[psalm1[0]] || got.Units[psalm1[1]] || got.Days[day[psalm1[0]]] != Partly {
		t.Fatal("the whole Psalter once should complete the first round of Psalms only")
	}
}

func TestReadingBeforeTheStartCountsNothing(t *testing.T) {
	p := tpl(t, "canonical-365")
	es := []Entry{{Date: "2025-12-31", Range: ch(1, 1)}, {Date: "2025-12-31", Range: ch(1, 2)}, {Date: "2025-12-31", Range: ch(1, 3)}}
	if got := Complete(p, start, es); got.DaysDone != 0 || got.NextDay != 1 || slices.Contains(got.Units, true) {
		t.Fatalf("reading before the start completed %d days", got.DaysDone)
	}
	for i := range es {
		es[i].Date = start
	}
	if got := Complete(p, start, es); got.Days[0] != Done {
		t.Fatalf("day 1 = %v, want done when read on the start", got.Days[0])
	}
}

func TestAheadAndOutOfOrder(t *testing.T) {
	p := tpl(t, "canonical-365")
	var es []Entry
	for _, u := range p.Days[2].Units {
		es = append(es, Entry{Date: start, Range: u})
	}
	got := Complete(p, start, es)
	if got.Days[2] != Done || got.NextDay != 1 || got.DaysDone != 1 {
		t.Fatalf("reading day 3 first: %v next %d", got.Days[:4], got.NextDay)
	}
	gen, _ := bible.WholeBook(1)
	got = Complete(p, start, []Entry{{Date: start, Range: gen}})
	first := 0 // the first day reading beyond Genesis
	for p.Days[first].Units[len(p.Days[first].Units)-1].End.Book() == 1 {
		first++
	}
	if got.NextDay != first+1 || got.DaysDone != first {
		t.Fatalf("Genesis in one entry: next day %d, want %d", got.NextDay, first+1)
	}
}

func TestNinetyPercentRuleForLongUnits(t *testing.T) {
	for _, tc := range []struct {
		n, need int
	}{{1, 1}, {10, 10}, {11, 10}, {31, 28}, {176, 159}} {
		if got := Needed(tc.n); got != tc.need {
			t.Errorf("Needed(%d) = %d, want %d", tc.n, got, tc.need)
		}
	}
	one := &Plan{Days: []Day{{Units: []bible.Range{ch(1, 1)}}, {Units: []bible.Range{ch(1, 1)}}}} // Gen 1: 31 verses
	if got := Complete(one, start, []Entry{{Date: start, Range: vv(1, 1, 1, 27)}}); got.DaysDone != 0 {
		t.Fatal("27 of 31 verses completed Genesis 1")
	}
	// 28 of 31 verses complete it, consuming those 28 only: the second
	// reading of the chapter then needs 28 more.
	got := Complete(one, start, []Entry{{Date: start, Range: vv(1, 1, 4, 31)}, {Date: start, Range: vv(1, 1, 1, 3)}})
	if got.Days[0] != Done || got.Days[1] != Open {
		t.Fatalf("days %v", got.Days)
	}
	short := &Plan{Days: []Day{{Units: []bible.Range{vv(1, 1, 1, 10)}}}}
	if got := Complete(short, start, []Entry{{Date: start, Range: vv(1, 1, 1, 9)}}); got.DaysDone != 0 {
		t.Fatal("a unit of ten verses needs every verse")
	}
}

func TestTracksHaveTheirOwnCursorsAndCycles(t *testing.T) {
	p := tpl(t, "horner")
	acts, _ := bible.WholeBook(44)
	es := []Entry{{Date: start, Range: acts}, {Date: start, Range: ch(44, 1)}, {Date: start, Range: ch(44, 2)}, {Date: start, Range: ch(44, 5)}, {Date: start, Range: ch(40, 1)}}
	got := Complete(p, start, es)
	a := got.Tracks[9]
	if a.Cycles != 1 || a.Cursor != 2 || !a.Done[4] || a.Done[3] {
		t.Fatalf("Acts track: cycles %d cursor %d", a.Cycles, a.Cursor)
	}
	if g := got.Tracks[0]; g.Cycles != 0 || g.Cursor != 1 {
		t.Fatalf("Gospels track: cycles %d cursor %d", g.Cycles, g.Cursor)
	}
	if pr := got.Tracks[6]; pr.Cycles != 0 || pr.Cursor != 0 {
		t.Fatalf("Proverbs track: cycles %d cursor %d", pr.Cycles, pr.Cursor)
	}
	if got.Days != nil || got.Finished() {
		t.Fatal("a cyclic plan has no days and never finishes")
	}
}

func TestOneEntryCompletesDaysInSeveralPlans(t *testing.T) {
	es := []Entry{{Date: start, Range: ch(20, 1)}}
	pp := Complete(tpl(t, "psalms-proverbs-31"), start, es)
	h := Complete(tpl(t, "horner"), start, es)
	if !pp.Units[5] || h.Tracks[6].Cursor != 1 {
		t.Fatal("Proverbs 1 should count in both plans")
	}
}

func TestCountingATrackMatchesWalkingIt(t *testing.T) {
	p := tpl(t, "horner")
	r := rand.New(rand.NewPCG(5, 5))
	for range 20 {
		es := randomLog(r, p)
		for range r.IntN(4) {
			es = append(es, es...)
		}
		c := NewCredits(start, es...)
		a := make([]int32, bible.TotalVerses)
		b := make([]int32, bible.TotalVerses)
		for _, tr := range p.Tracks {
			c.values(a)
			c.values(b)
			fast := countTrack(a, tr.Units)
			slow := TrackProgress{Done: make([]bool, len(tr.Units))}
			for {
				all := true
				for i, u := range tr.Units {
					lo, _ := u.Start.Index()
					hi, _ := u.End.Index()
					slow.Done[i] = take(b, lo, hi)
					all = all && slow.Done[i]
				}
				if !all {
					break
				}
				slow.Cycles++
			}
			slow.cursor()
			if fast.Cycles != slow.Cycles || fast.Cursor != slow.Cursor || !slices.Equal(fast.Done, slow.Done) || !slices.Equal(a, b) {
				t.Fatalf("%s: counted %d cycles cursor %d, walked %d cycles cursor %d", tr.Name, fast.Cycles, fast.Cursor, slow.Cycles, slow.Cursor)
			}
		}
	}
}
