package plans_test

import (
	"encoding/json"
	"flag"
	"os"
	"reflect"
	"testing"

	"lamplight/modules/bible"
	"lamplight/modules/plans/internal/domain"
)

// The web app recomputes a plan's progress from its local log while offline
// (webapp/src/shared/readmodels/planProgress.ts), from the schedule of the
// last answer it was given. testdata/progress.json holds plans, logs and the
// server's answers; this test and planProgress.test.ts both assert every case.

var update = flag.Bool("update", false, "write the expected answers in testdata/progress.json from the server's computation")

const progressFile = "testdata/progress.json"

type vectorEntry struct {
	Date         string        `json:"date"`
	StartVerseID bible.VerseID `json:"startVerseId"`
	EndVerseID   bible.VerseID `json:"endVerseId"`
}

type vectorDay struct {
	Day          int    `json:"day"`
	Date         string `json:"date"`
	Done         bool   `json:"done"`
	State        string `json:"state"`
	PassagesDone []bool `json:"passagesDone"`
}

type vectorTrack struct {
	Next         int    `json:"next"`
	Cycles       int    `json:"cycles"`
	PassagesDone []bool `json:"passagesDone"`
}

type progressCase struct {
	Name string `json:"name"`
	// The plan and how it is followed.
	Days        [][]bible.Range     `json:"days,omitempty"`
	Tracks      [][]bible.Range     `json:"tracks,omitempty"`
	StartDate   string              `json:"startDate"`
	Weekdays    []int               `json:"weekdays,omitempty"`
	Adjustments []domain.Adjustment `json:"adjustments,omitempty"`
	Log         []vectorEntry       `json:"log"`
	// ScheduleOn is the date of the answer the browser keeps (its days'
	// dates are Schedule); Today the date it answers for offline.
	ScheduleOn string   `json:"scheduleOn"`
	Today      string   `json:"today"`
	Schedule   []string `json:"schedule"`
	// The answer of GET /api/reading-plans/{id} as of Today.
	Paused          bool          `json:"paused"`
	DaysOut         []vectorDay   `json:"answerDays"`
	TracksOut       []vectorTrack `json:"answerTracks,omitempty"`
	NextDay         *int          `json:"nextDay"`
	ScheduledDay    *int          `json:"scheduledDay"`
	DaysDone        int           `json:"daysDone"`
	Behind          int           `json:"behind"`
	EndDate         *string       `json:"endDate"`
	ProjectedFinish *string       `json:"projectedFinish"`
}

type progressVectors struct {
	Description string         `json:"description"`
	Cases       []progressCase `json:"cases"`
}

var dayStates = [...]string{domain.Open: "open", domain.Partly: "partly", domain.Done: "done"}

func mustDate(t *testing.T, s string) domain.Date {
	t.Helper()
	d, err := domain.ParseDate(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// progressAnswers computes a case's expected values the way the server does
// (modules/plans/internal/app/view.go).
func progressAnswers(t *testing.T, c progressCase) progressCase {
	t.Helper()
	p := domain.Plan{Name: c.Name}
	for _, d := range c.Days {
		p.Days = append(p.Days, domain.Day{Units: d})
	}
	for _, tr := range c.Tracks {
		p.Tracks = append(p.Tracks, domain.Track{Units: tr})
	}
	if err := p.Validate(); err != nil {
		t.Fatalf("%s: %v", c.Name, err)
	}
	w, err := domain.WeekdaysOf(c.Weekdays...)
	if err != nil {
		t.Fatal(err)
	}
	f := domain.Following{Start: c.StartDate, Weekdays: w, Adjustments: c.Adjustments}
	entries := make([]domain.Entry, len(c.Log))
	for i, e := range c.Log {
		entries[i] = domain.Entry{Date: e.Date, Range: bible.Range{Start: e.StartVerseID, End: e.EndVerseID}}
		if err := entries[i].Range.Validate(); err != nil {
			t.Fatalf("%s: entry %d: %v", c.Name, i, err)
		}
	}
	out := progressCase{
		Name: c.Name, Days: c.Days, Tracks: c.Tracks, StartDate: c.StartDate, Weekdays: c.Weekdays,
		Adjustments: c.Adjustments, Log: c.Log, ScheduleOn: c.ScheduleOn, Today: c.Today,
		Schedule: []string{}, DaysOut: []vectorDay{},
	}
	out.Paused, _ = f.Paused()
	pr := domain.Complete(&p, f.Start, entries)
	if p.Cyclic() {
		for _, tp := range pr.Tracks {
			out.TracksOut = append(out.TracksOut, vectorTrack{Next: tp.Cursor, Cycles: tp.Cycles, PassagesDone: tp.Done})
		}
		return out
	}
	kept, err := f.Schedule(&p, mustDate(t, c.ScheduleOn))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range kept.Days {
		out.Schedule = append(out.Schedule, d.String())
	}
	today := mustDate(t, c.Today)
	s, err := f.Schedule(&p, today)
	if err != nil {
		t.Fatal(err)
	}
	u := 0
	for i, d := range p.Days {
		n := len(d.Units)
		out.DaysOut = append(out.DaysOut, vectorDay{
			Day: i + 1, Date: s.Days[i].String(), Done: pr.Days[i] == domain.Done, State: dayStates[pr.Days[i]],
			PassagesDone: pr.Units[u : u+n],
		})
		u += n
	}
	st := f.Status(s, pr, today)
	out.DaysDone, out.Behind = pr.DaysDone, st.Behind
	if pr.NextDay > 0 {
		out.NextDay = &pr.NextDay
	}
	out.ScheduledDay = &st.ScheduledDay
	end := s.End().String()
	out.EndDate = &end
	if st.ProjectedFinish != 0 {
		pf := st.ProjectedFinish.String()
		out.ProjectedFinish = &pf
	}
	return out
}

func TestProgressVectors(t *testing.T) {
	b, err := os.ReadFile(progressFile)
	if err != nil {
		t.Fatal(err)
	}
	var f progressVectors
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Cases) < 10 {
		t.Fatalf("only %d cases", len(f.Cases))
	}
	if *update {
		for i, c := range f.Cases {
			f.Cases[i] = progressAnswers(t, c)
		}
		out, err := json.MarshalIndent(f, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(progressFile, append(out, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for _, c := range f.Cases {
		if got := progressAnswers(t, c); !reflect.DeepEqual(got, c) {
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(c)
			t.Errorf("%s:\n got %s\nwant %s", c.Name, g, w)
		}
	}
}
