package readmodels_test

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"lamplight/modules/bible"
	"lamplight/modules/reading/readingapi"
	"lamplight/modules/readmodels/internal/engine"
	"lamplight/modules/readmodels/internal/progress"
	"lamplight/modules/readmodels/internal/streaks"
	"lamplight/modules/readmodels/internal/suggestions"
	"lamplight/modules/readmodels/internal/versecounts"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/dates"
	"lamplight/platform/metrics"
)

// readerLog is a reader's log as the reading module hands it out: each
// write adds a step to Changes with the earliest date it touched, and now
// and then the log is read whole again, without them.
type readerLog struct {
	log   readingapi.Log
	older []readingapi.Log // the last few before it
	next  int
}

func (r *readerLog) write(rnd *rand.Rand, today string) {
	entries := slices.Clone(r.log.Entries)
	first := ""
	touch := func(d string) {
		if first == "" || d < first {
			first = d
		}
	}
	for range 1 + rnd.IntN(2) {
		switch op := rnd.IntN(10); {
		case op < 6 || len(entries) == 0:
			// Mostly today, sometimes a day of the last few weeks or ahead.
			date := today
			switch rnd.IntN(20) {
			case 0, 1, 2, 3, 4, 5:
				date = dates.AddDays(today, -rnd.IntN(30))
			case 6:
				date = dates.AddDays(today, 1+rnd.IntN(3)) // logged ahead
			}
			r.next++
			entries = append(entries, randomEntry(rnd, fmt.Sprintf("e%05d", r.next), date))
			touch(date)
		case op < 8:
			i := pick(rnd, len(entries))
			touch(entries[i].Date)
			entries = slices.Delete(entries, i, i+1)
		default:
			i := pick(rnd, len(entries))
			touch(entries[i].Date)
			e := randomEntry(rnd, entries[i].ID, dates.AddDays(today, -rnd.IntN(10)))
			entries[i] = e
			touch(e.Date)
		}
	}
	slices.SortStableFunc(entries, func(a, b readingapi.Entry) int {
		return cmp.Or(strings.Compare(a.Date, b.Date), cmp.Compare(a.Start, b.Start), strings.Compare(a.ID, b.ID))
	})
	prev := r.log
	r.older = append(r.older[max(len(r.older)-3, 0):], prev)
	r.log = readingapi.Log{Entries: entries, Version: prev.Version + 1 + int64(rnd.IntN(2))}.After(prev.Changes, prev.Version, first)
	if rnd.IntN(15) == 0 {
		r.log.Changes = nil // read whole from the database
	}
}

// pick is mostly one of the last few entries, as a reader corrects what
// they just logged, and sometimes any.
func pick(rnd *rand.Rand, n int) int {
	if rnd.IntN(4) == 0 {
		return rnd.IntN(n)
	}
	return max(n-1-rnd.IntN(3), 0)
}

func randomEntry(rnd *rand.Rand, id, date string) readingapi.Entry {
	book := []int{1, 19, 20, 40, 43, 45}[rnd.IntN(6)]
	b, _ := bible.BookByID(book)
	c := 1 + rnd.IntN(min(b.ChapterCount, 5))
	n := bible.VersesInChapter(book, c)
	v := 1 + rnd.IntN(n)
	end := bible.NewVerseID(book, c, v+rnd.IntN(n-v+1))
	if rnd.IntN(8) == 0 {
		// Across a chapter.
		end = bible.NewVerseID(book, c+1, 1)
		if bible.VersesInChapter(book, c+1) == 0 {
			end = bible.NewVerseID(book, c, n)
		}
	}
	return readingapi.Entry{ID: id, Date: date, Start: bible.NewVerseID(book, c, v), End: end}
}

// The projections carry on from their previous values and the shared read
// sets only where that gives exactly what computing from the whole log
// gives: after every write, whatever the log's Changes, look-back date and
// today, and with two readers whose kept values must not mix.
func TestCarryingOnGivesWhatTheWholeLogGives(t *testing.T) {
	m := metrics.New()
	deps := engine.Deps{Metrics: m, Reads: engine.NewReads()}
	counts, suggested, read, streak := versecounts.New(deps), suggestions.New(deps), progress.New(deps), streaks.New(deps)
	rnd := rand.New(rand.NewPCG(7, 21))
	readers := map[string]*readerLog{"a": {}, "b": {}}
	lookBacks := []string{"", "2026-01-10", "2026-02-01"}
	today := "2026-01-20"
	for step := range 3000 {
		id := []string{"a", "b"}[rnd.IntN(2)]
		r := readers[id]
		if rnd.IntN(40) == 0 {
			today = dates.AddDays(today, 1)
		}
		r.write(rnd, today)
		for rnd.IntN(3) == 0 {
			r.write(rnd, today) // versions the projections never see
		}
		s := settingsapi.Settings{LookBackDate: lookBacks[0], RestDaysPerWeek: 1}
		if rnd.IntN(10) == 0 {
			s.LookBackDate = lookBacks[rnd.IntN(len(lookBacks))]
		}
		if rnd.IntN(10) == 0 {
			s.RestDaysPerWeek = rnd.IntN(3)
		}
		check := func(l readingapi.Log) {
			t.Helper()
			since := l.Entries[:0:0]
			for _, e := range l.Entries {
				if s.LookBackDate == "" || e.Date >= s.LookBackDate {
					since = append(since, e)
				}
			}
			if got, want := counts.ComputeFor(id, l, s, ""), versecounts.Pack(versecounts.Compute(l.Entries, s.LookBackDate)); !slices.Equal(got.Data, want.Data) {
				got, _ := got.Between("", "")
				want, _ := want.Between("", "")
				t.Fatalf("step %d, reader %s, version %d: counts\n got %v\nwant %v", step, id, l.Version, got, want)
			}
			if got, want := suggested.ComputeFor(id, l, s, today), suggestions.Compute(since, s.LookBackDate, today); !reflect.DeepEqual(got, want) {
				t.Fatalf("step %d, reader %s, version %d: suggestions\n got %+v\nwant %+v", step, id, l.Version, got, want)
			}
			if got, want := read.ComputeFor(id, l, s, ""), progress.Read(since, s.LookBackDate); !slices.Equal(got, want) {
				t.Fatalf("step %d, reader %s, version %d: verses read\n got %v\nwant %v", step, id, l.Version, got, want)
			}
			got, _ := json.Marshal(streak.ComputeFor(id, l, s, today))
			if want, _ := json.Marshal(streaks.Compute(since, s.LookBackDate, today, s.RestDaysPerWeek)); string(got) != string(want) {
				t.Fatalf("step %d, reader %s, version %d: streak\n got %s\nwant %s", step, id, l.Version, got, want)
			}
		}
		check(r.log)
		// A computation of an older version finishing after a newer one.
		if rnd.IntN(4) == 0 && len(r.older) > 0 {
			check(r.older[rnd.IntN(len(r.older))])
		}
	}
	// A fair share of the computes carried on (most writes here touch an
	// earlier date, a reader or a look-back date switched to): the test
	// covers that path, not only the whole log.
	for _, name := range []string{"versecounts", "streaks"} {
		if n := extended(t, m, name); n < 500 {
			t.Fatalf("%s carried on %v times in 3000 steps, want at least 500", name, n)
		}
	}
}

// extended is how often the projection carried on, from the registry.
func extended(t *testing.T, m *metrics.Metrics, projection string) float64 {
	t.Helper()
	families, err := m.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != "lamplight_projection_extended_total" {
			continue
		}
		for _, c := range f.GetMetric() {
			for _, l := range c.GetLabel() {
				if l.GetName() == "projection" && l.GetValue() == projection {
					return c.GetCounter().GetValue()
				}
			}
		}
	}
	return 0
}

// Computations of one reader's versions at once, in any order, as reads and
// event handlers run them, share what is kept without a race and each give
// the whole log's value (run with -race).
func TestCarryingOnConcurrentlyGivesWhatTheWholeLogGives(t *testing.T) {
	deps := engine.Deps{Metrics: metrics.New(), Reads: engine.NewReads()}
	counts, streak := versecounts.New(deps), streaks.New(deps)
	rnd := rand.New(rand.NewPCG(3, 5))
	today := "2026-01-20"
	r := &readerLog{}
	var logs []readingapi.Log
	for range 200 {
		r.write(rnd, today)
		logs = append(logs, r.log)
	}
	s := settingsapi.Settings{LookBackDate: "2026-01-10", RestDaysPerWeek: 1}
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := range logs {
				// Each worker walks the versions forward, a little apart.
				l := logs[min(i+w, len(logs)-1)]
				got, want := counts.ComputeFor("a", l, s, ""), versecounts.Pack(versecounts.Compute(l.Entries, s.LookBackDate))
				if !slices.Equal(got.Data, want.Data) {
					t.Errorf("version %d: counts differ", l.Version)
					return
				}
				st, _ := json.Marshal(streak.ComputeFor("a", l, s, today))
				if want, _ := json.Marshal(streaks.Compute(l.Entries, s.LookBackDate, today, 1)); string(st) != string(want) {
					t.Errorf("version %d: streak %s, want %s", l.Version, st, want)
					return
				}
			}
		})
	}
	wg.Wait()
}
