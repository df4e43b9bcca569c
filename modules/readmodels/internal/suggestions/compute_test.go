package suggestions

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"lamplight/modules/bible"
	"lamplight/modules/reading/readingapi"
)

const today = "2024-06-10"

func v(b, c, vs int) bible.VerseID { return bible.NewVerseID(b, c, vs) }

func e(date string, start, end bible.VerseID) readingapi.Entry {
	return readingapi.Entry{Date: date, Start: start, End: end}
}

func chapters(date string, b, from, to int) readingapi.Entry {
	r, _ := bible.WholeChapters(b, from, to)
	return e(date, r.Start, r.End)
}

func books(date string, ids ...int) []readingapi.Entry {
	var out []readingapi.Entry
	for _, id := range ids {
		b, _ := bible.BookByID(id)
		out = append(out, e(date, b.First(), b.Last()))
	}
	return out
}

// show renders suggestions as "kind range [after date]" for readable diffs.
func show(ss []Suggestion) []string {
	out := []string{}
	for _, s := range ss {
		t := fmt.Sprintf("%s %v-%v", s.Context.Kind, s.Start, s.End)
		if a := s.Context.AfterEntry; a != nil {
			t += fmt.Sprintf(" after %v-%v %s", a.Start, a.End, a.Date)
		}
		out = append(out, t)
	}
	return out
}

func cat(lists ...[]readingapi.Entry) []readingapi.Entry {
	var out []readingapi.Entry
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

func TestCompute(t *testing.T) {
	at := func(min int) time.Time { return time.Date(2024, 6, 1, 0, min, 0, 0, time.UTC) }
	withCreated := func(x readingapi.Entry, min int) readingapi.Entry { x.CreatedAt = at(min); return x }
	cases := []struct {
		name     string
		entries  []readingapi.Entry
		lookBack string
		want     []string
	}{
		{
			"new reader gets Matthew 1, Genesis 1, Psalms 1",
			nil, "",
			[]string{"nt MAT 1:1-MAT 1:25", "ot GEN 1:1-GEN 1:31", "wisdom PSA 1:1-PSA 1:6"},
		},
		{
			"a reader who read everything gets none, even after recent reading",
			cat(books("2024-01-01", span(1, 66)...), []readingapi.Entry{chapters("2024-06-09", 1, 1, 1)}), "",
			[]string{},
		},
		{
			"continue mid-chapter; the OT candidate overlapping it is dropped and the turn passes on",
			[]readingapi.Entry{e("2024-06-09", v(1, 1, 1), v(1, 1, 10))}, "",
			[]string{
				"continue GEN 1:11-GEN 1:31 after GEN 1:1-GEN 1:10 2024-06-09",
				"nt MAT 1:1-MAT 1:25",
				"wisdom PSA 1:1-PSA 1:6",
			},
		},
		{
			"an entry ending a chapter continues with the whole next chapter",
			[]readingapi.Entry{chapters("2024-06-09", 1, 1, 1)}, "",
			[]string{
				"continue GEN 2:1-GEN 2:25 after GEN 1:1-GEN 1:31 2024-06-09",
				"nt MAT 1:1-MAT 1:25",
				"wisdom PSA 1:1-PSA 1:6",
			},
		},
		{
			"the next chapter is continued even when read long ago",
			[]readingapi.Entry{
				chapters("2024-01-01", 1, 2, 2),
				chapters("2024-06-07", 40, 1, 1), chapters("2024-06-08", 40, 2, 2), chapters("2024-06-09", 1, 1, 1),
			}, "",
			[]string{
				"continue GEN 2:1-GEN 2:25 after GEN 1:1-GEN 1:31 2024-06-09",
				"continue MAT 3:1-MAT 3:17 after MAT 2:1-MAT 2:23 2024-06-08",
				"ot GEN 3:1-GEN 3:24", // NT's Matthew 3 is already suggested
			},
		},
		{
			"an entry ending the book gives no continuation",
			[]readingapi.Entry{chapters("2024-06-09", 1, 50, 50)}, "",
			[]string{"nt MAT 1:1-MAT 1:25", "ot GEN 1:1-GEN 1:31", "wisdom PSA 1:1-PSA 1:6"},
		},
		{
			"a single-chapter book continues within its chapter, and not past its end",
			[]readingapi.Entry{e("2024-06-09", v(65, 1, 1), v(65, 1, 10)), e("2024-06-08", v(31, 1, 1), v(31, 1, 21))}, "",
			[]string{
				"continue JUD 1:11-JUD 1:25 after JUD 1:1-JUD 1:10 2024-06-09",
				"nt MAT 1:1-MAT 1:25",
				"ot GEN 1:1-GEN 1:31",
			},
		},
		{
			"an entry across chapters continues after its last verse",
			[]readingapi.Entry{e("2024-06-07", v(1, 1, 20), v(1, 2, 5))}, "",
			[]string{
				"continue GEN 2:6-GEN 2:25 after GEN 1:20-GEN 2:5 2024-06-07",
				"nt MAT 1:1-MAT 1:25",
				"ot GEN 1:1-GEN 1:31",
			},
		},
		{
			"only the last three reading days before today count: not today, not a fourth",
			[]readingapi.Entry{
				chapters("2024-05-20", 40, 1, 1), chapters("2024-06-01", 41, 1, 1), chapters("2024-06-01", 19, 1, 1),
				chapters("2024-06-05", 42, 1, 1), chapters("2024-06-09", 43, 1, 1),
				chapters(today, 44, 1, 1), chapters("2024-06-11", 45, 1, 1),
			}, "",
			[]string{
				"continue JHN 2:1-JHN 2:25 after JHN 1:1-JHN 1:51 2024-06-09",
				"continue LUK 2:1-LUK 2:52 after LUK 1:1-LUK 1:80 2024-06-05",
				// Psalms and Mark share a date and no logging time: Bible order.
				"continue PSA 2:1-PSA 2:12 after PSA 1:1-PSA 1:6 2024-06-01",
			},
		},
		{
			"after a break the reader still continues where they stopped",
			[]readingapi.Entry{e("2024-03-01", v(1, 1, 1), v(1, 1, 10))}, "",
			[]string{
				"continue GEN 1:11-GEN 1:31 after GEN 1:1-GEN 1:10 2024-03-01",
				"nt MAT 1:1-MAT 1:25",
				"wisdom PSA 1:1-PSA 1:6",
			},
		},
		{
			"future entries are read, but not continued",
			[]readingapi.Entry{chapters("2024-06-11", 44, 1, 1), chapters("2024-06-12", 40, 1, 1)}, "",
			[]string{"nt MAT 2:1-MAT 2:23", "ot GEN 1:1-GEN 1:31", "wisdom PSA 1:1-PSA 1:6"},
		},
		{
			"a continuation overlapping an entry dated today is dropped",
			[]readingapi.Entry{chapters("2024-06-09", 1, 1, 1), e(today, v(1, 2, 1), v(1, 2, 5))}, "",
			[]string{"nt MAT 1:1-MAT 1:25", "ot GEN 2:1-GEN 2:25", "wisdom PSA 1:1-PSA 1:6"},
		},
		{
			"a continuation next to, not overlapping, today's entry stays",
			[]readingapi.Entry{e("2024-06-09", v(1, 1, 1), v(1, 1, 10)), e(today, v(1, 2, 1), v(1, 2, 5))}, "",
			[]string{
				"continue GEN 1:11-GEN 1:31 after GEN 1:1-GEN 1:10 2024-06-09",
				"nt MAT 1:1-MAT 1:25",
				"wisdom PSA 1:1-PSA 1:6",
			},
		},
		{
			"per book the entry ending latest wins, whatever its date",
			[]readingapi.Entry{chapters("2024-06-07", 1, 1, 10), chapters("2024-06-09", 1, 3, 3)}, "",
			[]string{
				"continue GEN 11:1-GEN 11:32 after GEN 1:1-GEN 10:32 2024-06-07",
				"nt MAT 1:1-MAT 1:25",
				"wisdom PSA 1:1-PSA 1:6",
			},
		},
		{
			"newest first, at most three; same day by logging time, latest first",
			[]readingapi.Entry{
				withCreated(chapters("2024-06-07", 44, 2, 2), 1),
				withCreated(chapters("2024-06-07", 19, 23, 23), 2),
				withCreated(e("2024-06-08", v(45, 1, 1), v(45, 1, 17)), 3),
				withCreated(e("2024-06-09", v(43, 3, 1), v(43, 3, 10)), 4),
			}, "",
			[]string{
				"continue JHN 3:11-JHN 3:36 after JHN 3:1-JHN 3:10 2024-06-09",
				"continue ROM 1:18-ROM 1:32 after ROM 1:1-ROM 1:17 2024-06-08",
				"continue PSA 24:1-PSA 24:10 after PSA 23:1-PSA 23:6 2024-06-07",
			},
		},
		{
			"two continuations block both paths' first candidates",
			[]readingapi.Entry{chapters("2024-01-01", 40, 1, 4), e("2024-06-09", v(40, 5, 1), v(40, 5, 9)), e("2024-06-09", v(1, 1, 1), v(1, 1, 3))}, "",
			[]string{
				"continue GEN 1:4-GEN 1:31 after GEN 1:1-GEN 1:3 2024-06-09",
				"continue MAT 5:10-MAT 5:48 after MAT 5:1-MAT 5:9 2024-06-09",
				"wisdom PSA 1:1-PSA 1:6",
			},
		},
		{
			"paths skip fully read books and chapters; a partly read chapter is offered whole",
			cat(
				books("2024-01-01", 40, 1, 19),
				[]readingapi.Entry{chapters("2024-01-01", 41, 1, 3), e("2024-01-02", v(2, 1, 1), v(2, 1, 5))},
				books("2024-06-07", 65), books("2024-06-08", 65), books("2024-06-09", 65), // nothing to continue
			), "",
			[]string{"nt MRK 4:1-MRK 4:41", "ot EXO 1:1-EXO 1:22", "wisdom PRO 1:1-PRO 1:33"},
		},
		{
			"a path that runs out leaves the rotation",
			books("2024-01-01", span(40, 66)...), "",
			[]string{"ot GEN 1:1-GEN 1:31", "wisdom PSA 1:1-PSA 1:6", "ot EXO 1:1-EXO 1:22"},
		},
		{
			"two paths run out",
			books("2024-01-01", append(span(40, 66), 18, 19, 20, 21, 22)...), "",
			[]string{"ot GEN 1:1-GEN 1:31", "ot EXO 1:1-EXO 1:22", "ot LEV 1:1-LEV 1:17"},
		},
		{
			"a dropped candidate spends its path's turn; exhausted paths then give way",
			cat(books("2024-01-01", span(1, 39)...), []readingapi.Entry{chapters("2024-01-01", 40, 1, 4), e("2024-06-09", v(40, 5, 1), v(40, 5, 9))}), "",
			[]string{
				"continue MAT 5:10-MAT 5:48 after MAT 5:1-MAT 5:9 2024-06-09",
				"nt MRK 1:1-MRK 1:45",
				"nt LUK 1:1-LUK 1:80",
			},
		},
		{
			"one verse left",
			[]readingapi.Entry{e("2024-01-01", bible.FirstVerseID, v(66, 22, 20))}, "",
			[]string{"nt REV 22:1-REV 22:21"},
		},
		{
			"entries before lookBackDate do not count, for the paths nor for continuing",
			cat(books("2024-01-01", 40), []readingapi.Entry{chapters("2024-06-09", 1, 1, 1)}), today,
			[]string{"nt MAT 1:1-MAT 1:25", "ot GEN 1:1-GEN 1:31", "wisdom PSA 1:1-PSA 1:6"},
		},
		{
			"entries on or after lookBackDate count",
			cat(books("2024-06-01", 40), []readingapi.Entry{chapters("2024-06-09", 1, 1, 1)}), "2024-06-01",
			[]string{
				"continue GEN 2:1-GEN 2:25 after GEN 1:1-GEN 1:31 2024-06-09",
				"nt MRK 1:1-MRK 1:45",
				"wisdom PSA 1:1-PSA 1:6", // Genesis 2, OT's candidate, is already suggested
			},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := show(Compute(c.entries, c.lookBack, today))
			if !slices.Equal(got, c.want) {
				t.Fatalf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}

func TestComputeIsIndependentOfEntryOrder(t *testing.T) {
	log := []readingapi.Entry{
		chapters("2024-01-01", 40, 1, 4), e("2024-06-09", v(40, 5, 1), v(40, 5, 9)),
		e("2024-06-08", v(1, 1, 1), v(1, 1, 3)), e("2024-06-07", v(1, 1, 1), v(1, 1, 2)),
	}
	want := show(Compute(log, "", today))
	slices.Reverse(log)
	if got := show(Compute(log, "", today)); !slices.Equal(got, want) {
		t.Fatalf("%q vs %q", got, want)
	}
}

func TestJSONShape(t *testing.T) {
	raw, _ := json.Marshal(Compute([]readingapi.Entry{e("2024-06-09", v(1, 1, 1), v(1, 1, 10))}, "", today))
	want := `[{"startVerseId":101001011,"endVerseId":101001031,"suggestionContext":{"kind":"continue","afterEntry":{"startVerseId":101001001,"endVerseId":101001010,"date":"2024-06-09"}}},` +
		`{"startVerseId":140001001,"endVerseId":140001025,"suggestionContext":{"kind":"nt"}},` +
		`{"startVerseId":119001001,"endVerseId":119001006,"suggestionContext":{"kind":"wisdom"}}]`
	if string(raw) != want {
		t.Fatalf("%s", raw)
	}
	if raw, _ := json.Marshal(Compute(books("2024-01-01", span(1, 66)...), "", today)); string(raw) != "[]" {
		t.Fatalf("none is %s", raw)
	}
}
