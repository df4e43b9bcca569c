package domain

import (
	"math/rand/v2"
	"testing"

	"lamplight/modules/bible"
	"lamplight/platform/dates"
)

// tenYears is a log of ten years, four chapters a day in Bible order.
func tenYears() []Entry {
	r := rand.New(rand.NewPCG(1, 2))
	var es []Entry
	day := "2016-01-01"
	book, chapter := 1, 1
	for range 3653 {
		for range 4 {
			es = append(es, Entry{Date: day, Range: ch(book, chapter)})
			b, _ := bible.BookByID(book)
			if chapter++; chapter > b.ChapterCount {
				book, chapter = book%66+1, 1
			}
		}
		if r.IntN(10) == 0 {
			es = append(es, Entry{Date: day, Range: ch(19, 1+r.IntN(150))})
		}
		day = dates.AddDays(day, 1)
	}
	return es
}

// BenchmarkThreePlansAfterOneEntry: a reader follows M'Cheyne, the Bible in
// a year and Horner, all started ten years ago, and logs one more entry.
func BenchmarkThreePlansAfterOneEntry(b *testing.B) {
	es := tenYears()
	plans := []*Plan{tpl(b, "mcheyne"), tpl(b, "canonical-365"), tpl(b, "horner")}
	credits := make([]*Credits, len(plans))
	for i := range plans {
		credits[i] = NewCredits("2016-01-01", es...)
	}
	e := Entry{Date: "2026-01-01", Range: ch(43, 3)}
	b.ResetTimer()
	for b.Loop() {
		for i, p := range plans {
			credits[i].Add(e)
			_ = credits[i].Progress(p)
			credits[i].Remove(e)
		}
	}
}

// BenchmarkThreePlansFromTheLog is the same from the whole log.
func BenchmarkThreePlansFromTheLog(b *testing.B) {
	es := tenYears()
	plans := []*Plan{tpl(b, "mcheyne"), tpl(b, "canonical-365"), tpl(b, "horner")}
	b.ResetTimer()
	for b.Loop() {
		for _, p := range plans {
			_ = Complete(p, "2016-01-01", es)
		}
	}
}
