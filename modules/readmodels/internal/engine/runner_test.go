package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"lamplight/modules/bible"
	"lamplight/modules/identity/identityapi"
	"lamplight/modules/reading/readingapi"
	"lamplight/modules/readmodels/readmodelsapi"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/cache"
	"lamplight/platform/errs"
	"lamplight/platform/inputs"
	"lamplight/platform/metrics"
)

// fakeLog is a reader's log whose version grows with every write.
type fakeLog struct {
	mu      sync.Mutex
	entries map[string][]readingapi.Entry
	version map[string]int64
	reads   int
	// stale, when set, is answered by Log instead of the current log, as a
	// lagging replica would.
	stale *readingapi.Log
	// duringRead, when set, runs once inside the next Log call, after the
	// snapshot was taken: another handler working while this one is slow.
	duringRead func()
}

func newFakeLog() *fakeLog {
	return &fakeLog{entries: map[string][]readingapi.Entry{}, version: map[string]int64{}}
}

func (f *fakeLog) add(user, date string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.entries[user] = append(f.entries[user], readingapi.Entry{Date: date, Start: bible.FirstVerseID, End: bible.FirstVerseID})
	f.version[user]++
}

// LogAt reads like Log: the fake keeps no log of its own.
func (f *fakeLog) LogAt(ctx context.Context, user, from string, _ int64) (readingapi.Log, error) {
	return f.Log(ctx, user, from)
}

func (f *fakeLog) Log(_ context.Context, user, from string) (readingapi.Log, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reads++
	if f.stale != nil {
		return *f.stale, nil
	}
	var out []readingapi.Entry
	for _, e := range f.entries[user] {
		if e.Date >= from {
			out = append(out, e)
		}
	}
	snapshot := readingapi.Log{Entries: out, Version: f.version[user]}
	if during := f.duringRead; during != nil {
		f.duringRead = nil
		f.mu.Unlock()
		during()
		f.mu.Lock()
	}
	return snapshot, nil
}

func (f *fakeLog) Version(_ context.Context, user string) (int64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.version[user], nil
}

func (f *fakeLog) UsersWithEntries(context.Context) ([]string, error) { return nil, nil }

type fakeSettings struct {
	mu   sync.Mutex
	s    map[string]settingsapi.Settings
	gets atomic.Int32
}

func (f *fakeSettings) Get(_ context.Context, user string) (settingsapi.Settings, error) {
	f.gets.Add(1)
	f.mu.Lock()
	defer f.mu.Unlock()
	if s, ok := f.s[user]; ok {
		return s, nil
	}
	return settingsapi.Settings{TimeZone: "UTC", RestDaysPerWeek: 1}, nil
}

func (f *fakeSettings) set(user string, change func(*settingsapi.Settings)) {
	s, _ := f.Get(context.Background(), user)
	change(&s)
	s.Version++
	f.mu.Lock()
	defer f.mu.Unlock()
	f.s[user] = s
}

// downCache fails every call, as an unreachable Redis would.
type downCache struct{}

var errDown = errors.New("cache down")

func (downCache) Get(context.Context, string) ([]byte, error)              { return nil, errDown }
func (downCache) Set(context.Context, string, []byte, time.Duration) error { return errDown }
func (downCache) SetNX(context.Context, string, []byte, time.Duration) (bool, error) {
	return false, errDown
}
func (downCache) Take(context.Context, string) ([]byte, error) { return nil, errDown }
func (downCache) Delete(context.Context, ...string) error      { return errDown }
func (downCache) Ping(context.Context) error                   { return errDown }

// summary is a toy projection: the dates read, and the date it was for.
type summary struct {
	Dates []string `json:"dates"`
	Today string   `json:"today"`
}

type fixture struct {
	log       *fakeLog
	settings  *fakeSettings
	cache     cache.Cache
	metrics   *metrics.Metrics
	logged    *levels
	runner    *Runner[summary]
	refresher *Refresher
	computes  atomic.Int32
}

// levels counts the records logged at each level.
type levels struct {
	mu sync.Mutex
	n  map[slog.Level]int
}

func (l *levels) Enabled(context.Context, slog.Level) bool { return true }
func (l *levels) Handle(_ context.Context, r slog.Record) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.n[r.Level]++
	return nil
}
func (l *levels) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l *levels) WithGroup(string) slog.Handler      { return l }

func (l *levels) atLeast(min slog.Level) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	total := 0
	for level, n := range l.n {
		if level >= min {
			total += n
		}
	}
	return total
}

func newFixture(t *testing.T, c cache.Cache, usesToday bool) *fixture {
	f := &fixture{
		log: newFakeLog(), settings: &fakeSettings{s: map[string]settingsapi.Settings{}}, cache: c,
		metrics: metrics.New(), logged: &levels{n: map[slog.Level]int{}},
	}
	spec := Spec[summary]{
		Name:         "toy",
		FromLookBack: true,
		UsesToday:    usesToday,
		Inputs:       func(s settingsapi.Settings) string { return s.LookBackDate },
		Compute: func(in Input) summary {
			f.computes.Add(1)
			out := summary{Dates: []string{}, Today: in.Today}
			for _, e := range in.Log.Entries {
				out.Dates = append(out.Dates, e.Date)
			}
			return out
		},
	}
	deps := Deps{Reading: f.log, Sources: testSources(t, nil, f.log, f.settings), Cache: c, Metrics: f.metrics, Log: slog.New(f.logged)}
	f.runner = NewRunner(spec, deps)
	f.runner.SetClock(func() time.Time { return time.Date(2026, 11, 22, 23, 30, 0, 0, time.UTC) })
	f.refresher = mustRefresher(t, RefresherIn{Deps: deps, Members: []Member{f.runner}})
	return f
}

func memory(t *testing.T) cache.Cache {
	m := cache.NewMemory()
	t.Cleanup(m.Close)
	return m
}

func (f *fixture) get(t *testing.T, user, today string) summary {
	t.Helper()
	v, view, err := f.runner.Get(context.Background(), user, today)
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := f.settings.Get(context.Background(), user); view.Settings != s || view.Today == "" {
		t.Fatalf("view %+v", view)
	}
	return v
}

func TestGetServesFromTheCacheUntilAnInputChanges(t *testing.T) {
	f := newFixture(t, memory(t), false)
	f.log.add("u1", "2026-11-01")
	if got := f.get(t, "u1", ""); !slices.Equal(got.Dates, []string{"2026-11-01"}) || f.computes.Load() != 1 {
		t.Fatalf("%+v after %d computes", got, f.computes.Load())
	}
	f.get(t, "u1", "")
	if f.computes.Load() != 1 {
		t.Fatalf("recomputed without a change: %d", f.computes.Load())
	}
	// Read your writes.
	f.log.add("u1", "2026-11-02")
	if got := f.get(t, "u1", ""); !slices.Equal(got.Dates, []string{"2026-11-01", "2026-11-02"}) {
		t.Fatalf("stale after a write: %+v", got)
	}
	// A setting the projection reads changes the value at once...
	f.settings.set("u1", func(s *settingsapi.Settings) { s.LookBackDate = "2026-11-02" })
	if got := f.get(t, "u1", ""); !slices.Equal(got.Dates, []string{"2026-11-02"}) {
		t.Fatalf("lookBackDate ignored: %+v", got)
	}
	// ...and one it does not read leaves the cached value valid.
	n := f.computes.Load()
	f.settings.set("u1", func(s *settingsapi.Settings) { s.Locale = "de" })
	f.get(t, "u1", "")
	if f.computes.Load() != n {
		t.Fatal("an unrelated setting invalidated the value")
	}
	// Readers are apart.
	if got := f.get(t, "u2", ""); len(got.Dates) != 0 {
		t.Fatalf("u2 sees %+v", got)
	}
}

func TestTodayIsAnInput(t *testing.T) {
	f := newFixture(t, memory(t), true)
	f.settings.set("u1", func(s *settingsapi.Settings) { s.TimeZone = "Pacific/Kiritimati" })
	f.settings.set("u2", func(s *settingsapi.Settings) { s.TimeZone = "America/Los_Angeles" })
	if got := f.get(t, "u1", ""); got.Today != "2026-11-23" {
		t.Fatalf("UTC+14 reader's today: %s", got.Today)
	}
	if got := f.get(t, "u2", ""); got.Today != "2026-11-22" {
		t.Fatalf("LA reader's today: %s", got.Today)
	}
	if got := f.get(t, "u1", "2026-11-22"); got.Today != "2026-11-22" {
		t.Fatalf("explicit today: %s", got.Today)
	}
	n := f.computes.Load()
	f.get(t, "u1", "2026-11-22")
	if f.computes.Load() != n {
		t.Fatal("same today recomputed")
	}
	// A projection that does not use today ignores it.
	g := newFixture(t, memory(t), false)
	g.get(t, "u1", "2026-01-01")
	g.get(t, "u1", "2026-01-02")
	if got := g.get(t, "u1", ""); got.Today != "" || g.computes.Load() != 1 {
		t.Fatalf("%+v after %d computes", got, g.computes.Load())
	}
}

func TestEventsRecomputeAndNeverPutAnOlderValueBack(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, memory(t), false)
	handlers := f.refresher.Handlers()
	if len(handlers) != 3 || handlers[0].Name != "projections.refresh" || handlers[0].Topic != (readingapi.LogEntryChanged{}).Topic() ||
		handlers[1].Name != "projections.refresh.settings" || handlers[1].Topic != (settingsapi.SettingsChanged{}).Topic() ||
		handlers[2].Name != "projections.user-deleted" || handlers[2].Topic != (identityapi.UserDeleted{}).Topic() {
		t.Fatalf("handlers %+v", handlers)
	}
	onLog := handlers[0].Handle
	// The reader looks at the value, so events keep it current.
	f.get(t, "u1", "")
	computed := f.computes.Load()
	f.log.add("u1", "2026-11-01")
	f.log.add("u1", "2026-11-02")
	// Events arrive late, out of order and twice; each recomputes from the
	// log as it is now.
	for _, payload := range []string{
		`{"userId":"u1","dates":["2026-11-02"],"op":"created","version":2}`,
		`{"userId":"u1","dates":["2026-11-01"],"op":"created","version":1}`,
		`{"userId":"u1","dates":["2026-11-01"],"op":"created","version":1}`,
	} {
		if err := onLog(ctx, []byte(payload)); err != nil {
			t.Fatal(err)
		}
	}
	if f.computes.Load() != computed+1 {
		t.Fatalf("handlers recomputed a current value: %d computes", f.computes.Load()-computed)
	}
	reads := f.log.reads
	if got := f.get(t, "u1", ""); len(got.Dates) != 2 || f.log.reads != reads {
		t.Fatalf("not served from the cache: %+v", got)
	}
	// A slow rebuild that read an older snapshot stores it under that
	// snapshot's version, which the next read sees is stale.
	f.log.stale = &readingapi.Log{Entries: []readingapi.Entry{{Date: "2026-11-01", Start: bible.FirstVerseID, End: bible.FirstVerseID}}, Version: 1}
	if err := f.runner.Rebuild(ctx, "u1"); err != nil {
		t.Fatal(err)
	}
	f.log.stale = nil
	if got := f.get(t, "u1", ""); len(got.Dates) != 2 {
		t.Fatalf("an older value was served: %+v", got)
	}
	// A settings event refreshes too.
	f.settings.set("u1", func(s *settingsapi.Settings) { s.LookBackDate = "2026-11-02" })
	if err := handlers[1].Handle(ctx, []byte(`{"userId":"u1","fields":["lookBackDate"],"version":1}`)); err != nil {
		t.Fatal(err)
	}
	reads = f.log.reads
	if got := f.get(t, "u1", ""); !slices.Equal(got.Dates, []string{"2026-11-02"}) || f.log.reads != reads {
		t.Fatalf("settings event did not refresh: %+v", got)
	}
	// A deleted reader's value is dropped.
	if err := handlers[2].Handle(ctx, []byte(`{"userId":"u1"}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := f.cache.Get(ctx, f.runner.Key("u1")); !errors.Is(err, cache.ErrMiss) {
		t.Fatalf("value kept after the reader was deleted: %v", err)
	}
	if err := onLog(ctx, []byte(`not json`)); err == nil {
		t.Fatal("a malformed event must fail (and go to the poison queue)")
	}
}

func TestASlowHandlerDoesNotLeaveAnOlderValueCached(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, memory(t), false)
	f.get(t, "u1", "")
	f.log.add("u1", "2026-11-01")
	// While the first handler computes from version 1, a write lands and a
	// second handler stores version 2; the first notices before storing and
	// leaves version 2 in place.
	f.log.duringRead = func() {
		f.log.add("u1", "2026-11-02")
		if err := f.refresher.Refresh(ctx, "u1", ""); err != nil {
			t.Error(err)
		}
	}
	if err := f.refresher.Refresh(ctx, "u1", ""); err != nil {
		t.Fatal(err)
	}
	want := f.runner.Version(2, settingsapi.Settings{TimeZone: "UTC", RestDaysPerWeek: 1}, "")
	if got, err := cache.VersionOf(ctx, f.cache, f.runner.Key("u1")); got != want || err != nil {
		t.Fatalf("cached version %q (%v), want %q", got, err, want)
	}
}

func TestRefreshOutrunByWritesIsCountedNotLogged(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, memory(t), false)
	f.get(t, "u1", "")
	f.log.add("u1", "2026-11-01")
	// Every computation is overtaken by a new write, as under a reader's
	// steady writes: the cache never holds the current version.
	var write func()
	write = func() {
		f.log.add("u1", "2026-11-02")
		f.log.duringRead = write
	}
	f.log.duringRead = write
	onLog := f.refresher.Handlers()[0].Handle
	if err := onLog(ctx, []byte(`{"userId":"u1"}`)); err != nil {
		t.Fatalf("the event must succeed, or the bus logs and retries it: %v", err)
	}
	rec := httptest.NewRecorder()
	f.metrics.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if want := `lamplight_projection_refresh_superseded_total{projection="toy"} 1`; !strings.Contains(rec.Body.String(), want) {
		t.Fatalf("metric %s missing", want)
	}
	if n := f.logged.atLeast(slog.LevelWarn); n != 0 {
		t.Fatalf("%d records logged at warn or above", n)
	}
	// A read still answers the current log.
	f.log.duringRead = nil
	if got := f.get(t, "u1", ""); len(got.Dates) != int(f.log.version["u1"]) {
		t.Fatalf("read after the refresh: %+v", got)
	}
}

// A value nobody read within EagerFor is left to its next read: events do
// not recompute it, and that read answers the current log.
func TestEventsLeaveAValueNobodyLooksAtToItsNextRead(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, memory(t), false)
	onLog := f.refresher.Handlers()[0].Handle
	f.log.add("u1", "2026-11-01")
	if err := onLog(ctx, []byte(`{"userId":"u1"}`)); err != nil || f.computes.Load() != 0 || f.log.reads != 0 {
		t.Fatalf("never read: %v, %d computes, %d log reads", err, f.computes.Load(), f.log.reads)
	}
	if got := f.get(t, "u1", ""); len(got.Dates) != 1 {
		t.Fatalf("%+v", got)
	}
	// Read, then not again for longer than EagerFor.
	later := time.Date(2026, 11, 22, 23, 30, 0, 0, time.UTC).Add(EagerFor + time.Minute)
	f.runner.SetClock(func() time.Time { return later })
	f.log.add("u1", "2026-11-02")
	if err := onLog(ctx, []byte(`{"userId":"u1"}`)); err != nil || f.computes.Load() != 1 {
		t.Fatalf("read long ago: %v, %d computes", err, f.computes.Load())
	}
	if got := f.get(t, "u1", ""); len(got.Dates) != 2 || f.computes.Load() != 2 {
		t.Fatalf("%+v after %d computes", got, f.computes.Load())
	}
	// Read just now: the next write is recomputed by its event.
	f.log.add("u1", "2026-11-03")
	if err := onLog(ctx, []byte(`{"userId":"u1"}`)); err != nil || f.computes.Load() != 3 {
		t.Fatalf("read lately: %v, %d computes", err, f.computes.Load())
	}
}

func TestRebuildStoresWhateverTheCacheHeld(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, memory(t), false)
	f.log.add("u1", "2026-11-01")
	f.get(t, "u1", "")
	// Overwrite the cached value with garbage under the current version.
	cache.Store(ctx, f.cache, slog.Default(), f.runner.Key("u1"), f.runner.Version(1, settingsapi.Settings{}, ""), TTL, summary{Dates: []string{"garbage"}})
	if err := f.runner.Rebuild(ctx, "u1"); err != nil {
		t.Fatal(err)
	}
	if got := f.get(t, "u1", ""); !slices.Equal(got.Dates, []string{"2026-11-01"}) {
		t.Fatalf("%+v", got)
	}
	var r readmodelsapi.Rebuilder = f.runner
	if r.Name() != "toy" {
		t.Fatal(r.Name())
	}
}

func TestCacheDownStillAnswers(t *testing.T) {
	f := newFixture(t, downCache{}, false)
	f.log.add("u1", "2026-11-01")
	for range 2 {
		if got := f.get(t, "u1", ""); !slices.Equal(got.Dates, []string{"2026-11-01"}) {
			t.Fatalf("%+v", got)
		}
	}
	if err := f.runner.Rebuild(context.Background(), "u1"); err != nil {
		t.Fatalf("rebuild must not fail on the cache: %v", err)
	}
	if err := f.refresher.Refresh(context.Background(), "u1", ""); err != nil {
		t.Fatal(err)
	}
}

func TestParseDate(t *testing.T) {
	if d, err := ParseDate("today", ""); d != "" || err != nil {
		t.Fatal(d, err)
	}
	if d, err := ParseDate("today", "2026-11-22"); d != "2026-11-22" || err != nil {
		t.Fatal(d, err)
	}
	for _, bad := range []string{"2026-02-30", "22.11.2026", "2026-11-22T00:00:00Z"} {
		_, err := ParseDate("today", bad)
		e, ok := errs.As(err)
		if !ok || e.Kind != errs.KindValidation || e.Details[0].Field != "today" || e.Details[0].Code != errs.IsInvalid {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestOneEventReadsTheLogOnceForEveryProjection(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, memory(t), true)
	// A second projection over the whole log, beside the toy one that reads
	// from lookBackDate.
	whole := NewRunner(Spec[int]{
		Name:    "whole",
		Inputs:  func(settingsapi.Settings) string { return "" },
		Compute: func(in Input) int { return len(in.Log.Entries) },
	}, f.runner.deps)
	f.refresher = mustRefresher(t, RefresherIn{Deps: f.runner.deps, Members: []Member{f.runner, whole}})
	// The reader looks at both.
	f.get(t, "u1", "")
	if _, _, err := whole.Get(ctx, "u1", ""); err != nil {
		t.Fatal(err)
	}
	read := f.log.reads
	f.settings.set("u1", func(s *settingsapi.Settings) { s.LookBackDate = "2026-11-02" })
	f.log.add("u1", "2026-11-01")
	f.log.add("u1", "2026-11-02")

	if err := f.refresher.Handlers()[0].Handle(ctx, []byte(`{"userId":"u1"}`)); err != nil {
		t.Fatal(err)
	}
	if f.log.reads != read+1 {
		t.Fatalf("%d log reads for one event", f.log.reads-read)
	}
	if got := f.get(t, "u1", ""); !slices.Equal(got.Dates, []string{"2026-11-02"}) {
		t.Fatalf("toy %+v", got)
	}
	if n, _, err := whole.Get(ctx, "u1", ""); n != 2 || err != nil || f.log.reads != read+1 {
		t.Fatalf("whole %d (%v) after %d log reads", n, err, f.log.reads-read)
	}
	// A repeated event finds both current and reads no log.
	if err := f.refresher.Handlers()[0].Handle(ctx, []byte(`{"userId":"u1"}`)); err != nil || f.log.reads != read+1 {
		t.Fatalf("%v after %d log reads", err, f.log.reads-read)
	}
	// A deleted reader's values are all dropped.
	if err := f.refresher.Handlers()[2].Handle(ctx, []byte(`{"userId":"u1"}`)); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{f.runner.Key("u1"), whole.Key("u1")} {
		if _, err := f.cache.Get(ctx, key); !errors.Is(err, cache.ErrMiss) {
			t.Fatalf("%s kept: %v", key, err)
		}
	}
}

func TestConcurrentMissesComputeOnce(t *testing.T) {
	f := newFixture(t, memory(t), false)
	f.log.add("u1", "2026-11-01")
	const readers = 8
	release := make(chan struct{})
	f.log.duringRead = func() { <-release }
	var wg sync.WaitGroup
	for range readers {
		wg.Go(func() { f.get(t, "u1", "") })
	}
	// Every reader has read the inputs and asked for the value before the
	// first log read may finish.
	deadline := time.Now().Add(30 * time.Second)
	for f.settings.gets.Load() < readers && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	close(release)
	wg.Wait()
	if n := f.computes.Load(); n != 1 {
		t.Fatalf("%d readers missing at once computed %d times", readers, n)
	}
}

// A write that leaves an answer's JSON as it was gets a new ETag but the
// bytes already compressed; a changed answer is compressed again.
func TestAnAnswerThatDidNotChangeIsNotCompressedAgain(t *testing.T) {
	f := newFixture(t, memory(t), false)
	ctx := context.Background()
	readFirst := func(s summary, _ View) ([]byte, error) { return json.Marshal(slices.Contains(s.Dates, "2026-11-01")) }
	answer := func() Answer {
		t.Helper()
		a, err := f.runner.Answer(ctx, "u1", "", Whole, readFirst)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	f.log.add("u1", "2026-11-02")
	first := answer()
	f.log.add("u1", "2026-11-03")
	same := answer()
	if same.ETag == first.ETag || &same.Gzip[0] != &first.Gzip[0] {
		t.Fatalf("same JSON after a write: tags %s, %s; compressed again: %v", first.ETag, same.ETag, &same.Gzip[0] != &first.Gzip[0])
	}
	f.log.add("u1", "2026-11-01")
	if changed := answer(); bytes.Equal(changed.Gzip, first.Gzip) {
		t.Fatal("a changed answer was served the kept bytes")
	}
}

// testSources reads the log and the settings as their modules contribute
// them, plus more; with a nil c, from the fakes every time (their writes
// keep no stamps).
func testSources(t *testing.T, c cache.Cache, l readingapi.Reader, s settingsapi.Reader, more ...inputs.Input) *Sources {
	t.Helper()
	src, err := NewSources(SourcesIn{Inputs: append([]inputs.Input{readingapi.Input(l), settingsapi.Input(s)}, more...), Cache: c})
	if err != nil {
		t.Fatal(err)
	}
	return src
}

func mustRefresher(t *testing.T, in RefresherIn) *Refresher {
	t.Helper()
	f, err := NewRefresher(in)
	if err != nil {
		t.Fatal(err)
	}
	return f
}
