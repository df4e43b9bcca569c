package bible

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// roundTripRanges returns, for every book, the range shapes Format knows:
// the whole book, every whole chapter, runs of whole chapters, single
// verses, parts of chapters, and ranges across each chapter boundary.
func roundTripRanges() []Range {
	var out []Range
	for _, b := range Books() {
		out = append(out, b.Range())
		for c := 1; c <= b.ChapterCount; c++ {
			n := b.VerseCount(c)
			id := func(v int) VerseID { return NewVerseID(b.ID, c, v) }
			whole, _ := WholeChapter(b.ID, c)
			out = append(out, whole, Range{id(1), id(1)}, Range{id(n), id(n)}, Range{id(2), id(n)}, Range{id(1), id(n - 1)})
			if c < b.ChapterCount {
				two, _ := WholeChapters(b.ID, c, c+1)
				out = append(out, two, Range{id(n), NewVerseID(b.ID, c+1, 1)}, Range{id(1), NewVerseID(b.ID, c+1, 1)})
			}
		}
	}
	return out
}

// TestFormatParseRoundTrip formats thousands of ranges in every locale and
// parses them back: the result must be the very same range.
func TestFormatParseRoundTrip(t *testing.T) {
	rs := roundTripRanges()
	for _, loc := range Locales() {
		for _, r := range rs {
			if r.Validate() != nil {
				continue // verse 2 of a one-verse chapter does not exist
			}
			text, err := Format(r, loc)
			if err != nil {
				t.Fatalf("Format(%v, %s): %v", r, loc, err)
			}
			if got, err := Parse(text, loc); err != nil || got != r {
				t.Errorf("Parse(Format(%v, %s) = %q) = %v, %v", r, loc, text, got, err)
			}
		}
		list, _ := FormatList(rs[:300], loc)
		if got, err := ParseList(list, loc); err != nil || !reflect.DeepEqual(got, rs[:300]) {
			t.Errorf("ParseList(FormatList(...), %s) differs: %v", loc, err)
		}
	}
}

func TestFormatErrors(t *testing.T) {
	if _, err := Format(Range{143003017, 143003016}, English); !errors.Is(err, ErrStartAfterEnd) {
		t.Errorf("reversed range: %v", err)
	}
	if _, err := FormatList([]Range{{101001001, 101001001}, {0, 0}}, English); !errors.Is(err, ErrNoSuchVerse) {
		t.Errorf("list with a bad range: %v", err)
	}
	if s, err := FormatList(nil, English); s != "" || err != nil {
		t.Errorf("empty list: %q, %v", s, err)
	}
	if s, _ := Format(Range{143003016, 143003016}, "xx"); s != "John 3:16" {
		t.Errorf("unknown locale: %q", s)
	}
}

func TestParseErrorDetails(t *testing.T) {
	_, err := ParseList("Gen 1; Ex 2; Foo 3", English)
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Index != 2 || pe.Text != "Foo 3" || !errors.Is(err, ErrInvalidBookName) {
		t.Fatalf("ParseList error %#v", err)
	}
	if !strings.Contains(err.Error(), `reference 3 ("Foo 3"): Invalid book name`) {
		t.Errorf("message %q", err.Error())
	}
	if _, err := Parse("Foo 3", English); err != ErrInvalidBookName {
		t.Errorf("Parse returns the bare error, got %#v", err)
	}
}
