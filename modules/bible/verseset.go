package bible

import (
	"iter"
	"math/bits"
	"slices"
	"sort"
)

const setWords = (TotalVerses + 63) / 64

// VerseSet is a set of verses stored as one bit per verse of the Bible
// (31,102 bits, under 4 KiB), indexed by dense verse index. Unions, counts
// and progress over thousands of ranges then cost a few word operations per
// range instead of sorting and merging. The zero value is an empty set.
type VerseSet struct {
	w [setWords]uint64
}

// NewVerseSet returns a set holding the verses of the given ranges (see Add).
func NewVerseSet(rs ...Range) *VerseSet {
	s := &VerseSet{}
	for _, r := range rs {
		s.Add(r)
	}
	return s
}

// Add adds every verse of the range. A range whose ends do not exist or are
// reversed adds nothing and returns false; a range crossing books is
// accepted, since a set has no notion of books.
func (s *VerseSet) Add(r Range) bool {
	lo, hi, ok := r.indexes()
	if !ok {
		return false
	}
	s.setBits(lo, hi)
	return true
}

// AddVerse adds one verse, returning false when it does not exist.
func (s *VerseSet) AddVerse(v VerseID) bool {
	return s.Add(Range{v, v})
}

// AddSet adds every verse of o.
func (s *VerseSet) AddSet(o *VerseSet) {
	for i := range s.w {
		s.w[i] |= o.w[i]
	}
}

// Has reports whether the verse is in the set.
func (s *VerseSet) Has(v VerseID) bool {
	i, ok := v.Index()
	return ok && s.bit(i)
}

// Count returns the number of verses in the set.
func (s *VerseSet) Count() int {
	n := 0
	for _, w := range s.w {
		n += bits.OnesCount64(w)
	}
	return n
}

// CountNotIn returns the number of verses in s that are not in o, e.g. the
// verses read on a day that were not read on any earlier day.
func (s *VerseSet) CountNotIn(o *VerseSet) int {
	n := 0
	for i, w := range s.w {
		n += bits.OnesCount64(w &^ o.w[i])
	}
	return n
}

// CountRange returns how many verses of the range are in the set (0 for a
// range whose ends do not exist or are reversed). A range is fully read when
// this equals r.Count().
func (s *VerseSet) CountRange(r Range) int {
	lo, hi, ok := r.indexes()
	if !ok {
		return 0
	}
	return s.countBits(lo, hi)
}

// CountInBook returns how many verses of the book are in the set.
func (s *VerseSet) CountInBook(book int) int {
	r, ok := WholeBook(book)
	if !ok {
		return 0
	}
	return s.CountRange(r)
}

// CountInChapter returns how many verses of the chapter are in the set.
func (s *VerseSet) CountInChapter(book, chapter int) int {
	r, ok := WholeChapter(book, chapter)
	if !ok {
		return 0
	}
	return s.CountRange(r)
}

// Runs yields the set's maximal runs of consecutive verses in Bible order.
// A run never crosses books, so every yielded range is valid; runs do cross
// chapters.
func (s *VerseSet) Runs() iter.Seq[Range] {
	return func(yield func(Range) bool) {
		for i := s.next(0, true, TotalVerses); i < TotalVerses; i = s.next(i, true, TotalVerses) {
			end := s.next(i, false, bookEndIndex(i)+1)
			first, _ := VerseAt(i)
			last, _ := VerseAt(end - 1)
			if !yield(Range{first, last}) {
				return
			}
			i = end
		}
	}
}

// Ranges returns the runs of the set (see Runs) as a slice: the smallest
// list of ranges covering exactly the set's verses.
func (s *VerseSet) Ranges() []Range {
	return slices.Collect(s.Runs())
}

func (s *VerseSet) bit(i int) bool { return s.w[i>>6]&(1<<(uint(i)&63)) != 0 }

// setBits sets bits lo..hi inclusive, a word at a time.
func (s *VerseSet) setBits(lo, hi int) {
	for lw, hw := lo>>6, hi>>6; lw <= hw; lw++ {
		m := ^uint64(0)
		if lw == lo>>6 {
			m &= ^uint64(0) << (uint(lo) & 63)
		}
		if lw == hw {
			m &= ^uint64(0) >> (63 - uint(hi)&63)
		}
		s.w[lw] |= m
	}
}

// countBits counts set bits lo..hi inclusive.
func (s *VerseSet) countBits(lo, hi int) int {
	n := 0
	for lw, hw := lo>>6, hi>>6; lw <= hw; lw++ {
		m := ^uint64(0)
		if lw == lo>>6 {
			m &= ^uint64(0) << (uint(lo) & 63)
		}
		if lw == hw {
			m &= ^uint64(0) >> (63 - uint(hi)&63)
		}
		n += bits.OnesCount64(s.w[lw] & m)
	}
	return n
}

// next returns the first index in [i, limit) whose bit equals val, or limit.
func (s *VerseSet) next(i int, val bool, limit int) int {
	for i < limit {
		w := s.w[i>>6]
		if !val {
			w = ^w
		}
		w &= ^uint64(0) << (uint(i) & 63)
		if w != 0 {
			return min(i&^63+bits.TrailingZeros64(w), limit)
		}
		i = i&^63 + 64
	}
	return limit
}

// bookEndIndex returns the dense index of the last verse of the book that
// holds dense index i.
func bookEndIndex(i int) int {
	b := sort.Search(BookCount, func(j int) bool { return k.books[j+1].firstIndex > i })
	return k.books[b].firstIndex + k.books[b].total - 1
}
