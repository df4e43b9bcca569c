package bible

// Segment is one run of read or unread verses within a span; progress bars
// are drawn from these.
type Segment struct {
	Start      VerseID `json:"startVerseId"`
	End        VerseID `json:"endVerseId"`
	Read       bool    `json:"read"`
	VerseCount int     `json:"verseCount"`
}

// Segments covers the span from first to final exactly with segments in
// Bible order. Within a book, read and unread segments alternate; a segment
// never crosses a book boundary, so a span over several books is cut at
// each boundary even where the read state does not change. The span is
// checked with ValidateSpan.
func (s *VerseSet) Segments(first, final VerseID) ([]Segment, error) {
	if err := ValidateSpan(first, final); err != nil {
		return nil, err
	}
	lo, _ := first.Index()
	hi, _ := final.Index()
	var out []Segment
	for lo <= hi {
		end := min(hi, bookEndIndex(lo))
		for i := lo; i <= end; {
			read := s.bit(i)
			j := s.next(i, !read, end+1)
			start, _ := VerseAt(i)
			last, _ := VerseAt(j - 1)
			out = append(out, Segment{Start: start, End: last, Read: read, VerseCount: j - i})
			i = j
		}
		lo = end + 1
	}
	return out, nil
}

// ChapterSegments returns the segments of one chapter, or nil when the
// chapter does not exist.
func (s *VerseSet) ChapterSegments(book, chapter int) []Segment {
	r, ok := WholeChapter(book, chapter)
	if !ok {
		return nil
	}
	segs, _ := s.Segments(r.Start, r.End)
	return segs
}

// BookSegments returns the segments of one book, or nil when the book does
// not exist.
func (s *VerseSet) BookSegments(book int) []Segment {
	r, ok := WholeBook(book)
	if !ok {
		return nil
	}
	segs, _ := s.Segments(r.Start, r.End)
	return segs
}

// BibleSegments returns the segments of every book, in Bible order:
// element 0 holds Genesis, element 65 Revelation.
func (s *VerseSet) BibleSegments() [][]Segment {
	out := make([][]Segment, BookCount)
	for b := 1; b <= BookCount; b++ {
		out[b-1] = s.BookSegments(b)
	}
	return out
}
