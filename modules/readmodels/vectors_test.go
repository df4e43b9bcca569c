package readmodels_test

import (
	"encoding/json"
	"flag"
	"os"
	"reflect"
	"testing"

	"lamplight/modules/bible"
	"lamplight/modules/reading/readingapi"
	"lamplight/modules/readmodels/internal/progress"
	"lamplight/modules/readmodels/internal/versecounts"
)

// The web app computes today's counts, the goal ring, the checklist and book progress from its
// local log while offline (webapp/src/shared/readmodels/compute.ts, and its one rule for new verses in newVerses.ts). testdata/counts.json holds logs
// and the server's answers for them; this test and compute.test.ts both assert every case.

var update = flag.Bool("update", false, "write the expected answers in testdata/counts.json from the server's computation")

const countsFile = "testdata/counts.json"

type countsEntry struct {
	Date         string        `json:"date"`
	StartVerseID bible.VerseID `json:"startVerseId"`
	EndVerseID   bible.VerseID `json:"endVerseId"`
}

type countsChapter struct {
	Book        int  `json:"book"`
	Chapter     int  `json:"chapter"`
	VersesRead  int  `json:"versesRead"`
	TotalVerses int  `json:"totalVerses"`
	Percentage  int  `json:"percentage"`
	Complete    bool `json:"complete"`
}

type countsBook struct {
	Book int `json:"book"`
	progress.Summary
}

type countsCase struct {
	Name         string        `json:"name"`
	LookBackDate string        `json:"lookBackDate"`
	Log          []countsEntry `json:"log"`
	// DateVerseCounts is GET /api/insights/date-verse-counts for every date.
	DateVerseCounts map[string]versecounts.Count `json:"dateVerseCounts"`
	Bible           progress.Summary             `json:"bible"`
	OldTestament    progress.Summary             `json:"oldTestament"`
	NewTestament    progress.Summary             `json:"newTestament"`
	// Books and Chapters list those with a verse read; every other one has none.
	Books    []countsBook    `json:"books"`
	Chapters []countsChapter `json:"chapters"`
}

type countsVectors struct {
	Description string       `json:"description"`
	Cases       []countsCase `json:"cases"`
}

// answers computes a case's expected values the way the server does.
func answers(t *testing.T, c countsCase) countsCase {
	t.Helper()
	entries := make([]readingapi.Entry, len(c.Log))
	for i, e := range c.Log {
		entries[i] = readingapi.Entry{Date: e.Date, Start: e.StartVerseID, End: e.EndVerseID}
		if err := entries[i].Range().Validate(); err != nil {
			t.Fatalf("%s: entry %d: %v", c.Name, i, err)
		}
	}
	out := countsCase{Name: c.Name, LookBackDate: c.LookBackDate, Log: c.Log, DateVerseCounts: map[string]versecounts.Count{}}
	for _, d := range versecounts.Compute(entries, c.LookBackDate) {
		out.DateVerseCounts[d.Date] = versecounts.Count{Total: d.Total, Unique: d.Unique}
	}
	read := progress.Read(entries, c.LookBackDate)
	o := progress.NewOverview(read)
	out.Bible, out.OldTestament, out.NewTestament = o.Bible, o.OldTestament, o.NewTestament
	out.Books, out.Chapters = []countsBook{}, []countsChapter{}
	for _, b := range o.Books {
		if b.VersesRead == 0 {
			continue
		}
		out.Books = append(out.Books, countsBook{Book: b.Book, Summary: b.Summary})
		d, _ := progress.NewBookDetail(read, b.Book)
		for _, ch := range d.Chapters {
			if ch.VersesRead > 0 {
				out.Chapters = append(out.Chapters, countsChapter{
					Book: b.Book, Chapter: ch.Chapter, VersesRead: ch.VersesRead, TotalVerses: ch.TotalVerses,
					Percentage: ch.Percentage, Complete: ch.Complete,
				})
			}
		}
	}
	return out
}

func TestCountVectors(t *testing.T) {
	b, err := os.ReadFile(countsFile)
	if err != nil {
		t.Fatal(err)
	}
	var f countsVectors
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Cases) < 8 {
		t.Fatalf("only %d cases", len(f.Cases))
	}
	if *update {
		for i, c := range f.Cases {
			f.Cases[i] = answers(t, c)
		}
		out, err := json.MarshalIndent(f, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(countsFile, append(out, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for _, c := range f.Cases {
		if got := answers(t, c); !reflect.DeepEqual(got, c) {
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(c)
			t.Errorf("%s:\n got %s\nwant %s", c.Name, g, w)
		}
	}
}
