package domain

import (
	"errors"
	"testing"
)

func date(t testing.TB, s string) Date {
	t.Helper()
	d, err := ParseDate(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// readDays logs every unit of the given days (1-based) on the start.
func readDays(p *Plan, days ...int) []Entry {
	var es []Entry
	for _, d := range days {
		for _, u := range p.Days[d-1].Units {
			es = append(es, Entry{Date: start, Range: u})
		}
	}
	return es
}

func upTo(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

func schedule(t *testing.T, f Following, p *Plan, today Date) Schedule {
	t.Helper()
	s, err := f.Schedule(p, today)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestDatesAndWeekdays(t *testing.T) {
	if d := date(t, "2026-01-01"); d.Weekday() != 4 || d.String() != "2026-01-01" {
		t.Fatalf("2026-01-01 is %v, weekday %d", d, d.Weekday())
	}
	if d := date(t, "1969-12-29"); d.Weekday() != 1 {
		t.Fatalf("1969-12-29 weekday %d, want Monday", d.Weekday())
	}
	p := tpl(t, "nt-90")
	w, _ := WeekdaysOf(1, 2, 3, 4, 5)
	s := schedule(t, Following{Start: start, Weekdays: w}, p, date(t, start))
	if s.Days[0] != date(t, "2026-01-01") || s.Days[1] != date(t, "2026-01-02") || s.Days[2] != date(t, "2026-01-05") {
		t.Fatalf("first days %v %v %v", s.Days[0], s.Days[1], s.Days[2])
	}
	for i, d := range s.Days {
		if d.Weekday() > 5 || i > 0 && d <= s.Days[i-1] {
			t.Fatalf("day %d on %v", i+1, d)
		}
	}
	if _, err := WeekdaysOf(0); !errors.Is(err, ErrWeekday) {
		t.Fatal("weekday 0 accepted")
	}
}

func TestStatus(t *testing.T) {
	p := tpl(t, "canonical-365")
	f := Following{Start: start}
	today := date(t, "2026-01-31") // day 31
	s := schedule(t, f, p, today)
	if s.End() != date(t, "2026-12-31") {
		t.Fatalf("end %v", s.End())
	}
	st := f.Status(s, Complete(p, start, readDays(p, upTo(10)...)), today)
	if st.ScheduledDay != 31 || st.Behind != 20 || st.ProjectedFinish != date(t, "2027-01-20") {
		t.Fatalf("status %+v (finish %v)", st, st.ProjectedFinish)
	}
	st = f.Status(s, Complete(p, start, readDays(p, upTo(40)...)), today)
	if st.Behind != 0 || st.ProjectedFinish != s.End() {
		t.Fatalf("ahead: %+v", st)
	}
	st = f.Status(s, Complete(p, start, readDays(p, upTo(365)...)), today)
	if st.ProjectedFinish != 0 {
		t.Fatalf("finished: %+v", st)
	}
	if st := f.Status(s, Complete(p, start, nil), date(t, "2025-12-01")); st.ScheduledDay != 0 || st.Behind != 0 {
		t.Fatalf("before the start: %+v", st)
	}
	pp := tpl(t, "psalms-proverbs-31")
	late := date(t, "2026-03-01")
	if st := f.Status(schedule(t, f, pp, late), Complete(pp, start, nil), late); st.Behind != 31 || st.ProjectedFinish != late+30 {
		t.Fatalf("a month after the end: %+v", st)
	}
}

func catchUp(t *testing.T, f Following, mode string, p *Plan, pr Progress, today Date) Following {
	t.Helper()
	a, err := f.CatchUp(mode, p, pr, today)
	if err != nil {
		t.Fatalf("%s: %v", mode, err)
	}
	return f.With(a)
}

func TestShiftMovesTheNextDayToTodayAndTheEndLater(t *testing.T) {
	p := tpl(t, "canonical-365")
	f := Following{Start: start}
	today := date(t, "2026-01-31")
	pr := Complete(p, start, readDays(p, upTo(10)...))
	before := schedule(t, f, p, today)
	g := catchUp(t, f, Shift, p, pr, today)
	after := schedule(t, g, p, today)
	if after.Days[10] != today || after.End() != before.End()+20 || after.Days[9] != before.Days[9] {
		t.Fatalf("day 11 on %v, end %v, day 10 %v", after.Days[10], after.End(), after.Days[9])
	}
	if st := g.Status(after, pr, today); st.Behind != 0 || st.ScheduledDay != 11 {
		t.Fatalf("after shift %+v", st)
	}
	if undone := schedule(t, g.Undo(), p, today); undone.End() != before.End() || undone.Days[10] != before.Days[10] {
		t.Fatal("undo does not restore the schedule")
	}
}

// placedOnce checks that slots hold every open unit exactly once, no done
// unit, and a day's open units on one date.
func placedOnce(t *testing.T, p *Plan, pr Progress, slots [][]int, s Schedule) {
	t.Helper()
	_, dayOf := p.Units()
	seen := map[int]int{}
	for _, slot := range slots {
		for _, u := range slot {
			seen[u]++
		}
	}
	for u, done := range pr.Units {
		switch {
		case done && seen[u] > 0:
			t.Fatalf("done unit %d placed again", u)
		case !done && seen[u] != 1:
			t.Fatalf("open unit %d placed %d times", u, seen[u])
		}
	}
	for u := range pr.Units {
		for v := range pr.Units {
			if !pr.Units[u] && !pr.Units[v] && dayOf[u] == dayOf[v] && s.Units[u] != s.Units[v] {
				t.Fatalf("day %d cut in two", dayOf[u]+1)
			}
		}
	}
}

func TestRebalanceKeepsTheEndAndEveryRemainingPassageOnce(t *testing.T) {
	p := tpl(t, "canonical-365")
	f := Following{Start: start}
	today := date(t, "2026-01-31")
	es := append(readDays(p, append(upTo(10), 50)...), Entry{Date: start, Range: p.Days[11].Units[0]})
	pr := Complete(p, start, es)
	before := schedule(t, f, p, today)
	a, err := f.CatchUp(Rebalance, p, pr, today)
	if err != nil {
		t.Fatal(err)
	}
	g := f.With(a)
	after := schedule(t, g, p, today)
	if after.End() != before.End() {
		t.Fatalf("end moved from %v to %v", before.End(), after.End())
	}
	placedOnce(t, p, pr, a.Slots, after)
	if st := g.Status(after, pr, today); st.Behind != 0 || st.ProjectedFinish != before.End() {
		t.Fatalf("after rebalance %+v", st)
	}
	units, _ := p.Units()
	total, most := 0, 0
	for _, slot := range a.Slots {
		w := 0
		for _, u := range slot {
			w += units[u].Count()
		}
		total += w
		most = max(most, w)
		if len(slot) == 0 {
			t.Fatal("an empty date")
		}
	}
	if avg := total / len(a.Slots); most > avg*2 {
		t.Fatalf("heaviest date %d verses, average %d", most, avg)
	}
}

func TestExtendMovesTheEndAWeek(t *testing.T) {
	p := tpl(t, "mcheyne")
	f := Following{Start: start}
	today := date(t, "2026-03-01")
	pr := Complete(p, start, readDays(p, upTo(30)...))
	before := schedule(t, f, p, today)
	a, err := f.CatchUp(Extend, p, pr, today)
	if err != nil {
		t.Fatal(err)
	}
	after := schedule(t, f.With(a), p, today)
	if after.End() != before.End()+7 {
		t.Fatalf("end %v, want %v", after.End(), before.End()+7)
	}
	placedOnce(t, p, pr, a.Slots, after)
}

func TestSpreadAddsAtMostHalfOfEachDay(t *testing.T) {
	p := tpl(t, "mcheyne")
	f := Following{Start: start}
	today := date(t, "2026-01-11")
	pr := Complete(p, start, readDays(p, upTo(7)...))
	before := schedule(t, f, p, today)
	if st := f.Status(before, pr, today); st.Behind != 3 {
		t.Fatalf("behind %d", st.Behind)
	}
	a, err := f.CatchUp(Spread, p, pr, today)
	if err != nil {
		t.Fatal(err)
	}
	g := f.With(a)
	after := schedule(t, g, p, today)
	if st := g.Status(after, pr, today); st.Behind != 0 || after.End() != before.End() {
		t.Fatalf("after spread %+v, end %v", st, after.End())
	}
	units, _ := p.Units()
	weight := func(s Schedule) map[Date]int {
		w := map[Date]int{}
		for u, d := range s.Units {
			if !pr.Units[u] {
				w[d] += units[u].Count()
			}
		}
		return w
	}
	was, now := weight(before), weight(after)
	for d, w := range now {
		if d >= today && w > was[d]*3/2 {
			t.Fatalf("%v: %d verses, was %d", d, w, was[d])
		}
	}
	placed := 0
	for _, slot := range a.Slots {
		placed += len(slot)
	}
	if placed != 12 || len(a.Slots) < 2 {
		t.Fatalf("%d units over %d dates", placed, len(a.Slots))
	}
	if _, err := g.CatchUp(Spread, p, pr, today); !errors.Is(err, ErrNothingToDo) {
		t.Fatalf("spread with nothing behind: %v", err)
	}
}

func TestPauseStopsTheClock(t *testing.T) {
	p := tpl(t, "canonical-365")
	f := Following{Start: start}
	pr := Complete(p, start, readDays(p, upTo(10)...))
	f = catchUp(t, f, Pause, p, pr, date(t, "2026-01-11"))
	if _, err := f.CatchUp(Pause, p, pr, date(t, "2026-01-12")); !errors.Is(err, ErrPaused) {
		t.Fatal("paused twice")
	}
	if _, err := f.CatchUp(Shift, p, pr, date(t, "2026-01-12")); !errors.Is(err, ErrPaused) {
		t.Fatal("shifted while paused")
	}
	today := date(t, "2026-01-20")
	s := schedule(t, f, p, today)
	if st := f.Status(s, pr, today); s.Days[10] != today+1 || st.Behind != 0 || st.ScheduledDay != 10 {
		t.Fatalf("paused: day 11 on %v, %+v", s.Days[10], st)
	}
	f = catchUp(t, f, Resume, p, pr, today)
	s = schedule(t, f, p, today+5)
	if s.Days[10] != today || s.End() != date(t, "2026-12-31")+9 {
		t.Fatalf("resumed: day 11 on %v, end %v", s.Days[10], s.End())
	}
	if _, err := f.CatchUp(Resume, p, pr, today); !errors.Is(err, ErrNotPaused) {
		t.Fatal("resumed twice")
	}
}

func TestCatchUpRefusals(t *testing.T) {
	f := Following{Start: start}
	today := date(t, "2026-02-01")
	if _, err := f.CatchUp(Shift, tpl(t, "horner"), Progress{}, today); !errors.Is(err, ErrCyclic) {
		t.Fatalf("horner: %v", err)
	}
	p := tpl(t, "psalms-proverbs-31")
	if _, err := f.CatchUp("hurry", p, Complete(p, start, nil), today); !errors.Is(err, ErrUnknownMode) {
		t.Fatalf("unknown mode: %v", err)
	}
	if _, err := f.CatchUp(Shift, p, Complete(p, start, readDays(p, upTo(31)...)), today); !errors.Is(err, ErrFinished) {
		t.Fatalf("finished: %v", err)
	}
}
