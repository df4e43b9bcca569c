package domain_test

import (
	"fmt"
	"strings"
	"testing"

	"lamplight/modules/bible"
	"lamplight/modules/notes/internal/domain"
	"lamplight/platform/errs"
)

// details maps each field to its code, with the reason when there is one
// ("is_invalid/start_after_end").
func details(err error) map[string]string {
	out := map[string]string{}
	if e, ok := errs.As(err); ok {
		for _, d := range e.Details {
			out[d.Field] = d.Code
			if r, ok := d.Properties["reason"]; ok {
				out[d.Field] += "/" + fmt.Sprint(r)
			}
		}
	}
	return out
}

var john316 = bible.Range{Start: 143003016, End: 143003016}

func TestDraftValidate(t *testing.T) {
	d, err := domain.Draft{
		Content:  "\n  \n    code line\nmore  \n\n",
		Passages: []bible.Range{john316, {Start: 101001001, End: 101001031}, john316},
		Tags:     []string{"a", "b", "a"},
	}.Validate()
	if err != nil {
		t.Fatal(err)
	}
	if d.Content != "    code line\nmore" || len(d.Passages) != 2 || strings.Join(d.Tags, ",") != "a,b" {
		t.Fatalf("%q %+v %v", d.Content, d.Passages, d.Tags)
	}
	if d, err := (domain.Draft{Passages: []bible.Range{john316}}).Validate(); err != nil || d.Content != "" || d.Tags == nil {
		t.Fatalf("a passage alone is a note: %v %+v", err, d)
	}
	if _, err := (domain.Draft{Content: strings.Repeat("é", 3000)}).Validate(); err != nil {
		t.Fatalf("3,000 characters refused: %v", err)
	}

	cases := []struct {
		name string
		d    domain.Draft
		want map[string]string
	}{
		{"empty", domain.Draft{Content: " \n\t"}, map[string]string{"content": "required"}},
		{"too long", domain.Draft{Content: strings.Repeat("a", 3001)}, map[string]string{"content": "max_length"}},
		{"nul", domain.Draft{Content: "a\x00b"}, map[string]string{"content": "is_invalid"}},
		{"passage ends missing", domain.Draft{Passages: []bible.Range{{Start: 143003016}, {End: 143003016}}},
			map[string]string{"passages.0.endVerseId": "required", "passages.1.startVerseId": "required"}},
		{"reversed passage", domain.Draft{Passages: []bible.Range{{Start: 143003016, End: 143003001}}},
			map[string]string{"passages.0.endVerseId": "is_invalid/start_after_end"}},
		{"two books", domain.Draft{Passages: []bible.Range{{Start: 143003016, End: 144001001}}},
			map[string]string{"passages.0.endVerseId": "is_invalid/same_book"}},
		{"no such verse", domain.Draft{Passages: []bible.Range{{Start: 143003099, End: 143003100}}},
			map[string]string{"passages.0.startVerseId": "is_invalid"}},
		{"blank tag", domain.Draft{Content: "x", Tags: []string{""}}, map[string]string{"tags": "is_invalid"}},
		{"too many tags", domain.Draft{Content: "x", Tags: ids(51)}, map[string]string{"tags": "review"}},
		{"too many passages", domain.Draft{Content: "x", Passages: repeat(john316, 101)}, map[string]string{"passages": "review"}},
	}
	for _, c := range cases {
		_, err := c.d.Validate()
		got := details(err)
		for f, code := range c.want {
			if got[f] != code {
				t.Errorf("%s: %s = %+v, want %s (all %v)", c.name, f, got[f], code, got)
			}
		}
	}
	_, err = domain.Draft{Content: strings.Repeat("a", 3001)}.Validate()
	if e, _ := errs.As(err); len(e.Details) != 1 || e.Details[0].Properties["maxlength"] != 3000 {
		t.Fatalf("maxlength %v", err)
	}
}

func ids(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = "tag-" + strings.Repeat("x", i)
	}
	return out
}

func repeat(r bible.Range, n int) []bible.Range {
	out := make([]bible.Range, n)
	for i := range out {
		out[i] = r
	}
	return out
}

func TestTagSet(t *testing.T) {
	for _, c := range []struct {
		in   []string
		want string
	}{
		{nil, ""},
		{[]string{"b", "a", "b"}, "a,b"},
		{[]string{"01a2-2", "01a2-10"}, "01a2-10,01a2-2"},
	} {
		if got := domain.TagSet(c.in); got != c.want {
			t.Errorf("%v: %q", c.in, got)
		}
	}
}

func TestParseQueryDefaults(t *testing.T) {
	q, err := domain.ParseQuery(domain.RawQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if q.Limit != 10 || q.Offset != 0 || q.SortOn != "createdAt" || !q.Desc || q.TagMatching != "any" ||
		q.PassageMatching != "inclusive" || q.Passage != nil || q.Search != "" || len(q.Tags) != 0 {
		t.Fatalf("%+v", q)
	}
}

func TestParseQuery(t *testing.T) {
	q, err := domain.ParseQuery(domain.RawQuery{
		Limit: "51", Offset: "20", SortOn: "updatedAt", SortDirection: "asc",
		FilterTags: []string{"t1", " t2", "t1", ""}, FilterTagMatching: "exact", SearchText: "  GÉNÈSE ",
		FilterPassageStartVerseID: "140001001", FilterPassageEndVerseID: "166022021", FilterPassageMatching: "exclusive",
	})
	if err != nil {
		t.Fatal(err)
	}
	if q.Limit != 50 || q.Offset != 20 || q.SortOn != "updatedAt" || q.Desc || strings.Join(q.Tags, ",") != "t1,t2" ||
		q.TagMatching != "exact" || q.Search != "genese" || q.PassageMatching != "exclusive" ||
		q.Passage == nil || q.Passage.First != 140001001 || q.Passage.Final != 166022021 {
		t.Fatalf("%+v %+v", q, q.Passage)
	}

	cases := []struct {
		raw  domain.RawQuery
		want map[string]string
	}{
		{domain.RawQuery{Limit: "0"}, map[string]string{"limit": "is_invalid"}},
		{domain.RawQuery{Limit: "ten"}, map[string]string{"limit": "is_invalid"}},
		{domain.RawQuery{Offset: "-1"}, map[string]string{"offset": "is_invalid"}},
		{domain.RawQuery{SortOn: "label"}, map[string]string{"sortOn": "is_invalid"}},
		{domain.RawQuery{FilterTags: []string{"a,b"}}, map[string]string{"filterTags": "is_invalid"}},
		{domain.RawQuery{SortDirection: "up"}, map[string]string{"sortDirection": "is_invalid"}},
		{domain.RawQuery{FilterTagMatching: "some"}, map[string]string{"filterTagMatching": "is_invalid"}},
		{domain.RawQuery{FilterPassageMatching: "near"}, map[string]string{"filterPassageMatching": "is_invalid"}},
		{domain.RawQuery{SearchText: strings.Repeat("s", 201)}, map[string]string{"searchText": "max_length"}},
		{domain.RawQuery{FilterPassageStartVerseID: "101001001"}, map[string]string{"filterPassageEndVerseId": "required"}},
		{domain.RawQuery{FilterPassageEndVerseID: "101001001"}, map[string]string{"filterPassageStartVerseId": "required"}},
		{domain.RawQuery{FilterPassageStartVerseID: "101001000", FilterPassageEndVerseID: "101001001"}, map[string]string{"filterPassageStartVerseId": "is_invalid"}},
		{domain.RawQuery{FilterPassageStartVerseID: "101001001", FilterPassageEndVerseID: "x"}, map[string]string{"filterPassageEndVerseId": "is_invalid"}},
		{domain.RawQuery{FilterPassageStartVerseID: "143001001", FilterPassageEndVerseID: "101001001"},
			map[string]string{"filterPassageEndVerseId": "is_invalid/first_after_final"}},
		{domain.RawQuery{Limit: "-5", SortOn: "x", FilterPassageEndVerseID: "1"},
			map[string]string{"limit": "is_invalid", "sortOn": "is_invalid", "filterPassageStartVerseId": "required"}},
	}
	for _, c := range cases {
		_, err := domain.ParseQuery(c.raw)
		got := details(err)
		if len(got) != len(c.want) {
			t.Errorf("%+v: %v", c.raw, got)
		}
		for f, code := range c.want {
			if got[f] != code {
				t.Errorf("%+v: %s = %+v, want %s", c.raw, f, got[f], code)
			}
		}
	}
	// A span may cross books.
	if _, err := domain.ParseQuery(domain.RawQuery{FilterPassageStartVerseID: "101001001", FilterPassageEndVerseID: "166022021"}); err != nil {
		t.Fatal(err)
	}
}
