package bible

import (
	"errors"
	"fmt"
)

// Range is an inclusive span of verses, as stored on log entries and note
// passages. A valid range lies within one book (see Validate).
type Range struct {
	Start VerseID `json:"startVerseId"`
	End   VerseID `json:"endVerseId"`
}

// Validation errors. The first two messages are part of the product
// contract and must not change.
//
// ErrStartAfterEnd is for a range (a log entry, a note passage), whose ends
// are startVerseId and endVerseId. ErrFirstAfterFinal is for a span, whose
// ends are firstVerseId and finalVerseId: a stretch of the Bible that may
// cross books, such as the span segments are computed over or a passage
// filter (see ValidateSpan).
var (
	ErrStartAfterEnd   = errors.New("startVerseId must be before endVerseId")
	ErrFirstAfterFinal = errors.New("firstVerseId must be before finalVerseId")
	ErrNoSuchVerse     = errors.New("verse does not exist")
	ErrDifferentBooks  = errors.New("startVerseId and endVerseId must be in the same book")
)

// Validate reports why the range is not a valid reading range: an end that
// does not exist (wrapping ErrNoSuchVerse), a start after the end
// (ErrStartAfterEnd) or ends in different books (ErrDifferentBooks).
// A range of one verse (Start == End) is valid.
func (r Range) Validate() error {
	if !r.Start.Exists() {
		return fmt.Errorf("startVerseId %d: %w", int(r.Start), ErrNoSuchVerse)
	}
	if !r.End.Exists() {
		return fmt.Errorf("endVerseId %d: %w", int(r.End), ErrNoSuchVerse)
	}
	if r.Start > r.End {
		return ErrStartAfterEnd
	}
	if r.Start.Book() != r.End.Book() {
		return ErrDifferentBooks
	}
	return nil
}

// ValidateSpan checks a span from first to final verse, which unlike a
// Range may cross books: both ends must exist (ErrNoSuchVerse) and first
// must not come after final (ErrFirstAfterFinal).
func ValidateSpan(first, final VerseID) error {
	if !first.Exists() {
		return fmt.Errorf("firstVerseId %d: %w", int(first), ErrNoSuchVerse)
	}
	if !final.Exists() {
		return fmt.Errorf("finalVerseId %d: %w", int(final), ErrNoSuchVerse)
	}
	if first > final {
		return ErrFirstAfterFinal
	}
	return nil
}

// indexes returns the dense indexes of both ends when both exist and the
// start does not come after the end. Counting and set operations accept
// such ranges even across books; only Validate insists on one book.
func (r Range) indexes() (lo, hi int, ok bool) {
	lo, ok1 := r.Start.Index()
	hi, ok2 := r.End.Index()
	if !ok1 || !ok2 || lo > hi {
		return 0, 0, false
	}
	return lo, hi, true
}

// Count returns the number of verses in the range, spanning chapters (and
// books) correctly, or 0 when an end does not exist or the ends are
// reversed.
func (r Range) Count() int {
	lo, hi, ok := r.indexes()
	if !ok {
		return 0
	}
	return hi - lo + 1
}

// Contains reports whether the verse lies within the range.
func (r Range) Contains(v VerseID) bool { return r.Start <= v && v <= r.End }

// Overlaps reports whether the two ranges share at least one verse. Verse
// ids sort in Bible order, so this is a plain interval test.
func (r Range) Overlaps(o Range) bool { return r.Start <= o.End && o.Start <= r.End }

// Chapters splits the range at chapter boundaries, so that each part lies in
// one chapter. It returns nil for a range that is not valid.
func (r Range) Chapters() []Range {
	if r.Validate() != nil {
		return nil
	}
	b, sc, sv := r.Start.Parts()
	_, ec, ev := r.End.Parts()
	out := make([]Range, 0, ec-sc+1)
	for c := sc; c <= ec; c++ {
		from, to := 1, VersesInChapter(b, c)
		if c == sc {
			from = sv
		}
		if c == ec {
			to = ev
		}
		out = append(out, Range{NewVerseID(b, c, from), NewVerseID(b, c, to)})
	}
	return out
}

// WholeBook returns the range covering a whole book.
func WholeBook(book int) (Range, bool) {
	b, ok := BookByID(book)
	if !ok {
		return Range{}, false
	}
	return b.Range(), true
}

// WholeChapter returns the range covering one chapter.
func WholeChapter(book, chapter int) (Range, bool) {
	return WholeChapters(book, chapter, chapter)
}

// WholeChapters returns the range from the first verse of chapter from to
// the last verse of chapter to, both in the same book.
func WholeChapters(book, from, to int) (Range, bool) {
	n := VersesInChapter(book, to)
	if VersesInChapter(book, from) == 0 || n == 0 || from > to {
		return Range{}, false
	}
	return Range{NewVerseID(book, from, 1), NewVerseID(book, to, n)}, true
}

// Consolidate merges overlapping and adjacent ranges within each book, in
// Bible order, for display: Genesis 1 and Genesis 2 become Genesis 1-2, and
// Genesis 1:31 joins Genesis 2:1. It never merges across books, and drops
// ranges whose ends do not exist or are reversed.
func Consolidate(rs []Range) []Range {
	return NewVerseSet(rs...).Ranges()
}

// UniqueCount returns the number of distinct verses covered by the ranges,
// never counting a verse twice. Ranges whose ends do not exist or are
// reversed are ignored.
func UniqueCount(rs []Range) int {
	return NewVerseSet(rs...).Count()
}
