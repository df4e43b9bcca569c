package readmodels_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"lamplight/modules/bible"
	"lamplight/modules/reading/readingapi"
	"lamplight/modules/readmodels/internal/engine"
	"lamplight/modules/readmodels/internal/insights"
	"lamplight/modules/readmodels/internal/progress"
	"lamplight/modules/readmodels/internal/streaks"
	"lamplight/modules/readmodels/internal/suggestions"
	"lamplight/modules/readmodels/internal/versecounts"
	"lamplight/modules/readmodels/readmodelsapi"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/cache"
	"lamplight/platform/dates"
	"lamplight/platform/inputs"
	"lamplight/platform/metrics"
	"lamplight/platform/testkit"
)

const (
	benchToday    = "2026-11-22"
	benchDays     = 3650
	benchPerDay   = 86
	benchRereadP  = 0.2
	benchLookBack = "2016-11-23"
)

// tenYears is a reader who read about 86 verses a day in Bible order for ten
// years up to yesterday (an entry is cut where a book ends), going round the
// Bible about ten times, and on one day in five also re-read a random
// chapter.
func tenYears() []readingapi.Entry {
	rng := rand.New(rand.NewPCG(7, 11))
	var out []readingapi.Entry
	next := 0
	for d := range benchDays {
		date := dates.AddDays(benchToday, d-benchDays)
		start, _ := bible.VerseAt(next)
		b, _ := bible.BookByID(start.Book())
		endIndex, _ := b.Last().Index()
		last := min(next+benchPerDay-1, endIndex)
		end, _ := bible.VerseAt(last)
		day := []readingapi.Entry{{Date: date, Start: start, End: end}}
		next = (last + 1) % bible.TotalVerses
		if rng.Float64() < benchRereadP {
			book, _ := bible.BookByID(1 + rng.IntN(bible.BookCount))
			r, _ := bible.WholeChapter(book.ID, 1+rng.IntN(book.ChapterCount))
			day = append(day, readingapi.Entry{Date: date, Start: r.Start, End: r.End})
			if r.Start < day[0].Start {
				day[0], day[1] = day[1], day[0]
			}
		}
		out = append(out, day...)
	}
	return out
}

// BenchmarkRecomputeAfterOneEntry measures the pure recompute of every
// projection for a reader with ten years of daily entries, after one more
// entry today: what an event handler or a read after a write computes once
// the log is loaded.
func BenchmarkRecomputeAfterOneEntry(b *testing.B) {
	log := tenYears()
	log = append(log, readingapi.Entry{Date: benchToday, Start: bible.NewVerseID(43, 3, 1), End: bible.NewVerseID(43, 3, 36)})
	b.Logf("%d entries", len(log))
	b.Run("versecounts", func(b *testing.B) {
		for b.Loop() {
			versecounts.Compute(log, benchLookBack)
		}
	})
	b.Run("progress", func(b *testing.B) {
		for b.Loop() {
			progress.Read(log, benchLookBack)
		}
	})
	b.Run("progress-overview", func(b *testing.B) {
		read := progress.Read(log, benchLookBack)
		for b.Loop() {
			progress.NewOverview(read)
		}
	})
	b.Run("suggestions", func(b *testing.B) {
		for b.Loop() {
			suggestions.Compute(log, benchLookBack, benchToday)
		}
	})
	b.Run("streaks", func(b *testing.B) {
		for b.Loop() {
			streaks.Compute(log, benchLookBack, benchToday, 1)
		}
	})
	b.Run("insights", func(b *testing.B) {
		for b.Loop() {
			insights.Compute(log, benchLookBack, benchToday, 86)
		}
	})
	b.Run("all", func(b *testing.B) {
		for b.Loop() {
			versecounts.Compute(log, benchLookBack)
			progress.NewOverview(progress.Read(log, benchLookBack))
			suggestions.Compute(log, benchLookBack, benchToday)
			streaks.Compute(log, benchLookBack, benchToday, 1)
			insights.Compute(log, benchLookBack, benchToday, 86)
		}
	})
}

// BenchmarkCarryOnAfterOneEntry is BenchmarkRecomputeAfterOneEntry the way
// the runner computes it: the log's Changes show that only today changed
// since the reader's previous values, so each projection carries on from
// them (or from the shared read set) instead of walking ten years.
func BenchmarkCarryOnAfterOneEntry(b *testing.B) {
	before := readingapi.Log{Entries: tenYears(), Version: 1}
	after := readingapi.Log{
		Entries: append(before.Entries[:len(before.Entries):len(before.Entries)], readingapi.Entry{Date: benchToday, Start: bible.NewVerseID(43, 3, 1), End: bible.NewVerseID(43, 3, 36)}),
		Version: 2,
	}.After(nil, 1, benchToday)
	s := settingsapi.Settings{LookBackDate: benchLookBack, RestDaysPerWeek: 1}
	run := func(b *testing.B, compute func(l readingapi.Log)) {
		compute(before)
		for b.Loop() {
			compute(after)
		}
	}
	deps := func() engine.Deps { return engine.Deps{Metrics: metrics.New(), Reads: engine.NewReads()} }
	b.Run("versecounts", func(b *testing.B) {
		p := versecounts.New(deps())
		run(b, func(l readingapi.Log) { p.ComputeFor("u", l, s, "") })
	})
	b.Run("progress", func(b *testing.B) {
		p := progress.New(deps())
		run(b, func(l readingapi.Log) { p.ComputeFor("u", l, s, "") })
	})
	b.Run("suggestions", func(b *testing.B) {
		p := suggestions.New(deps())
		run(b, func(l readingapi.Log) { p.ComputeFor("u", l, s, benchToday) })
	})
	b.Run("streaks", func(b *testing.B) {
		p := streaks.New(deps())
		run(b, func(l readingapi.Log) { p.ComputeFor("u", l, s, benchToday) })
	})
}

// staticLog and staticSettings serve one reader from memory, so the
// benchmarks below measure the runner and the cache, not a database.
type staticLog struct{ log readingapi.Log }

func (s staticLog) Log(context.Context, string, string) (readingapi.Log, error) { return s.log, nil }
func (s staticLog) LogAt(context.Context, string, string, int64) (readingapi.Log, error) {
	return s.log, nil
}
func (s staticLog) Version(context.Context, string) (int64, error)     { return s.log.Version, nil }
func (s staticLog) UsersWithEntries(context.Context) ([]string, error) { return nil, nil }

type staticSettings struct{ s settingsapi.Settings }

func (s staticSettings) Get(context.Context, string) (settingsapi.Settings, error) { return s.s, nil }

type getter interface {
	Rebuild(ctx context.Context, userID string) error
}

// BenchmarkServe measures a read served from the in-process cache (decoding
// the stored JSON) and a rebuild (recompute, encode, store) for the
// ten-year reader.
func BenchmarkServe(b *testing.B) {
	ctx := context.Background()
	m := cache.NewMemory()
	defer m.Close()
	log := staticLog{readingapi.Log{Entries: tenYears(), Version: 3650}}
	sources, err := engine.NewSources(engine.SourcesIn{Cache: m, Inputs: []inputs.Input{
		readingapi.Input(log),
		settingsapi.Input(staticSettings{settingsapi.Settings{LookBackDate: benchLookBack, TimeZone: "UTC", RestDaysPerWeek: 1}}),
	}})
	if err != nil {
		b.Fatal(err)
	}
	d := engine.Deps{
		Reading: log,
		Sources: sources,
		Cache:   m,
		Metrics: metrics.New(),
		Log:     slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
	vc, pr, sg, st := versecounts.New(d), progress.New(d), suggestions.New(d), streaks.New(d)
	hits := map[string]func() error{
		"versecounts": func() error { _, _, err := vc.Get(ctx, "u", benchToday); return err },
		"progress":    func() error { _, _, err := pr.Get(ctx, "u", benchToday); return err },
		"suggestions": func() error { _, _, err := sg.Get(ctx, "u", benchToday); return err },
		"streaks":     func() error { _, _, err := st.Get(ctx, "u", benchToday); return err },
	}
	rebuilders := map[string]getter{"versecounts": vc, "progress": pr, "suggestions": sg, "streaks": st}
	for _, name := range []string{"versecounts", "progress", "suggestions", "streaks"} {
		b.Run("hit/"+name, func(b *testing.B) {
			if err := hits[name](); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if err := hits[name](); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("rebuild/"+name, func(b *testing.B) {
			for b.Loop() {
				if err := rebuilders[name].Rebuild(ctx, "u"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkIntegrationSQLite measures against the embedded default (SQLite,
// in-process cache) for the ten-year reader: an event's refresh of every
// projection, a GET served from the cache (one read of the inputs, a cache
// read, the answer) and a rebuild (loading the log from the database,
// recompute, store).
func BenchmarkIntegrationSQLite(b *testing.B) {
	e := start(b, testkit.Backends(b)[0])
	header := map[string]string{"X-Test-User": "u1"}
	if code, body := e.Do(b, http.MethodPut, "/api/settings", `{"lookBackDate":"`+benchLookBack+`","timeZone":"UTC"}`, header); code != http.StatusOK {
		b.Fatal(code, body)
	}
	log := tenYears()
	for len(log) > 0 {
		n := min(len(log), 1000)
		var sb strings.Builder
		sb.WriteString(`{"entries":[`)
		for i, en := range log[:n] {
			if i > 0 {
				sb.WriteByte(',')
			}
			fmt.Fprintf(&sb, `{"date":%q,"startVerseId":%d,"endVerseId":%d}`, en.Date, en.Start, en.End)
		}
		sb.WriteString(`]}`)
		if code, body := e.Do(b, http.MethodPost, "/api/log-entries/batch", sb.String(), header); code != http.StatusCreated {
			b.Fatal(code, body)
		}
		log = log[n:]
	}
	paths := map[string]string{
		"versecounts": "/api/insights/date-verse-counts?from=2026-11-01&to=" + benchToday,
		"progress":    "/api/progress",
		"suggestions": "/api/reading-suggestions?today=" + benchToday,
		"streaks":     "/api/insights/streak?today=" + benchToday,
	}
	// The reader looks at each, so the handlers keep them current.
	for _, path := range paths {
		if code, body := e.Do(b, http.MethodGet, path, "", header); code != http.StatusOK {
			b.Fatal(code, body)
		}
	}
	ctx := context.Background()
	// Let the handlers digest the seeding events before measuring.
	type versioned interface {
		Key(string) string
		Version(int64, settingsapi.Settings, string) string
	}
	// Suggestions and the streak were read for benchToday, the others for
	// the real today: each cached version carries the day it was read for.
	for _, w := range []struct {
		p     versioned
		today func(settingsapi.Settings) string
	}{
		{e.versecounts, func(s settingsapi.Settings) string { return dates.Today(s.TimeZone, time.Now()) }},
		{e.progress, func(s settingsapi.Settings) string { return dates.Today(s.TimeZone, time.Now()) }},
		{e.suggestions, func(settingsapi.Settings) string { return benchToday }},
		{e.streaks, func(settingsapi.Settings) string { return benchToday }},
	} {
		waitCached(b, e, w.p.Key("u1"), func() string {
			lv, _ := e.reading.Version(ctx, "u1")
			s, _ := e.settings.Get(ctx, "u1")
			return w.p.Version(lv, s, w.today(s))
		})
	}
	rebuilders := map[string]readmodelsapi.Rebuilder{}
	for _, r := range e.rebuilders {
		rebuilders[r.Name()] = r
	}
	// One event's work when every value is stale: the inputs, the log
	// once, four recomputes, the inputs again, four stores.
	b.Run("refresh-all", func(b *testing.B) {
		keys := []string{e.versecounts.Key("u1"), e.progress.Key("u1"), e.suggestions.Key("u1"), e.streaks.Key("u1")}
		for b.Loop() {
			if err := e.cache.Delete(ctx, keys...); err != nil {
				b.Fatal(err)
			}
			if err := e.refresher.Refresh(ctx, "u1", ""); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, name := range []string{"versecounts", "progress", "suggestions", "streaks"} {
		b.Run("get-cached/"+name, func(b *testing.B) {
			for b.Loop() {
				if code, body := e.Do(b, http.MethodGet, paths[name], "", header); code != http.StatusOK {
					b.Fatal(code, body)
				}
			}
		})
		b.Run("rebuild/"+name, func(b *testing.B) {
			for b.Loop() {
				if err := rebuilders[name].Rebuild(ctx, "u1"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
