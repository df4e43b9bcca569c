package app

import (
	"math/rand/v2"
	"reflect"
	"syscall"
	"testing"
	"time"

	"lamplight/modules/bible"
	"lamplight/modules/plans/internal/domain"
	"lamplight/modules/plans/internal/store"
	"lamplight/modules/plans/plansapi"
	"lamplight/modules/reading/readingapi"
	"lamplight/modules/readmodels/readmodelsapi"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/dates"
)

// tenYears is a log of ten years up to 2025-12-31, four chapters a day in
// Bible order and now and then a psalm, at version 1.
func tenYears() readingapi.Log {
	r := rand.New(rand.NewPCG(1, 2))
	var es []readingapi.Entry
	day := "2016-01-01"
	book, chapter := 1, 1
	add := func(rg bible.Range) {
		es = append(es, readingapi.Entry{Date: day, Start: rg.Start, End: rg.End})
	}
	for day <= "2025-12-31" {
		for range 4 {
			rg, _ := bible.WholeChapter(book, chapter)
			add(rg)
			b, _ := bible.BookByID(book)
			if chapter++; chapter > b.ChapterCount {
				book, chapter = book%66+1, 1
			}
		}
		if r.IntN(10) == 0 {
			rg, _ := bible.WholeChapter(19, 1+r.IntN(150))
			add(rg)
		}
		day = dates.AddDays(day, 1)
	}
	return readingapi.Log{Entries: es, Version: 1}
}

// threePlans: M'Cheyne since March, Horner for ten years, the Bible in a
// year since September.
func threePlans(t testing.TB) store.Versioned {
	t.Helper()
	v := store.Versioned{Version: 1}
	for _, f := range []struct{ id, start string }{{"mcheyne", "2025-03-01"}, {"horner", "2016-01-01"}, {"canonical-365", "2025-09-01"}} {
		tp, ok := domain.TemplateByID(f.id)
		if !ok {
			t.Fatalf("no template %s", f.id)
		}
		v.Plans = append(v.Plans, store.Stored{ID: f.id, Name: tp.Plan.Name, Source: f.id, Plan: tp.Plan, Following: domain.Following{Start: f.start}})
	}
	return v
}

func input(l readingapi.Log, plans store.Versioned, today string) readmodelsapi.Input {
	return readmodelsapi.NewInput(l, settingsapi.Settings{TimeZone: "UTC"}, today, map[string]any{plansapi.InputName: plans})
}

// withEntry is l with one more entry on date, as the reading module hands
// it over after the write: its Changes say no date before date changed.
func withEntry(l readingapi.Log, date string, rg bible.Range) readingapi.Log {
	es := append([]readingapi.Entry{}, l.Entries...)
	es = append(es, readingapi.Entry{Date: date, Start: rg.Start, End: rg.End})
	es = readingapi.ByDate(es)
	next := readingapi.Log{Entries: es, Version: l.Version + 1}
	return next.After(l.Changes, l.Version, date)
}

func TestPlanProgressCarriesOnAsItComputes(t *testing.T) {
	plans := threePlans(t)
	l := tenYears()
	today := "2026-01-02"
	prev := computeProgress(input(l, plans, today))
	john3, _ := bible.WholeChapter(43, 3)
	ps119, _ := bible.WholeChapter(19, 119)
	steps := []struct {
		date    string
		rg      bible.Range
		carries bool
	}{
		{"2025-12-31", john3, true}, // on the last date
		{"2026-01-01", ps119, true}, // a new day
		{"2026-01-01", john3, true},
		{"2024-05-05", ps119, false}, // an earlier date: counted again from the log
		{"2026-01-02", john3, true},
	}
	for _, s := range steps {
		next := withEntry(l, s.date, s.rg)
		in := input(next, plans, today)
		got, ok := extendProgress(prev, l.Version, in)
		if ok != s.carries {
			t.Fatalf("entry on %s: carried on %v, want %v", s.date, ok, s.carries)
		}
		want := computeProgress(in)
		if ok && !reflect.DeepEqual(got.Plans, want.Plans) {
			t.Fatalf("entry on %s: carrying on gives other plans than computing", s.date)
		}
		prev, l = want, next
		if ok {
			prev = got
		}
	}
	if prev.Plans[0].DaysDone == 0 || len(prev.Plans) != 3 {
		t.Fatalf("%d plans, M'Cheyne %d days done", len(prev.Plans), prev.Plans[0].DaysDone)
	}
}

// BenchmarkPlanProgressAfterOneEntry: a reader with a ten-year log
// follows three plans, one of them M'Cheyne, and logs one more passage;
// the read model carries on from its value before.
func BenchmarkPlanProgressAfterOneEntry(b *testing.B) {
	plans := threePlans(b)
	l := tenYears()
	prev := computeProgress(input(l, plans, "2026-01-01"))
	john3, _ := bible.WholeChapter(43, 3)
	in := input(withEntry(l, "2026-01-01", john3), plans, "2026-01-01")
	cpu := cpuTime(b)
	for b.Loop() {
		if _, ok := extendProgress(prev, l.Version, in); !ok {
			b.Fatal("did not carry on")
		}
	}
	cpu()
}

// BenchmarkPlanProgressFromTheLog is the same computed from the whole log.
func BenchmarkPlanProgressFromTheLog(b *testing.B) {
	plans := threePlans(b)
	john3, _ := bible.WholeChapter(43, 3)
	in := input(withEntry(tenYears(), "2026-01-01", john3), plans, "2026-01-01")
	cpu := cpuTime(b)
	for b.Loop() {
		computeProgress(in)
	}
	cpu()
}

// cpuTime reports the process's CPU time per operation (garbage collection
// included) besides the wall time, which a machine shared with other work
// stretches.
func cpuTime(b *testing.B) func() {
	used := func() time.Duration {
		var r syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &r); err != nil {
			b.Fatal(err)
		}
		return time.Duration(r.Utime.Nano() + r.Stime.Nano())
	}
	start := used()
	return func() { b.ReportMetric(float64(used()-start)/float64(b.N), "cpu-ns/op") }
}
