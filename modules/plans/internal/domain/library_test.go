package domain

import (
	"testing"

	"lamplight/modules/bible"
)

func TestEveryTemplatePassesItsCoverageCheck(t *testing.T) {
	for _, tpl := range Library() {
		t.Run(tpl.ID, func(t *testing.T) {
			if err := CheckCoverage(&tpl.Plan, tpl.Coverage); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestTemplateShapes(t *testing.T) {
	days := map[string]int{"canonical-365": 365, "ot-nt-365": 365, "mcheyne": 365, "nt-90": 90, "psalms-proverbs-31": 31}
	for _, tpl := range Library() {
		if want, ok := days[tpl.ID]; ok && len(tpl.Plan.Days) != want {
			t.Errorf("%s: %d days, want %d", tpl.ID, len(tpl.Plan.Days), want)
		}
	}
	horner, _ := TemplateByID("horner")
	var lens []int
	for _, tr := range horner.Plan.Tracks {
		lens = append(lens, len(tr.Units))
	}
	want := []int{89, 187, 78, 65, 62, 150, 31, 249, 250, 28}
	if len(lens) != len(want) {
		t.Fatalf("horner lists %v, want %v", lens, want)
	}
	for i := range want {
		if lens[i] != want[i] {
			t.Fatalf("horner lists %v, want %v", lens, want)
		}
	}
}

func TestMcheyneIsThePrintedCalendar(t *testing.T) {
	tpl, _ := TemplateByID("mcheyne")
	format := func(day int) string {
		s, err := bible.FormatList(tpl.Plan.Days[day-1].Units, bible.English)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for day, want := range map[int]string{
		1:   "Genesis 1; Matthew 1; Ezra 1; Acts 1",
		365: "2 Chronicles 36; Revelation 22; Malachi 4; John 21",
	} {
		if got := format(day); got != want {
			t.Errorf("day %d = %q, want %q", day, got, want)
		}
	}
	// 8 August reads Jeremiah 45 with Jeremiah 36: five passages that day.
	if n := len(tpl.Plan.Days[219].Units); n != 5 {
		t.Errorf("day 220 has %d passages, want 5", n)
	}
	if n := tpl.Plan.UnitCount(); n != 1461 {
		t.Errorf("%d passages, want 1461", n)
	}
}

func TestCoverageCheckFindsAGap(t *testing.T) {
	tpl, _ := TemplateByID("mcheyne")
	p := tpl.Plan
	p.Days = append([]Day(nil), p.Days...)
	u := p.Days[219].Units
	p.Days[219] = Day{Units: append(append([]bible.Range(nil), u[:3]...), u[4])} // the widely shipped error: no Jer 45
	err := CheckCoverage(&p, tpl.Coverage)
	ce, ok := err.(*CoverageError)
	if !ok || ce.Differences != 5 || ce.Verse != bible.NewVerseID(24, 45, 1) {
		t.Fatalf("err = %v", err)
	}
}

func TestCutKeepsOrderAndFillsEverySlot(t *testing.T) {
	for _, tc := range []struct {
		weights []int
		n       int
	}{{[]int{1, 1, 1, 1}, 2}, {[]int{10, 1, 1, 1, 1}, 3}, {[]int{5, 5}, 4}, {[]int{3}, 1}, {[]int{1, 2, 3}, 3}} {
		ends := Cut(tc.weights, tc.n)
		if len(ends) != tc.n || ends[tc.n-1] != len(tc.weights) {
			t.Fatalf("Cut(%v, %d) = %v", tc.weights, tc.n, ends)
		}
		for j := 1; j < tc.n; j++ {
			if ends[j] < ends[j-1] || (len(tc.weights) >= tc.n && ends[j] == ends[j-1]) {
				t.Fatalf("Cut(%v, %d) = %v", tc.weights, tc.n, ends)
			}
		}
	}
	if got := Cut([]int{5, 5}, 4); got[0] != 0 || got[1] != 1 || got[2] != 1 || got[3] != 2 {
		t.Fatalf("two items over four slots = %v, want the second in the last slot", got)
	}
}
