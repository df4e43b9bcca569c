package progress

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"lamplight/modules/bible"
	"lamplight/modules/reading/readingapi"
)

func v(b, c, vs int) bible.VerseID { return bible.NewVerseID(b, c, vs) }

func e(date string, start, end bible.VerseID) readingapi.Entry {
	return readingapi.Entry{Date: date, Start: start, End: end}
}

func wholeBible(date string) []readingapi.Entry {
	var out []readingapi.Entry
	for _, b := range bible.Books() {
		out = append(out, e(date, b.First(), b.Last()))
	}
	return out
}

func TestRead(t *testing.T) {
	cases := []struct {
		name     string
		entries  []readingapi.Entry
		lookBack string
		want     []bible.Range
	}{
		{"empty log", nil, "", nil},
		{
			"overlapping and adjacent entries merge; books stay apart",
			[]readingapi.Entry{
				e("2024-01-01", v(1, 1, 1), v(1, 1, 20)),
				e("2024-01-02", v(1, 1, 10), v(1, 1, 31)),
				e("2024-01-02", v(1, 2, 1), v(1, 2, 3)),
				e("2024-01-03", v(2, 1, 1), v(2, 1, 2)),
				e("2024-01-03", v(1, 50, 26), v(1, 50, 26)),
			},
			"",
			[]bible.Range{{Start: v(1, 1, 1), End: v(1, 2, 3)}, {Start: v(1, 50, 26), End: v(1, 50, 26)}, {Start: v(2, 1, 1), End: v(2, 1, 2)}},
		},
		{
			"entries before lookBackDate do not count",
			[]readingapi.Entry{e("2023-12-31", v(1, 1, 1), v(1, 1, 31)), e("2024-01-01", v(1, 2, 1), v(1, 2, 3))},
			"2024-01-01",
			[]bible.Range{{Start: v(1, 2, 1), End: v(1, 2, 3)}},
		},
		{
			"everything read is one range per book",
			wholeBible("2024-01-01"),
			"",
			func() []bible.Range {
				var out []bible.Range
				for _, b := range bible.Books() {
					out = append(out, b.Range())
				}
				return out
			}(),
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Read(c.entries, c.lookBack); !slices.Equal(got, c.want) {
				t.Fatalf("got  %v\nwant %v", got, c.want)
			}
		})
	}
}

func TestOverview(t *testing.T) {
	// Genesis 1:1 to Jude 25 (a set accepts a span across books), then
	// Revelation up to 22:20.
	allButLastVerse := []bible.Range{{Start: bible.FirstVerseID, End: v(65, 1, 25)}, {Start: v(66, 1, 1), End: v(66, 22, 20)}}
	cases := []struct {
		name                   string
		read                   []bible.Range
		bible, ot, nt, genesis Summary
		genesisSegments        []bible.Segment
	}{
		{
			name:    "nothing read",
			bible:   Summary{0, 31102, 0, 0, 1189, false},
			ot:      Summary{0, 23145, 0, 0, 929, false},
			nt:      Summary{0, 7957, 0, 0, 260, false},
			genesis: Summary{0, 1533, 0, 0, 50, false},
			genesisSegments: []bible.Segment{
				{Start: v(1, 1, 1), End: v(1, 50, 26), Read: false, VerseCount: 1533},
			},
		},
		{
			name:    "Genesis 1:1-2:10",
			read:    []bible.Range{{Start: v(1, 1, 1), End: v(1, 2, 10)}},
			bible:   Summary{41, 31102, 0, 1, 1189, false},
			ot:      Summary{41, 23145, 0, 1, 929, false},
			nt:      Summary{0, 7957, 0, 0, 260, false},
			genesis: Summary{41, 1533, 2, 1, 50, false},
			genesisSegments: []bible.Segment{
				{Start: v(1, 1, 1), End: v(1, 2, 10), Read: true, VerseCount: 41},
				{Start: v(1, 2, 11), End: v(1, 50, 26), Read: false, VerseCount: 1492},
			},
		},
		{
			name:    "everything read",
			read:    Read(wholeBible("2024-01-01"), ""),
			bible:   Summary{31102, 31102, 100, 1189, 1189, true},
			ot:      Summary{23145, 23145, 100, 929, 929, true},
			nt:      Summary{7957, 7957, 100, 260, 260, true},
			genesis: Summary{1533, 1533, 100, 50, 50, true},
			genesisSegments: []bible.Segment{
				{Start: v(1, 1, 1), End: v(1, 50, 26), Read: true, VerseCount: 1533},
			},
		},
		{
			name:    "all but the last verse is 99 percent and not complete",
			read:    allButLastVerse,
			bible:   Summary{31101, 31102, 99, 1188, 1189, false},
			ot:      Summary{23145, 23145, 100, 929, 929, true},
			nt:      Summary{7956, 7957, 99, 259, 260, false},
			genesis: Summary{1533, 1533, 100, 50, 50, true},
			genesisSegments: []bible.Segment{
				{Start: v(1, 1, 1), End: v(1, 50, 26), Read: true, VerseCount: 1533},
			},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := NewOverview(c.read)
			if o.Bible != c.bible || o.OldTestament != c.ot || o.NewTestament != c.nt {
				t.Fatalf("bible %+v ot %+v nt %+v", o.Bible, o.OldTestament, o.NewTestament)
			}
			if len(o.Books) != 66 || o.Books[0].Book != 1 || o.Books[65].Book != 66 {
				t.Fatalf("books: %d", len(o.Books))
			}
			if o.Books[0].Summary != c.genesis || !slices.Equal(o.Books[0].Segments, c.genesisSegments) {
				t.Fatalf("genesis %+v", o.Books[0])
			}
			for _, b := range o.Books {
				n := 0
				for _, s := range b.Segments {
					n += s.VerseCount
				}
				if n != b.TotalVerses {
					t.Fatalf("book %d segments cover %d of %d verses", b.Book, n, b.TotalVerses)
				}
			}
		})
	}
}

func TestBookDetail(t *testing.T) {
	// Malachi: chapters of 14, 17, 18 and 6 verses.
	read := []bible.Range{{Start: v(39, 1, 1), End: v(39, 1, 14)}, {Start: v(39, 2, 5), End: v(39, 3, 3)}}
	d, ok := NewBookDetail(read, 39)
	if !ok {
		t.Fatal("Malachi not found")
	}
	if d.Book.Book != 39 || d.Summary != (Summary{14 + 13 + 3, 55, 54, 1, 4, false}) {
		t.Fatalf("book %+v", d.Book)
	}
	want := []Chapter{
		{1, 14, 14, 100, true, []bible.Segment{{Start: v(39, 1, 1), End: v(39, 1, 14), Read: true, VerseCount: 14}}},
		{2, 13, 17, 76, false, []bible.Segment{
			{Start: v(39, 2, 1), End: v(39, 2, 4), Read: false, VerseCount: 4},
			{Start: v(39, 2, 5), End: v(39, 2, 17), Read: true, VerseCount: 13},
		}},
		{3, 3, 18, 16, false, []bible.Segment{
			{Start: v(39, 3, 1), End: v(39, 3, 3), Read: true, VerseCount: 3},
			{Start: v(39, 3, 4), End: v(39, 3, 18), Read: false, VerseCount: 15},
		}},
		{4, 0, 6, 0, false, []bible.Segment{{Start: v(39, 4, 1), End: v(39, 4, 6), Read: false, VerseCount: 6}}},
	}
	if !reflect.DeepEqual(d.Chapters, want) {
		t.Fatalf("chapters %+v", d.Chapters)
	}
	wantBook := []bible.Segment{
		{Start: v(39, 1, 1), End: v(39, 1, 14), Read: true, VerseCount: 14},
		{Start: v(39, 2, 1), End: v(39, 2, 4), Read: false, VerseCount: 4},
		{Start: v(39, 2, 5), End: v(39, 3, 3), Read: true, VerseCount: 16},
		{Start: v(39, 3, 4), End: v(39, 4, 6), Read: false, VerseCount: 21},
	}
	if !slices.Equal(d.Segments, wantBook) {
		t.Fatalf("book segments %+v", d.Segments)
	}
	for _, b := range []int{0, 67, -1} {
		if _, ok := NewBookDetail(nil, b); ok {
			t.Errorf("book %d exists", b)
		}
	}
}

func TestJSONShape(t *testing.T) {
	d, _ := NewBookDetail([]bible.Range{{Start: v(64, 1, 1), End: v(64, 1, 3)}}, 64)
	raw, _ := json.Marshal(d)
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	want := []string{"book", "chapterCount", "chapters", "chaptersRead", "complete", "percentage", "segments", "totalVerses", "versesRead"}
	if !slices.Equal(keys, want) {
		t.Fatalf("keys %v", keys)
	}
	for _, s := range []string{
		`"segments":[{"startVerseId":164001001,"endVerseId":164001003,"read":true,"verseCount":3},{"startVerseId":164001004,"endVerseId":164001014,"read":false,"verseCount":11}]`,
		`"chapters":[{"chapter":1,"versesRead":3,"totalVerses":14,"percentage":21,"complete":false,"segments":`,
	} {
		if !strings.Contains(string(raw), s) {
			t.Fatalf("%s lacks %s", raw, s)
		}
	}
}
