//go:build loadbench

// Package reading measures the reading core under load: a reader with ten
// years of daily entries, alone on SQLite or among many on PostgreSQL and
// Redis. Run it with
//
//	go test -tags loadbench -run TestLoad -v -timeout 60m ./bench/reading
//
// BENCH_READERS sets how many such readers to seed (default 1); with
// TEST_DATABASE_URL and TEST_REDIS_URL set it runs on PostgreSQL and Redis.
package reading

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"go.uber.org/fx"

	"lamplight/app"
	"lamplight/modules/bible"
	"lamplight/modules/identity/identitytest"
	"lamplight/platform/cache"
	"lamplight/platform/dates"
	"lamplight/platform/testkit"
)

const (
	years    = 10
	firstDay = "2016-11-23"
	requests = 1000
)

type draft struct {
	Date         string `json:"date"`
	StartVerseID int    `json:"startVerseId"`
	EndVerseID   int    `json:"endVerseId"`
}

// tenYears is a reader who reads about 86 verses a day in Bible order for ten
// years, and re-reads a random passage on one day in ten.
func tenYears(rng *rand.Rand) []draft {
	var out []draft
	v, _ := bible.VerseAt(0)
	day := firstDay
	for range years * 365 {
		end := v
		for range 85 {
			next, ok := end.Next()
			if !ok || next.Book() != v.Book() {
				break
			}
			end = next
		}
		out = append(out, draft{day, int(v), int(end)})
		if rng.IntN(10) == 0 {
			b := bible.Books()[rng.IntN(66)]
			ch := 1 + rng.IntN(b.ChapterCount)
			r, _ := bible.WholeChapter(b.ID, ch)
			out = append(out, draft{day, int(r.Start), int(r.End)})
		}
		if v, _ = end.Next(); v == 0 {
			v, _ = bible.VerseAt(0)
		}
		day = dates.AddDays(day, 1)
	}
	return out
}

func percentile(d []time.Duration, p float64) time.Duration {
	slices.Sort(d)
	return d[int(float64(len(d)-1)*p)]
}

func TestLoad(t *testing.T) {
	readers, _ := strconv.Atoi(os.Getenv("BENCH_READERS"))
	readers = max(readers, 1)
	backends := testkit.Backends(t)
	b := backends[len(backends)-1]
	var c cache.Cache
	a := testkit.StartApp(t, app.Options(b.Config, io.Discard, fstest.MapFS{}, identitytest.Options(), fx.Populate(&c)))
	t.Logf("backend %s, %d readers of %d years", b.Name, readers, years)

	// Seed readers concurrently (two at a time: two cores).
	tokens := make([]string, readers)
	start := time.Now()
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	total := 0
	var mu sync.Mutex
	for i := range readers {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			tokens[i] = identitytest.SignUp(t, a, fmt.Sprintf("reader%d@bench.example", i))
			log := tenYears(rand.New(rand.NewPCG(uint64(i), 7)))
			for from := 0; from < len(log); from += 1000 {
				body, _ := json.Marshal(map[string]any{"entries": log[from:min(from+1000, len(log))]})
				if code, res := a.Do(t, http.MethodPost, "/api/log-entries/batch", string(body), identitytest.Bearer(tokens[i])); code != http.StatusCreated {
					t.Errorf("seed: %d %.200s", code, res)
					return
				}
			}
			mu.Lock()
			total += len(log)
			if (i+1)%100 == 0 {
				t.Logf("seeded %d readers (%s)", i+1, time.Since(start).Round(time.Second))
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	t.Logf("seeded %d entries in %s", total, time.Since(start).Round(time.Second))

	// Let the projection handlers work off the seeding's events first: the
	// measurement is of a settled system, not of a backlog.
	last := identitytest.Bearer(tokens[readers-1])
	waitProjected(t, a, c, last)
	t.Logf("projections settled after %s", time.Since(start).Round(time.Second))

	heavy := identitytest.Bearer(tokens[0])
	_, whole := a.Do(t, http.MethodGet, "/api/log-entries", "", heavy)
	t.Logf("the whole log: %d KB of JSON, %d KB as sent", len(whole)/1000, compressedSize(t, a, heavy, "/api/log-entries")/1000)
	endpoints := []string{
		"/api/insights/date-verse-counts?from=2025-01-01&to=2025-12-31",
		"/api/progress",
		"/api/log-entries",
		"/api/reading-suggestions?today=2026-11-22",
		"/api/insights/streak?today=2026-11-22",
	}
	for _, ep := range endpoints {
		a.Do(t, http.MethodGet, ep, "", heavy) // warm the cache
		lat := make([]time.Duration, requests)
		for i := range requests {
			s := time.Now()
			code, _ := a.Do(t, http.MethodGet, ep, "", heavy)
			lat[i] = time.Since(s)
			if code != http.StatusOK {
				t.Fatalf("%s: %d", ep, code)
			}
		}
		t.Logf("GET %-60s p50 %6.2f ms  p99 %6.2f ms", ep, ms(percentile(lat, .5)), ms(percentile(lat, .99)))
	}

	// Event to cache: from a committed write to the progress projection
	// stored for the new log version by its event handler.
	var lat []time.Duration
	for i := range 100 {
		_, res := a.Do(t, http.MethodGet, "/api/log-entries/changes?since=999999999", "", heavy)
		var ch struct {
			Version int64 `json:"version"`
		}
		_ = json.Unmarshal([]byte(res), &ch)
		body := fmt.Sprintf(`{"date":"2026-11-%02d","startVerseId":%d,"endVerseId":%d}`, 1+i%20, 119119001+i, 119119001+i)
		if code, res := a.Do(t, http.MethodPost, "/api/log-entries", body, heavy); code != http.StatusCreated {
			t.Fatalf("write: %d %s", code, res)
		}
		written := time.Now()
		want := strconv.FormatInt(ch.Version+1, 10) + "|"
		key := "proj:progress:" + userID(t, a, heavy)
		for {
			if strings.HasPrefix(cachedVersion(t, c, key), want) {
				break
			}
			if time.Since(written) > 30*time.Second {
				t.Fatal("projection never caught up")
			}
			time.Sleep(200 * time.Microsecond)
		}
		lat = append(lat, time.Since(written))
	}
	t.Logf("event to cache (progress), 100 writes: p50 %.2f ms  p99 %.2f ms", ms(percentile(lat, .5)), ms(percentile(lat, .99)))
}

// waitProjected reads every projection of the reader once (the handlers
// recompute only what was read lately) and waits until each is cached for
// the reader's current log version.
func waitProjected(t *testing.T, a *testkit.App, c cache.Cache, h map[string]string) {
	for _, path := range []string{"/api/insights/date-verse-counts", "/api/progress", "/api/reading-suggestions", "/api/insights/streak"} {
		if code, res := a.Do(t, http.MethodGet, path, "", h); code != http.StatusOK {
			t.Fatalf("GET %s: %d %s", path, code, res)
		}
	}
	_, res := a.Do(t, http.MethodGet, "/api/log-entries/changes?since=999999999", "", h)
	var ch struct {
		Version int64 `json:"version"`
	}
	_ = json.Unmarshal([]byte(res), &ch)
	want := strconv.FormatInt(ch.Version, 10) + "|"
	id := userID(t, a, h)
	deadline := time.Now().Add(30 * time.Minute)
	for _, name := range []string{"versecounts", "progress", "suggestions", "streaks"} {
		for {
			if strings.HasPrefix(cachedVersion(t, c, "proj:"+name+":"+id), want) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s never caught up: cached %q, want %q", name, cachedVersion(t, c, "proj:"+name+":"+id), want)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

func cachedVersion(t *testing.T, c cache.Cache, key string) string {
	v, err := cache.VersionOf(t.Context(), c, key)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

var ids sync.Map

func userID(t *testing.T, a *testkit.App, h map[string]string) string {
	if id, ok := ids.Load(h["Authorization"]); ok {
		return id.(string)
	}
	_, res := a.Do(t, http.MethodGet, "/api/auth/user", "", h)
	var u struct {
		ID string `json:"id"`
	}
	_ = json.Unmarshal([]byte(res), &u)
	ids.Store(h["Authorization"], u.ID)
	return u.ID
}

// compressedSize is the size of path's answer on the wire, gzip accepted.
func compressedSize(t *testing.T, a *testkit.App, h map[string]string, path string) int {
	req, _ := http.NewRequest(http.MethodGet, a.URL+path, nil)
	req.Header.Set("Authorization", h["Authorization"])
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return len(b)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
