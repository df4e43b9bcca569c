package readmodels_test

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
	"time"

	"lamplight/modules/bible"
	"lamplight/modules/reading/readingapi"
	"lamplight/modules/readmodels/internal/streaks"
	"lamplight/modules/readmodels/internal/suggestions"
)

// The web app computes the streak and "Read next" from its local log while offline too
// (webapp/src/shared/readmodels/next.ts). testdata/next.json holds logs and the server's answers
// for them; this test and next.test.ts both assert every case.

const nextFile = "testdata/next.json"

type nextEntry struct {
	Date         string        `json:"date"`
	StartVerseID bible.VerseID `json:"startVerseId"`
	EndVerseID   bible.VerseID `json:"endVerseId"`
	CreatedAt    *time.Time    `json:"createdAt,omitempty"`
}

type nextCase struct {
	Name            string                   `json:"name"`
	LookBackDate    string                   `json:"lookBackDate"`
	RestDaysPerWeek int                      `json:"restDaysPerWeek"`
	Today           string                   `json:"today"`
	Log             []nextEntry              `json:"log"`
	Streak          streaks.Streak           `json:"streak"`
	Suggestions     []suggestions.Suggestion `json:"suggestions"`
}

type nextVectors struct {
	Description string     `json:"description"`
	Cases       []nextCase `json:"cases"`
}

// nextAnswers computes a case's expected values the way the server does.
func nextAnswers(t *testing.T, c nextCase) nextCase {
	t.Helper()
	entries := make([]readingapi.Entry, len(c.Log))
	for i, e := range c.Log {
		entries[i] = readingapi.Entry{Date: e.Date, Start: e.StartVerseID, End: e.EndVerseID}
		if e.CreatedAt != nil {
			entries[i].CreatedAt = *e.CreatedAt
		}
		if err := entries[i].Range().Validate(); err != nil {
			t.Fatalf("%s: entry %d: %v", c.Name, i, err)
		}
	}
	out := c
	// A value read back has no scan state; compare as the API answers.
	var s streaks.Streak
	b, _ := json.Marshal(streaks.Compute(readingapi.ByDate(entries), c.LookBackDate, c.Today, c.RestDaysPerWeek))
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	out.Streak = s
	out.Suggestions = suggestions.Compute(entries, c.LookBackDate, c.Today)
	return out
}

func TestNextVectors(t *testing.T) {
	b, err := os.ReadFile(nextFile)
	if err != nil {
		t.Fatal(err)
	}
	var f nextVectors
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Cases) < 8 {
		t.Fatalf("only %d cases", len(f.Cases))
	}
	if *update {
		for i, c := range f.Cases {
			f.Cases[i] = nextAnswers(t, c)
		}
		out, err := json.MarshalIndent(f, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(nextFile, append(out, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for _, c := range f.Cases {
		if got := nextAnswers(t, c); !reflect.DeepEqual(got, c) {
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(c)
			t.Errorf("%s:\n got %s\nwant %s", c.Name, g, w)
		}
	}
}
