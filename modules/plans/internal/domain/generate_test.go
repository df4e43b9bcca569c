package domain

import (
	"errors"
	"testing"

	"lamplight/modules/bible"
)

func TestGenerateEqualDaysWithoutSplittingChapters(t *testing.T) {
	p, err := Generate{Name: "Romans", Books: []int{45}, Days: 8}.Build(date(t, start), 0)
	if err != nil {
		t.Fatal(err)
	}
	rom, _ := bible.WholeBook(45)
	if err := CheckCoverage(&p, []Coverage{{Scope: []bible.Range{rom}, Times: 1}}); err != nil {
		t.Fatal(err)
	}
	for _, d := range p.Days {
		for _, u := range d.Units {
			if u.Start.Verse() != 1 || u.End.Verse() != bible.VersesInChapter(45, u.End.Chapter()) {
				t.Fatalf("%v splits a chapter", u)
			}
		}
	}
	if len(p.Days) != 8 {
		t.Fatalf("%d days", len(p.Days))
	}
}

func TestGenerateSplittingChapters(t *testing.T) {
	p, err := Generate{Scope: "nt", Days: 365, SplitChapters: true}.Build(date(t, start), 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckCoverage(&p, []Coverage{{Scope: newTestament, Times: 1}}); err != nil {
		t.Fatal(err)
	}
	lo, hi := 1<<30, 0
	for _, d := range p.Days {
		lo, hi = min(lo, Weight(d.Units)), max(hi, Weight(d.Units))
	}
	if hi-lo > 1 {
		t.Fatalf("days of %d to %d verses", lo, hi)
	}
}

func TestGenerateToAnEndDateOnWeekdays(t *testing.T) {
	w, _ := WeekdaysOf(1, 2, 3, 4, 5)
	// 2026-01-01 (Thursday) to 2026-01-31: 22 weekdays.
	p, err := Generate{Scope: "ot", EndDate: "2026-01-31"}.Build(date(t, start), w)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Days) != 22 {
		t.Fatalf("%d days, want 22", len(p.Days))
	}
	pv := PreviewOf(&p)
	if pv.Days != 22 || pv.VersesPerDay != 1052 || pv.MinutesPerDay != Minutes(1052) {
		t.Fatalf("preview %+v", pv)
	}
}

func TestGenerateRefusals(t *testing.T) {
	for _, tc := range []struct {
		g    Generate
		want error
	}{
		{Generate{Days: 10}, ErrNoBooks},
		{Generate{Books: []int{67}, Days: 10}, ErrBook},
		{Generate{Scope: "nt"}, ErrLength},
		{Generate{Scope: "nt", EndDate: "2025-01-01"}, ErrLength},
		{Generate{Books: []int{57}, Days: 2}, ErrMoreDays},
		{Generate{Books: []int{57}, Days: 26, SplitChapters: true}, ErrMoreDaysThanVerses},
		{Generate{Scope: "bible", Days: 2001}, ErrTooManyDays},
	} {
		if _, err := tc.g.Build(date(t, start), 0); !errors.Is(err, tc.want) {
			t.Errorf("%+v: %v, want %v", tc.g, err, tc.want)
		}
	}
}

func TestMinutes(t *testing.T) {
	// A day of the Bible in a year, 85 verses, is about 9 minutes.
	if m := Minutes(85); m != 9 {
		t.Fatalf("85 verses take %d minutes", m)
	}
	tp, _ := TemplateByID("horner")
	if pv := PreviewOf(&tp.Plan); pv.Days != 0 || pv.MinutesPerDay < 20 || pv.MinutesPerDay > 35 {
		t.Fatalf("horner preview %+v", pv)
	}
}
