package bible

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// randomRange returns a valid range of up to maxLen verses within one book.
func randomRange(rng *rand.Rand, maxLen int) Range {
	start, _ := VerseAt(rng.IntN(TotalVerses))
	b, _ := BookByID(start.Book())
	i, _ := start.Index()
	last, _ := b.Last().Index()
	end, _ := VerseAt(min(last, i+rng.IntN(maxLen)))
	return Range{start, end}
}

// naiveSet is the obvious map-based model the bitset is checked against.
func naiveSet(rs []Range) map[int]bool {
	m := map[int]bool{}
	for _, r := range rs {
		lo, hi, ok := r.indexes()
		for i := lo; ok && i <= hi; i++ {
			m[i] = true
		}
	}
	return m
}

func TestVerseSetAgainstModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < 200; round++ {
		var rs []Range
		for n := rng.IntN(30); n > 0; n-- {
			rs = append(rs, randomRange(rng, 1+rng.IntN(3000)))
		}
		s := NewVerseSet(rs...)
		model := naiveSet(rs)
		if s.Count() != len(model) || UniqueCount(rs) != len(model) {
			t.Fatalf("Count() = %d, want %d", s.Count(), len(model))
		}
		for i := 0; i < 50; i++ {
			v, _ := VerseAt(rng.IntN(TotalVerses))
			idx, _ := v.Index()
			if s.Has(v) != model[idx] {
				t.Fatalf("Has(%v) = %v", v, s.Has(v))
			}
		}
		probe := randomRange(rng, 500)
		lo, hi, _ := probe.indexes()
		want := 0
		for i := lo; i <= hi; i++ {
			if model[i] {
				want++
			}
		}
		if got := s.CountRange(probe); got != want {
			t.Fatalf("CountRange(%v) = %d, want %d", probe, got, want)
		}
		// Runs cover the set exactly, in order, never cross books and are
		// maximal: two runs are never adjacent within a book.
		runs := s.Ranges()
		if got := naiveSet(runs); !reflect.DeepEqual(got, model) {
			t.Fatalf("runs %v do not cover the set", runs)
		}
		for i, r := range runs {
			if r.Validate() != nil {
				t.Fatalf("run %v is not a valid range", r)
			}
			if i > 0 {
				next, _ := runs[i-1].End.Next()
				if runs[i-1].End >= r.Start || next == r.Start && r.Start.Book() == runs[i-1].End.Book() {
					t.Fatalf("runs %v and %v should be one", runs[i-1], r)
				}
			}
		}
		if !reflect.DeepEqual(Consolidate(rs), runs) {
			t.Fatal("Consolidate differs from Ranges")
		}
		checkSegments(t, s, rs)
	}
}

// checkSegments checks the segment invariants over every book and one
// random span: exact coverage, alternation within a book, counts, and read
// flags that agree with the set.
func checkSegments(t *testing.T, s *VerseSet, rs []Range) {
	t.Helper()
	for b, segs := range s.BibleSegments() {
		book, _ := BookByID(b + 1)
		if segs[0].Start != book.First() || segs[len(segs)-1].End != book.Last() {
			t.Fatalf("segments of %s do not span the book", book.USFM)
		}
		total := 0
		for i, sg := range segs {
			r := Range{sg.Start, sg.End}
			if r.Validate() != nil || sg.VerseCount != r.Count() {
				t.Fatalf("bad segment %+v", sg)
			}
			read := s.CountRange(r)
			if sg.Read && read != sg.VerseCount || !sg.Read && read != 0 {
				t.Fatalf("segment %+v disagrees with the set", sg)
			}
			if i > 0 {
				if segs[i-1].Read == sg.Read {
					t.Fatalf("segments %+v and %+v do not alternate", segs[i-1], sg)
				}
				if next, _ := segs[i-1].End.Next(); next != sg.Start {
					t.Fatalf("gap between %+v and %+v", segs[i-1], sg)
				}
			}
			total += sg.VerseCount
		}
		if total != book.TotalVerses() {
			t.Fatalf("segments of %s hold %d verses", book.USFM, total)
		}
	}
}

func TestVerseSetOperations(t *testing.T) {
	gen1, _ := WholeChapter(1, 1)
	var s VerseSet // the zero value is usable
	if s.Count() != 0 || s.Ranges() != nil {
		t.Fatal("zero set is not empty")
	}
	if s.Add(Range{143003017, 143003016}) || s.Add(Range{101001000, 101001001}) || s.AddVerse(101001000) {
		t.Error("invalid ranges were added")
	}
	if !s.AddVerse(101001005) || !s.Has(101001005) || s.Has(101001004) || s.Has(0) {
		t.Error("AddVerse/Has")
	}
	o := NewVerseSet(gen1)
	if s.CountNotIn(o) != 0 || o.CountNotIn(&s) != 30 {
		t.Error("CountNotIn")
	}
	s.AddSet(NewVerseSet(Range{166022021, 166022021}))
	if s.Count() != 2 || !s.Has(LastVerseID) {
		t.Error("AddSet")
	}
	// A range crossing books is added to a set, and runs split it per book.
	cross := NewVerseSet(Range{101050025, 102001002})
	if got := cross.Ranges(); !slices.Equal(got, []Range{{101050025, 101050026}, {102001001, 102001002}}) {
		t.Errorf("cross-book runs %v", got)
	}
	if cross.CountInBook(1) != 2 || cross.CountInBook(2) != 2 || cross.CountInBook(67) != 0 {
		t.Error("CountInBook")
	}
	if cross.CountInChapter(2, 1) != 2 || cross.CountInChapter(2, 41) != 0 {
		t.Error("CountInChapter")
	}
	if s.CountRange(Range{5, 6}) != 0 {
		t.Error("CountRange of an invalid range")
	}
	// Stopping a Runs iteration early must be honoured.
	n := 0
	for range cross.Runs() {
		n++
		break
	}
	if n != 1 {
		t.Error("Runs ignored the stop")
	}
	whole := NewVerseSet(Range{FirstVerseID, LastVerseID})
	if whole.Count() != TotalVerses || len(whole.Ranges()) != BookCount {
		t.Error("whole Bible set")
	}
}

func TestSegmentsErrors(t *testing.T) {
	var s VerseSet
	if _, err := s.Segments(102001001, 101001001); err != ErrFirstAfterFinal {
		t.Errorf("reversed span: %v", err)
	}
	if _, err := s.Segments(101001000, 101001001); err == nil {
		t.Error("span from a nonexistent verse")
	}
	if s.ChapterSegments(1, 51) != nil || s.BookSegments(0) != nil {
		t.Error("segments of nonexistent spans")
	}
	if _, ok := s.BookProgress(67); ok {
		t.Error("progress of book 67")
	}
	if _, ok := s.ChapterProgress(1, 0); ok {
		t.Error("progress of chapter 0")
	}
}

func TestRangeHelpers(t *testing.T) {
	if _, ok := WholeBook(0); ok {
		t.Error("WholeBook(0)")
	}
	if _, ok := WholeChapters(1, 3, 2); ok {
		t.Error("WholeChapters reversed")
	}
	if _, ok := WholeChapter(1, 51); ok {
		t.Error("WholeChapter(1, 51)")
	}
	r := Range{143003016, 143003018}
	if !r.Contains(143003017) || r.Contains(143003019) {
		t.Error("Contains")
	}
	if (Range{143003017, 143003016}).Chapters() != nil {
		t.Error("Chapters of an invalid range")
	}
}
