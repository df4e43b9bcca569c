package app

import (
	"testing"

	"lamplight/modules/bible"
)

func TestParseLine(t *testing.T) {
	cases := []struct {
		line   string
		loc    bible.Locale
		date   string
		want   string
		reason string
	}{
		{"2024-01-03,Genesis 1-3", bible.English, "2024-01-03", "Genesis 1-3", ""},
		{`2024-01-04,"Johannes 3,16"`, bible.English, "2024-01-04", "John 3:16", ""},
		{"2024-01-04,Johannes 3,16", bible.German, "2024-01-04", "John 3:16", ""},
		{"2024-01-03,101001001,101003024,Genesis 1-3", bible.English, "2024-01-03", "Genesis 1-3", ""},
		{"2024-01-03 Gen 1-3", bible.English, "2024-01-03", "Genesis 1-3", ""},
		{"2024-01-03: Matt 1; Ps 2", bible.English, "2024-01-03", "Matthew 1; Psalm 2", ""},
		{"3 Jan 2024 - John 3", bible.English, "2024-01-03", "John 3", ""},
		{"January 3, 2024: John 3", bible.English, "2024-01-03", "John 3", ""},
		{"03.01.2024 Johannes 3", bible.German, "2024-01-03", "John 3", ""},
		{"3. Januar 2024 – Johannes 3", bible.German, "2024-01-03", "John 3", ""},
		{"01/03/2024 John 3", bible.English, "2024-01-03", "John 3", ""},
		{"03/01/2024 Jean 3", bible.French, "2024-01-03", "John 3", ""},
		{"3 de enero de 2024 Juan 3", bible.Spanish, "2024-01-03", "John 3", ""},
		{"3 січня 2024 Івана 3", bible.Ukrainian, "2024-01-03", "John 3", ""},
		{"3 janv. 2024 Jean 3", bible.French, "2024-01-03", "John 3", ""},
		{"2024-03-04,창세기 10", bible.English, "2024-03-04", "Genesis 10", ""},
		{"2024-03-04,창10", bible.Korean, "2024-03-04", "Genesis 10", ""},
		{"2024년 3월 4일 요한복음 3:16", bible.Korean, "2024-03-04", "John 3:16", ""},
		{"2024년 3월 4일: 마 1; 시 2", bible.English, "2024-03-04", "Matthew 1; Psalm 2", ""},
		{"2024. 3. 4. 창 1-3", bible.Korean, "2024-03-04", "Genesis 1-3", ""},
		{"2024.03.04 고전13", bible.Korean, "2024-03-04", "1 Corinthians 13", ""},
		{"2024년 2월 30일 창 1", bible.Korean, "", "", ReasonInvalidDate},
		{"\t2024-01-03\tGen 1\t", bible.English, "2024-01-03", "Genesis 1", ""},
		{"2024-02-30,Gen 1", bible.English, "", "", ReasonInvalidDate},
		{"yesterday Gen 1", bible.English, "", "", ReasonInvalidDate},
		{"2024-01-03,Nobook 1", bible.English, "2024-01-03", "", ReasonInvalidBookName},
		{"2024-01-03,Gen 51", bible.English, "2024-01-03", "", ReasonInvalidVerseRange},
		{"2024-01-03", bible.English, "2024-01-03", "", ReasonMissingPassage},
		{"2024-01-03,1,2", bible.English, "2024-01-03", "", ReasonInvalidVerseRange},
	}
	for _, c := range cases {
		got := (&lineReader{loc: c.loc}).parseLine(c.line)
		passage := ""
		if len(got.ranges) > 0 {
			passage, _ = bible.FormatList(got.ranges, bible.English)
		}
		if got.skip || got.date != c.date || passage != c.want || got.reason != c.reason {
			t.Errorf("%q: %+v (%q), want %s %q %q", c.line, got, passage, c.date, c.want, c.reason)
		}
	}
	// A file in German reads a shared abbreviation the German way.
	lr := &lineReader{loc: bible.English}
	lr.parseLine("2024-01-01,1. Mose 1")
	if got := lr.parseLine(`2024-01-02,"Mt 5,3-12"`); len(got.ranges) != 1 || got.ranges[0].Start != 140005003 {
		t.Errorf("%+v", got)
	}
	for _, skip := range []string{"", "  ", "date,start_verse_id,end_verse_id,passage"} {
		if !(&lineReader{loc: bible.English}).parseLine(skip).skip {
			t.Errorf("%q not skipped", skip)
		}
	}
}

// A cell the export kept from being a formula reads as it was written.
func TestCSVFieldsRestoreNeutralisedCells(t *testing.T) {
	for line, want := range map[string][]string{
		"2024-01-03,'=1+2":          {"2024-01-03", "=1+2"},
		`2024-01-03,"'@x, y",'-3`:   {"2024-01-03", "@x, y", "-3"},
		"2024-01-03,it's,Genesis 1": {"2024-01-03", "it's", "Genesis 1"},
	} {
		got, ok := csvFields(line)
		if !ok || len(got) != len(want) {
			t.Fatalf("%q: %q", line, got)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%q: field %d = %q, want %q", line, i, got[i], want[i])
			}
		}
	}
}

// TestEveryKoreanBookImports reads a CSV row and a pasted line for every
// Korean book name and abbreviation, in a file of a reader who reads English.
func TestEveryKoreanBookImports(t *testing.T) {
	for _, b := range bible.Books() {
		ch1, _ := bible.WholeChapter(b.ID, 1)
		for _, name := range append([]string{b.Name(bible.Korean)}, b.Abbreviations(bible.Korean)...) {
			for _, line := range []string{"2024-03-04," + name + " 1", "2024년 3월 4일 " + name + "1", "2024. 3. 4. " + name + " 1:1"} {
				got := (&lineReader{loc: bible.English}).parseLine(line)
				if got.date != "2024-03-04" || len(got.ranges) != 1 || got.ranges[0].Start != ch1.Start {
					t.Errorf("%q: %+v", line, got)
				}
			}
		}
	}
}
