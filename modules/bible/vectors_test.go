package bible

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"testing"
)

// The shared test vectors in testdata/ are plain JSON so that the web app's
// TypeScript port runs exactly the same cases.

func readVectors(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// errorByMessage maps the messages used in the vectors to the errors.
var errorByMessage = map[string]error{
	ErrInvalidBookName.Error():   ErrInvalidBookName,
	ErrInvalidVerseRange.Error(): ErrInvalidVerseRange,
	ErrStartAfterEnd.Error():     ErrStartAfterEnd,
	ErrFirstAfterFinal.Error():   ErrFirstAfterFinal,
	ErrNoSuchVerse.Error():       ErrNoSuchVerse,
	ErrDifferentBooks.Error():    ErrDifferentBooks,
}

func checkError(t *testing.T, what string, got error, want *string) {
	t.Helper()
	switch {
	case want == nil && got != nil:
		t.Errorf("%s: unexpected error %v", what, got)
	case want != nil && !errors.Is(got, errorByMessage[*want]):
		t.Errorf("%s: error %v, want %q", what, got, *want)
	}
}

func TestVectorsParse(t *testing.T) {
	var f struct {
		Cases []struct {
			Locale Locale
			Input  string
			Ranges []Range
			Error  *string
		}
	}
	readVectors(t, "parse.json", &f)
	for _, c := range f.Cases {
		what := fmt.Sprintf("Parse(%q, %s)", c.Input, c.Locale)
		r, err := Parse(c.Input, c.Locale)
		if c.Error != nil {
			if err == nil || err.Error() != *c.Error {
				t.Errorf("%s = %v, %v; want error %q", what, r, err, *c.Error)
			}
			continue
		}
		if err != nil || len(c.Ranges) != 1 || r != c.Ranges[0] {
			t.Errorf("%s = %v, %v; want %v", what, r, err, c.Ranges)
		}
	}
}

func TestVectorsParseList(t *testing.T) {
	var f struct {
		Cases []struct {
			Locale     Locale
			Input      string
			Ranges     []Range
			Error      *string
			ErrorIndex int
		}
	}
	readVectors(t, "parse_list.json", &f)
	for _, c := range f.Cases {
		what := fmt.Sprintf("ParseList(%q, %s)", c.Input, c.Locale)
		rs, err := ParseList(c.Input, c.Locale)
		if c.Error != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Err.Error() != *c.Error || pe.Index != c.ErrorIndex {
				t.Errorf("%s = %v, %v; want error %q at %d", what, rs, err, *c.Error, c.ErrorIndex)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(rs, c.Ranges) {
			t.Errorf("%s = %v, %v; want %v", what, rs, err, c.Ranges)
		}
	}
}

func TestVectorsDisplay(t *testing.T) {
	var f struct {
		Cases []struct {
			Locale Locale
			Range  Range
			Text   string
		}
	}
	readVectors(t, "display.json", &f)
	for _, c := range f.Cases {
		got, err := Format(c.Range, c.Locale)
		if err != nil || got != c.Text {
			t.Errorf("Format(%v, %s) = %q, %v; want %q", c.Range, c.Locale, got, err, c.Text)
		}
		if r, err := Parse(c.Text, c.Locale); err != nil || r != c.Range {
			t.Errorf("Parse(%q, %s) = %v, %v; want %v", c.Text, c.Locale, r, err, c.Range)
		}
	}
}

func TestVectorsVerses(t *testing.T) {
	var f struct {
		Encode []struct {
			Book, Chapter, Verse int
			VerseID              VerseID
		}
		Exists []struct {
			VerseID VerseID
			Exists  bool
		}
		Next []struct {
			VerseID VerseID
			Next    *VerseID
		}
		Prev []struct {
			VerseID VerseID
			Prev    *VerseID
		}
	}
	readVectors(t, "verses.json", &f)
	for _, c := range f.Encode {
		if got := NewVerseID(c.Book, c.Chapter, c.Verse); got != c.VerseID {
			t.Errorf("NewVerseID(%d, %d, %d) = %d, want %d", c.Book, c.Chapter, c.Verse, got, c.VerseID)
		}
		if b, ch, v := c.VerseID.Parts(); b != c.Book || ch != c.Chapter || v != c.Verse {
			t.Errorf("%d.Parts() = %d, %d, %d", c.VerseID, b, ch, v)
		}
	}
	for _, c := range f.Exists {
		if got := c.VerseID.Exists(); got != c.Exists {
			t.Errorf("%d.Exists() = %v, want %v", int(c.VerseID), got, c.Exists)
		}
	}
	step := func(name string, fn func(VerseID) (VerseID, bool), v VerseID, want *VerseID) {
		got, ok := fn(v)
		if ok != (want != nil) || ok && got != *want {
			t.Errorf("%d.%s() = %v, %v; want %v", int(v), name, got, ok, want)
		}
	}
	for _, c := range f.Next {
		step("Next", VerseID.Next, c.VerseID, c.Next)
	}
	for _, c := range f.Prev {
		step("Prev", VerseID.Prev, c.VerseID, c.Prev)
	}
}

func TestVectorsRanges(t *testing.T) {
	var f struct {
		Validate []struct {
			Range Range
			Error *string
		}
		ValidateSpan []struct {
			First, Final VerseID
			Error        *string
		}
		Count []struct {
			Range Range
			Count int
		}
		UniqueCount []struct {
			Ranges []Range
			Count  int
		}
		Consolidate []struct{ Ranges, Expected []Range }
		Overlaps    []struct {
			A, B     Range
			Overlaps bool
		}
		Chapters []struct {
			Range    Range
			Expected []Range
		}
	}
	readVectors(t, "ranges.json", &f)
	for _, c := range f.Validate {
		checkError(t, fmt.Sprintf("%v.Validate()", c.Range), c.Range.Validate(), c.Error)
	}
	for _, c := range f.ValidateSpan {
		checkError(t, fmt.Sprintf("ValidateSpan(%d, %d)", c.First, c.Final), ValidateSpan(c.First, c.Final), c.Error)
	}
	for _, c := range f.Count {
		if got := c.Range.Count(); got != c.Count {
			t.Errorf("%v.Count() = %d, want %d", c.Range, got, c.Count)
		}
	}
	for _, c := range f.UniqueCount {
		if got := UniqueCount(c.Ranges); got != c.Count {
			t.Errorf("UniqueCount(%v) = %d, want %d", c.Ranges, got, c.Count)
		}
	}
	for _, c := range f.Consolidate {
		if got := Consolidate(c.Ranges); !reflect.DeepEqual(got, c.Expected) && len(got)+len(c.Expected) > 0 {
			t.Errorf("Consolidate(%v) = %v, want %v", c.Ranges, got, c.Expected)
		}
	}
	for _, c := range f.Overlaps {
		if got := c.A.Overlaps(c.B); got != c.Overlaps {
			t.Errorf("%v.Overlaps(%v) = %v", c.A, c.B, got)
		}
	}
	for _, c := range f.Chapters {
		if got := c.Range.Chapters(); !reflect.DeepEqual(got, c.Expected) {
			t.Errorf("%v.Chapters() = %v, want %v", c.Range, got, c.Expected)
		}
	}
}

func TestVectorsSegments(t *testing.T) {
	var f struct {
		Cases []struct {
			Read []Range
			Span struct {
				Book, Chapter int
				First, Final  VerseID
			}
			Expected []Segment
			Error    *string
		}
	}
	readVectors(t, "segments.json", &f)
	for _, c := range f.Cases {
		s := NewVerseSet(c.Read...)
		var got []Segment
		var err error
		switch sp := c.Span; {
		case sp.Chapter != 0:
			got = s.ChapterSegments(sp.Book, sp.Chapter)
		case sp.Book != 0:
			got = s.BookSegments(sp.Book)
		default:
			got, err = s.Segments(sp.First, sp.Final)
		}
		checkError(t, fmt.Sprintf("segments %+v", c.Span), err, c.Error)
		if c.Error == nil && !reflect.DeepEqual(got, c.Expected) {
			t.Errorf("segments %+v of %v = %v, want %v", c.Span, c.Read, got, c.Expected)
		}
	}
}

func TestVectorsProgress(t *testing.T) {
	var f struct {
		Cases []struct {
			Read                              []Range
			Bible, OldTestament, NewTestament Progress
			Books                             []struct {
				Book     int
				Progress Progress
			}
			Chapters []struct {
				Book, Chapter int
				Progress      Progress
			}
		}
	}
	readVectors(t, "progress.json", &f)
	for i, c := range f.Cases {
		s := NewVerseSet(c.Read...)
		rep := s.Report()
		check := func(what string, got, want Progress) {
			if got != want {
				t.Errorf("case %d %s = %+v, want %+v", i, what, got, want)
			}
		}
		check("BibleProgress", s.BibleProgress(), c.Bible)
		check("Report.Bible", rep.Bible, c.Bible)
		check("TestamentProgress(false)", s.TestamentProgress(false), c.OldTestament)
		check("Report.OldTestament", rep.OldTestament, c.OldTestament)
		check("TestamentProgress(true)", s.TestamentProgress(true), c.NewTestament)
		check("Report.NewTestament", rep.NewTestament, c.NewTestament)
		for _, b := range c.Books {
			got, _ := s.BookProgress(b.Book)
			check(fmt.Sprintf("BookProgress(%d)", b.Book), got, b.Progress)
			check(fmt.Sprintf("Report book %d", b.Book), rep.Books[b.Book-1].Progress, b.Progress)
		}
		for _, ch := range c.Chapters {
			got, _ := s.ChapterProgress(ch.Book, ch.Chapter)
			check(fmt.Sprintf("ChapterProgress(%d, %d)", ch.Book, ch.Chapter), got, ch.Progress)
			check(fmt.Sprintf("Report chapter %d:%d", ch.Book, ch.Chapter), rep.Books[ch.Book-1].Chapters[ch.Chapter-1], ch.Progress)
		}
	}
}

func TestVectorsLinks(t *testing.T) {
	var f struct {
		DefaultVersions map[Locale]string
		Cases           []struct {
			App, Version string
			Range        Range
			URL          string
		}
	}
	readVectors(t, "links.json", &f)
	for loc, v := range f.DefaultVersions {
		if got := DefaultVersionFor(loc); got != v {
			t.Errorf("DefaultVersionFor(%s) = %s, want %s", loc, got, v)
		}
	}
	for _, c := range f.Cases {
		got, err := Link(ParseApp(c.App), c.Version, c.Range)
		if err != nil || got != c.URL {
			t.Errorf("Link(%q, %q, %v) = %q, %v; want %q", c.App, c.Version, c.Range, got, err, c.URL)
		}
	}
}
