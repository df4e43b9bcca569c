package bible

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

func BenchmarkParse(b *testing.B) {
	inputs := []struct {
		loc  Locale
		text string
	}{
		{English, "John 3:16"},
		{English, "1 Cor. 13:4-7"},
		{English, "Deuteronomy 1:13-4:18"},
		{German, "1. Mose 1,1-2,3"},
		{Ukrainian, "Об'явлення 21"},
	}
	for _, in := range inputs {
		b.Run(fmt.Sprintf("%s/%s", in.loc, in.text), func(b *testing.B) {
			for b.Loop() {
				if _, err := Parse(in.text, in.loc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkParseList(b *testing.B) {
	for b.Loop() {
		if _, err := ParseList("Jn 3; Ps 23; Rom 8:1-17, 28; Gen 1, Ex 2", English); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFormat(b *testing.B) {
	r := Range{105001013, 105004018}
	for b.Loop() {
		if _, err := Format(r, German); err != nil {
			b.Fatal(err)
		}
	}
}

// benchRanges returns n reproducible random ranges of 1-100 verses, about
// the size of one reading.
func benchRanges(n int) []Range {
	rng := rand.New(rand.NewPCG(42, 42))
	rs := make([]Range, n)
	for i := range rs {
		rs[i] = randomRange(rng, 100)
	}
	return rs
}

func BenchmarkUniqueCount(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		rs := benchRanges(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				UniqueCount(rs)
			}
		})
	}
}

// BenchmarkBibleProgress measures the whole path from a reader's log
// entries to whole-Bible progress (verses, percentage, complete chapters).
func BenchmarkBibleProgress(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		rs := benchRanges(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				NewVerseSet(rs...).BibleProgress()
			}
		})
	}
}

// BenchmarkReport measures progress at every level (Bible, testaments, 66
// books, 1,189 chapters) from 10,000 ranges.
func BenchmarkReport(b *testing.B) {
	rs := benchRanges(10000)
	for b.Loop() {
		NewVerseSet(rs...).Report()
	}
}

func BenchmarkConsolidate(b *testing.B) {
	rs := benchRanges(10000)
	for b.Loop() {
		Consolidate(rs)
	}
}
