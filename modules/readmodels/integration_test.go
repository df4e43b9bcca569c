package readmodels_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/gin-gonic/gin"
	"go.uber.org/fx"

	"lamplight/modules/bible"
	"lamplight/modules/identity/identityapi"
	"lamplight/modules/reading"
	"lamplight/modules/reading/readingapi"
	"lamplight/modules/readmodels"
	"lamplight/modules/readmodels/internal/engine"
	"lamplight/modules/readmodels/internal/progress"
	"lamplight/modules/readmodels/internal/streaks"
	"lamplight/modules/readmodels/internal/suggestions"
	"lamplight/modules/readmodels/internal/versecounts"
	"lamplight/modules/readmodels/readmodelsapi"
	"lamplight/modules/settings"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform"
	"lamplight/platform/bus"
	"lamplight/platform/cache"
	"lamplight/platform/httpx"
	"lamplight/platform/testkit"
)

const today = "2024-06-12"

// signIn stands in for the identity module: the X-Test-User header names
// the signed-in reader.
func signIn(c *gin.Context) {
	if id := c.GetHeader("X-Test-User"); id != "" {
		c.Request = c.Request.WithContext(httpx.WithCaller(identityapi.WithUser(c.Request.Context(), identityapi.User{ID: id}), httpx.Caller{ID: id}))
	}
	c.Next()
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

type env struct {
	*testkit.App
	engine      *gin.Engine
	cache       cache.Cache
	reading     readingapi.Reader
	settings    settingsapi.Reader
	transport   *bus.Transport
	versecounts *versecounts.Projection
	progress    *progress.Projection
	suggestions *suggestions.Projection
	streaks     *streaks.Projection
	refresher   *engine.Refresher
	rebuilders  []readmodelsapi.Rebuilder
}

type rebuildersIn struct {
	fx.In
	All []readmodelsapi.Rebuilder `group:"projection_rebuilders"`
}

// integration skips under -short: these tests start the whole stack.
func integration(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test")
	}
}

// start runs the platform, the reading and settings modules and the four
// projections; projectionOpts apply to the projections' scope only.
func start(t testing.TB, b testkit.Backend, projectionOpts ...fx.Option) *env {
	e := &env{}
	var rb rebuildersIn
	e.App = testkit.StartApp(t,
		fx.Supply(b.Config, testkit.Logger(t)),
		fx.Provide(func() fs.FS { return fstest.MapFS{} }, func() httpx.AppRoutes { return nil }),
		fx.NopLogger,
		platform.Module,
		reading.Module,
		settings.Module,
		fx.Module("projections", append(projectionOpts,
			readmodels.Module,
			fx.Populate(&e.versecounts, &e.progress, &e.suggestions, &e.streaks, &e.refresher, &e.cache),
		)...),
		fx.Provide(fx.Annotate(func() gin.HandlerFunc { return signIn }, fx.ResultTags(platform.GroupAPIMiddleware))),
		fx.Populate(&e.engine, &e.reading, &e.settings, &e.transport, &rb),
	)
	e.rebuilders = rb.All
	return e
}

func (e *env) call(t *testing.T, user, method, path, body string) (int, string) {
	t.Helper()
	return e.Do(t, method, path, body, map[string]string{"X-Test-User": user})
}

func (e *env) getJSON(t *testing.T, user, path string, into any) {
	t.Helper()
	code, body := e.call(t, user, http.MethodGet, path, "")
	if code != http.StatusOK {
		t.Fatalf("GET %s = %d %s", path, code, body)
	}
	if err := json.Unmarshal([]byte(body), into); err != nil {
		t.Fatalf("GET %s: %v in %s", path, err, body)
	}
}

func (e *env) logEntry(t *testing.T, user, date string, start, end bible.VerseID) {
	t.Helper()
	code, body := e.call(t, user, http.MethodPost, "/api/log-entries",
		fmt.Sprintf(`{"date":%q,"startVerseId":%d,"endVerseId":%d}`, date, start, end))
	if code != http.StatusCreated {
		t.Fatalf("log entry: %d %s", code, body)
	}
}

func (e *env) setLookBack(t *testing.T, user, date string) {
	t.Helper()
	code, body := e.call(t, user, http.MethodPut, "/api/settings", fmt.Sprintf(`{"lookBackDate":%q,"timeZone":"UTC"}`, date))
	if code != http.StatusOK {
		t.Fatalf("settings: %d %s", code, body)
	}
}

func v(b, c, vs int) bible.VerseID { return bible.NewVerseID(b, c, vs) }

type counts map[string]struct{ Total, Unique int }

type overview struct {
	Bible struct{ VersesRead, ChaptersRead int }
	Books []struct {
		Book       int
		VersesRead int
		Segments   []struct{ Read bool }
	}
}

type suggestion struct {
	StartVerseID      bible.VerseID `json:"startVerseId"`
	EndVerseID        bible.VerseID `json:"endVerseId"`
	SuggestionContext struct{ Kind string }
}

type streak struct {
	Current      int
	CurrentStart *string
	Longest      int
	TodayRead    bool
}

// readAll checks every projection of user against what was logged: Genesis
// from 1:1 through chapter n on consecutive days ending yesterday.
func readAll(t *testing.T, e *env, user string) (counts, overview, []suggestion, streak) {
	var c counts
	var o overview
	var s []suggestion
	var st streak
	e.getJSON(t, user, "/api/insights/date-verse-counts?from=2024-06-01&to="+today, &c)
	e.getJSON(t, user, "/api/progress", &o)
	e.getJSON(t, user, "/api/reading-suggestions?today="+today, &s)
	e.getJSON(t, user, "/api/insights/streak?today="+today, &st)
	return c, o, s, st
}

func TestIntegrationProjectionsReadYourWrites(t *testing.T) {
	integration(t)
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		e := start(t, b)
		e.setLookBack(t, "u1", "2024-01-01")

		c, o, s, st := readAll(t, e, "u1")
		if len(c) != 0 || o.Bible.VersesRead != 0 || len(s) != 3 || s[0].SuggestionContext.Kind != "nt" || st.Current != 0 {
			t.Fatalf("new reader: %v %+v %+v %+v", c, o.Bible, s, st)
		}

		// Each read right after a write reflects it.
		e.logEntry(t, "u1", "2024-06-10", v(1, 1, 1), v(1, 1, 5))
		e.logEntry(t, "u1", "2024-06-11", v(1, 1, 3), v(1, 1, 10))
		c, o, s, st = readAll(t, e, "u1")
		if c["2024-06-10"].Total != 5 || c["2024-06-10"].Unique != 5 || c["2024-06-11"].Total != 8 || c["2024-06-11"].Unique != 5 || len(c) != 2 {
			t.Fatalf("counts %v", c)
		}
		if o.Bible.VersesRead != 10 || o.Books[0].VersesRead != 10 || len(o.Books[0].Segments) != 2 {
			t.Fatalf("progress %+v", o.Bible)
		}
		if len(s) != 3 || s[0].SuggestionContext.Kind != "continue" || s[0].StartVerseID != v(1, 1, 11) || s[0].EndVerseID != v(1, 1, 31) {
			t.Fatalf("suggestions %+v", s)
		}
		if st.Current != 2 || st.CurrentStart == nil || *st.CurrentStart != "2024-06-10" || st.TodayRead {
			t.Fatalf("streak %+v", st)
		}

		// A change to an old date updates later days' unique counts.
		e.logEntry(t, "u1", "2024-06-09", v(1, 1, 1), v(1, 1, 31))
		c, o, _, st = readAll(t, e, "u1")
		if c["2024-06-10"].Unique != 0 || c["2024-06-11"].Unique != 0 || c["2024-06-09"].Unique != 31 || o.Bible.ChaptersRead != 1 || st.Current != 3 {
			t.Fatalf("after an old date changed: %v %+v %+v", c, o.Bible, st)
		}

		// A settings change takes effect at once.
		e.setLookBack(t, "u1", "2024-06-11")
		c, o, _, _ = readAll(t, e, "u1")
		if c["2024-06-10"].Unique != 0 || c["2024-06-11"].Unique != 8 || o.Bible.VersesRead != 8 {
			t.Fatalf("after lookBackDate moved: %v %+v", c, o.Bible)
		}

		// Readers are apart.
		c, o, s, st = readAll(t, e, "u2")
		if len(c) != 0 || o.Bible.VersesRead != 0 || s[0].SuggestionContext.Kind != "nt" || st.Longest != 0 {
			t.Fatalf("u2 sees u1's log: %v %+v %+v %+v", c, o.Bible, s, st)
		}
	})
}

// cachedVersion returns the version a reader's value is cached under.
func cachedVersion(e *env, key string) string {
	v, _ := cache.VersionOf(context.Background(), e.cache, key)
	return v
}

// waitCached waits until key holds a value for the version want returns
// (any version when want is nil). The bus delivers asynchronously, and a
// handler that meets a busy database retries with backoff, so the wait is
// generous for a loaded machine.
func waitCached(t testing.TB, e *env, key string, want func() string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		got := cachedVersion(e, key)
		if got != "" && (want == nil || got == want()) {
			return
		}
		if time.Now().After(deadline) {
			w := "any"
			if want != nil {
				w = want()
			}
			t.Fatalf("%s: cached version %q, want %s", key, got, w)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestIntegrationEventsKeepTheCacheCurrent(t *testing.T) {
	integration(t)
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		ctx := context.Background()
		e := start(t, b)
		e.setLookBack(t, "u1", "2024-01-01")
		// The reader has her screens open: the handlers keep what she read
		// current.
		readAll(t, e, "u1")
		e.logEntry(t, "u1", "2024-06-10", v(1, 1, 1), v(1, 1, 5))
		e.logEntry(t, "u1", "2024-06-11", v(1, 1, 3), v(1, 1, 10))

		current := func() string {
			lv, _ := e.reading.Version(ctx, "u1")
			s, _ := e.settings.Get(ctx, "u1")
			return e.versecounts.Version(lv, s, "")
		}
		key := e.versecounts.Key("u1")
		// The handlers recompute after each write without her asking again.
		waitCached(t, e, key, current)
		for _, r := range []interface{ Key(string) string }{e.progress, e.suggestions, e.streaks} {
			waitCached(t, e, r.Key("u1"), nil)
		}

		// Old events, redelivered and out of order, through the real bus:
		// each handler recomputes from the log as it is now.
		if err := e.cache.Delete(ctx, key); err != nil {
			t.Fatal(err)
		}
		for _, ev := range []readingapi.LogEntryChanged{
			{UserID: "u1", Dates: []string{"2024-06-11"}, Op: readingapi.OpCreated, Version: 2},
			{UserID: "u1", Dates: []string{"2024-06-10"}, Op: readingapi.OpCreated, Version: 1},
			{UserID: "u1", Dates: []string{"2024-06-10"}, Op: readingapi.OpCreated, Version: 1},
		} {
			if err := bus.Publish(e.transport.Publisher, ev); err != nil {
				t.Fatal(err)
			}
		}
		waitCached(t, e, key, current)

		// The same events handed to the handlers directly, after a newer
		// write, leave every value current and correct.
		e.logEntry(t, "u1", "2024-06-09", v(1, 1, 1), v(1, 1, 31))
		for _, h := range e.refresher.Handlers() {
			if h.Topic != (readingapi.LogEntryChanged{}).Topic() {
				continue
			}
			for _, p := range []string{
				`{"userId":"u1","dates":["2024-06-10"],"op":"created","version":1}`,
				`{"userId":"u1","dates":["2024-06-11"],"op":"created","version":2}`,
				`{"userId":"u1","dates":["2024-06-10"],"op":"created","version":1}`,
			} {
				if err := h.Handle(ctx, []byte(p)); err != nil {
					t.Fatal(err)
				}
			}
		}
		if cachedVersion(e, key) != current() {
			t.Fatalf("cached %q, current %q", cachedVersion(e, key), current())
		}
		c, o, _, st := readAll(t, e, "u1")
		if c["2024-06-09"].Unique != 31 || c["2024-06-10"].Unique != 0 || o.Bible.VersesRead != 31 || st.Current != 3 {
			t.Fatalf("%v %+v %+v", c, o.Bible, st)
		}

		// Rebuilders are in the group, one per projection, and rebuild.
		names := map[string]bool{}
		for _, r := range e.rebuilders {
			names[r.Name()] = true
			if err := r.Rebuild(ctx, "u1"); err != nil {
				t.Fatal(err)
			}
		}
		if len(names) != 5 || !names["insights"] || !names["versecounts"] || !names["progress"] || !names["suggestions"] || !names["streaks"] {
			t.Fatalf("rebuilders %v", names)
		}
		if cachedVersion(e, key) != current() {
			t.Fatal("rebuild stored another version")
		}
	})
}

func TestIntegrationProjectionsAnswerWhenTheCacheIsDown(t *testing.T) {
	integration(t)
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		e := start(t, b, fx.Decorate(func(cache.Cache) cache.Cache { return downCache{} }))
		if _, ok := e.cache.(downCache); !ok {
			t.Fatalf("projections use %T", e.cache)
		}
		e.setLookBack(t, "u1", "2024-01-01")
		e.logEntry(t, "u1", "2024-06-10", v(1, 1, 1), v(1, 1, 5))
		e.logEntry(t, "u1", "2024-06-11", v(1, 1, 3), v(1, 1, 10))
		c, o, s, st := readAll(t, e, "u1")
		if c["2024-06-11"].Unique != 5 || o.Bible.VersesRead != 10 || s[0].StartVerseID != v(1, 1, 11) || st.Current != 2 {
			t.Fatalf("%v %+v %+v %+v", c, o.Bible, s, st)
		}
		var detail struct{ Chapters []struct{ VersesRead int } }
		e.getJSON(t, "u1", "/api/progress/books/1", &detail)
		if len(detail.Chapters) != 50 || detail.Chapters[0].VersesRead != 10 {
			t.Fatalf("%+v", detail)
		}
	})
}

func TestIntegrationProjectionsHTTP(t *testing.T) {
	integration(t)
	e := start(t, testkit.Backends(t)[0])
	paths := []string{
		"/api/insights/date-verse-counts", "/api/progress", "/api/progress/books/1",
		"/api/reading-suggestions", "/api/insights/streak",
	}

	t.Run("signed-in readers only", func(t *testing.T) {
		for _, p := range paths {
			if code, body := e.Get(t, p); code != http.StatusUnauthorized || !strings.Contains(body, `"unauthenticated"`) {
				t.Errorf("%s = %d %s", p, code, body)
			}
		}
	})

	t.Run("dates are validated", func(t *testing.T) {
		for _, c := range []struct{ path, field, reason string }{
			{"/api/reading-suggestions?today=2024-02-30", "today", ""},
			{"/api/insights/streak?today=12.06.2024", "today", ""},
			{"/api/insights/date-verse-counts?from=2024-6-1", "from", ""},
			{"/api/insights/date-verse-counts?to=tomorrow", "to", ""},
			{"/api/insights/date-verse-counts?today=x", "today", ""},
			{"/api/insights/date-verse-counts?from=2024-06-02&to=2024-06-01", "to", "before_from"},
			{"/api/insights/date-verse-counts?from=2010-01-01&to=2024-06-01", "to", "span_too_long"},
		} {
			code, body := e.call(t, "u1", http.MethodGet, c.path, "")
			want := fmt.Sprintf(`"field":%q,"code":"is_invalid"`, c.field)
			if code != http.StatusBadRequest || !strings.Contains(body, want) || !strings.Contains(body, c.reason) {
				t.Errorf("%s = %d %s", c.path, code, body)
			}
		}
	})

	t.Run("date verse counts default to lookBackDate..today and are sparse", func(t *testing.T) {
		e.setLookBack(t, "u3", "2024-06-01")
		e.logEntry(t, "u3", "2024-05-31", v(1, 1, 1), v(1, 1, 2))
		e.logEntry(t, "u3", "2024-06-05", v(1, 1, 1), v(1, 1, 3))
		e.logEntry(t, "u3", "2024-06-20", v(1, 1, 1), v(1, 1, 4))
		var c counts
		e.getJSON(t, "u3", "/api/insights/date-verse-counts?today="+today, &c)
		if len(c) != 1 || c["2024-06-05"].Total != 3 || c["2024-06-05"].Unique != 3 {
			t.Fatalf("%v", c)
		}
		c = counts{}
		e.getJSON(t, "u3", "/api/insights/date-verse-counts?from=2024-05-01&to=2024-06-30", &c)
		if len(c) != 3 || c["2024-05-31"].Total != 2 || c["2024-05-31"].Unique != 0 || c["2024-06-20"].Unique != 1 {
			t.Fatalf("%v", c)
		}
		_, body := e.call(t, "u3", http.MethodGet, "/api/insights/date-verse-counts?from=2024-06-05&to=2024-06-05", "")
		if body != `{"2024-06-05":{"total":3,"unique":3}}` {
			t.Fatalf("%s", body)
		}
		// A lookBackDate after today leaves the default span empty, not invalid.
		if code, body := e.call(t, "u3", http.MethodGet, "/api/insights/date-verse-counts?today=2024-05-01", ""); code != http.StatusOK || body != `{}` {
			t.Fatalf("%d %s", code, body)
		}
	})

	t.Run("book progress is 1-66", func(t *testing.T) {
		for _, b := range []string{"0", "67", "x", "-1", "1.5"} {
			if code, body := e.call(t, "u1", http.MethodGet, "/api/progress/books/"+b, ""); code != http.StatusNotFound {
				t.Errorf("book %s = %d %s", b, code, body)
			}
		}
		var d struct {
			Book, ChapterCount int
			Chapters           []struct{ Chapter, TotalVerses int }
		}
		e.getJSON(t, "u1", "/api/progress/books/66", &d)
		if d.Book != 66 || d.ChapterCount != 22 || len(d.Chapters) != 22 || d.Chapters[21].TotalVerses != 21 {
			t.Fatalf("%+v", d)
		}
	})

	t.Run("the OpenAPI document describes every projection route", func(t *testing.T) {
		code, body := e.Get(t, "/api/openapi.json")
		if code != http.StatusOK {
			t.Fatal(code)
		}
		doc, err := openapi3.NewLoader().LoadFromData([]byte(body))
		if err != nil {
			t.Fatal(err)
		}
		param := regexp.MustCompile(`:(\w+)`)
		for _, r := range e.engine.Routes() {
			if !strings.HasPrefix(r.Path, "/api/") {
				continue
			}
			p := param.ReplaceAllString(r.Path, "{$1}")
			if item := doc.Paths.Find(p); item == nil || item.GetOperation(r.Method) == nil {
				t.Errorf("%s %s is not documented", r.Method, p)
			}
		}
	})
}
