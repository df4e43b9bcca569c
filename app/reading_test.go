package app_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"go.uber.org/fx"

	"lamplight/app"
	"lamplight/modules/identity/identitytest"
	"lamplight/modules/readmodels/readmodelsapi"
	"lamplight/platform/cache"
	"lamplight/platform/config"
	"lamplight/platform/dates"
	"lamplight/platform/testkit"
)

type readerApp struct {
	*testkit.App
	cache      cache.Cache
	rebuilders []readmodelsapi.Rebuilder
}

type rebuilders struct {
	fx.In
	All []readmodelsapi.Rebuilder `group:"projection_rebuilders"`
}

// startReaderApp runs the whole app with cheap sign-up for tests.
func startReaderApp(t *testing.T, cfg config.Config) *readerApp {
	r := &readerApp{}
	r.App = testkit.StartApp(t, app.Options(cfg, io.Discard, webFiles,
		identitytest.Options(), fx.Populate(&r.cache), fx.Invoke(func(in rebuilders) { r.rebuilders = in.All })))
	return r
}

func (r *readerApp) userID(t *testing.T, h map[string]string) string {
	_, body := r.Do(t, http.MethodGet, "/api/auth/user", "", h)
	var u struct{ ID string }
	if err := json.Unmarshal([]byte(body), &u); err != nil || u.ID == "" {
		t.Fatalf("user: %s", body)
	}
	return u.ID
}

// views returns every derived view of the reader's log, as the API answers
// them, with book's own progress.
func views(t *testing.T, a *testkit.App, h map[string]string, today string, book int) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, p := range []string{
		"/api/log-entries",
		"/api/insights/date-verse-counts?today=" + today,
		"/api/progress",
		fmt.Sprintf("/api/progress/books/%d", book),
		"/api/reading-suggestions?today=" + today,
		"/api/insights/streak?today=" + today,
	} {
		code, body := a.Do(t, http.MethodGet, p, "", h)
		if code != http.StatusOK {
			t.Fatalf("GET %s: %d %s", p, code, body)
		}
		out[p] = body
	}
	return out
}

func post(t *testing.T, a *testkit.App, h map[string]string, date, start, end string) (int, string) {
	return a.Do(t, http.MethodPost, "/api/log-entries", fmt.Sprintf(`{"date":%q,"startVerseId":%s,"endVerseId":%s}`, date, start, end), h)
}

func versesRead(t *testing.T, progressJSON string) int {
	var p struct {
		Bible struct{ VersesRead int } `json:"bible"`
	}
	if err := json.Unmarshal([]byte(progressJSON), &p); err != nil {
		t.Fatal(err)
	}
	return p.Bible.VersesRead
}

func TestIntegrationReadingAPI(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		a := startReaderApp(t, b.Config)
		alice := identitytest.Bearer(identitytest.SignUp(t, a.App, "alice@example.org"))
		bob := identitytest.Bearer(identitytest.SignUp(t, a.App, "bob@example.org"))
		today := dates.Today("UTC", time.Now())
		yesterday := dates.AddDays(today, -1)
		// A new reader looks back to the day they start; alice logs yesterday's
		// reading too, so she moves her look-back date a week back first.
		lookBack := fmt.Sprintf(`{"lookBackDate":%q}`, dates.AddDays(today, -7))
		if code, body := a.Do(t, http.MethodPut, "/api/settings", lookBack, alice); code != http.StatusOK {
			t.Fatalf("settings: %d %s", code, body)
		}

		t.Run("signed-out readers are refused", func(t *testing.T) {
			if code, _ := a.Get(t, "/api/log-entries"); code != http.StatusUnauthorized {
				t.Fatalf("%d", code)
			}
		})

		t.Run("validation errors name the field and never reach the database", func(t *testing.T) {
			code, body := post(t, a.App, alice, "2026-02-30", "101001001", "101001002")
			if code != 400 || !strings.Contains(body, `"field":"date","code":"is_invalid"`) {
				t.Fatalf("%d %s", code, body)
			}
			code, body = post(t, a.App, alice, today, "101001005", "101001001")
			if code != 400 || !strings.Contains(body, `"field":"endVerseId","code":"is_invalid","properties":{"reason":"start_after_end"}`) {
				t.Fatalf("%d %s", code, body)
			}
			if code, body := a.Do(t, http.MethodPost, "/api/log-entries", `{"date":`, alice); code != 400 || !strings.Contains(body, "invalid_request") {
				t.Fatalf("malformed body: %d %s", code, body)
			}
			if _, body := a.Do(t, http.MethodGet, "/api/log-entries", "", alice); body != "[]" {
				t.Fatalf("stored: %s", body)
			}
		})

		code, body := post(t, a.App, alice, yesterday, "101001001", "101001031")
		if code != http.StatusCreated {
			t.Fatalf("%d %s", code, body)
		}
		var gen1 struct{ ID string }
		_ = json.Unmarshal([]byte(body), &gen1)

		t.Run("another reader's entry is not found", func(t *testing.T) {
			path := "/api/log-entries/" + gen1.ID
			put := fmt.Sprintf(`{"date":%q,"startVerseId":101001001,"endVerseId":101001002}`, today)
			for method, payload := range map[string]string{http.MethodGet: "", http.MethodPut: put, http.MethodDelete: ""} {
				if code, body := a.Do(t, method, path, payload, bob); code != http.StatusNotFound || body != `{"error":{"code":"not_found","errors":[{"code":"entry_not_found"}]}}` {
					t.Fatalf("%s by another reader: %d %s", method, code, body)
				}
			}
			if code, _ := a.Do(t, http.MethodGet, path, "", alice); code != http.StatusOK {
				t.Fatalf("owner: %d", code)
			}
		})

		t.Run("every view reflects a write at once", func(t *testing.T) {
			before := views(t, a.App, alice, today, 40)
			if versesRead(t, before["/api/progress"]) != 31 {
				t.Fatalf("progress before: %s", before["/api/progress"])
			}
			// Matthew 1 today: new verses, a new day of the streak, and the
			// New Testament suggestion moves on to Matthew 2.
			if code, body := post(t, a.App, alice, today, "140001001", "140001025"); code != http.StatusCreated {
				t.Fatalf("%d %s", code, body)
			}
			after := views(t, a.App, alice, today, 40)
			for p := range after {
				if after[p] == before[p] {
					t.Errorf("%s did not change after a write", p)
				}
			}
			if versesRead(t, after["/api/progress"]) != 56 {
				t.Fatalf("progress after: %s", after["/api/progress"])
			}
			if !strings.Contains(after["/api/insights/date-verse-counts?today="+today], fmt.Sprintf(`"%s":{"total":25,"unique":25}`, today)) {
				t.Fatalf("counts: %s", after["/api/insights/date-verse-counts?today="+today])
			}
			if !strings.Contains(after["/api/reading-suggestions?today="+today], `"startVerseId":140002001`) {
				t.Fatalf("suggestions: %s", after["/api/reading-suggestions?today="+today])
			}
			if views(t, a.App, bob, today, 40)["/api/progress"] == after["/api/progress"] {
				t.Fatal("bob sees alice's progress")
			}
		})

		t.Run("the log is sent compressed once, or plain to clients without gzip", func(t *testing.T) {
			raw := &http.Client{Transport: a.Checked(&http.Transport{DisableCompression: true})}
			get := func(path, acceptEncoding string) (*http.Response, []byte) {
				t.Helper()
				req, _ := http.NewRequest(http.MethodGet, a.URL+path, nil)
				req.Header.Set("Authorization", alice["Authorization"])
				if acceptEncoding != "" {
					req.Header.Set("Accept-Encoding", acceptEncoding)
				}
				res, err := raw.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				defer res.Body.Close()
				body, _ := io.ReadAll(res.Body)
				return res, body
			}
			for _, path := range []string{"/api/log-entries", "/api/log-entries?from=" + yesterday} {
				res, plain := get(path, "")
				if whole := !strings.Contains(path, "?"); whole != (res.Header.Get("X-Log-Version") != "") {
					t.Fatalf("%s: X-Log-Version %q", path, res.Header.Get("X-Log-Version"))
				}
				if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "" || !strings.Contains(string(plain), gen1.ID) {
					t.Fatalf("%s without gzip: %d %q %.80s", path, res.StatusCode, res.Header.Get("Content-Encoding"), plain)
				}
				for range 2 { // computed, then from the cache
					res, body := get(path, "gzip, deflate")
					if res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("Vary") != "Accept-Encoding" {
						t.Fatalf("%s with gzip: %v", path, res.Header)
					}
					zr, err := gzip.NewReader(bytes.NewReader(body))
					if err != nil {
						t.Fatal(err)
					}
					unzipped, err := io.ReadAll(zr)
					if err != nil || string(unzipped) != string(plain) {
						t.Fatalf("%s: gunzipped %.80s (%v), want %.80s", path, unzipped, err, plain)
					}
				}
			}
		})

		t.Run("a rebuild, or an emptied cache, gives identical answers", func(t *testing.T) {
			want := views(t, a.App, alice, today, 40)
			id := a.userID(t, alice)
			for _, r := range a.rebuilders {
				if err := r.Rebuild(context.Background(), id); err != nil {
					t.Fatal(err)
				}
			}
			if got := views(t, a.App, alice, today, 40); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("after rebuild:\n%v\nwant\n%v", got, want)
			}
			for _, r := range a.rebuilders {
				_ = a.cache.Delete(context.Background(), "proj:"+r.Name()+":"+id)
			}
			_ = a.cache.Delete(context.Background(), "reading:entries:"+id)
			if got := views(t, a.App, alice, today, 40); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("after emptying the cache:\n%v\nwant\n%v", got, want)
			}
		})
	})
}

// Two instances behind a load balancer share PostgreSQL and Redis: a read on
// one right after a write on the other reflects it.
func TestIntegrationReadYourWritesAcrossInstances(t *testing.T) {
	backends := testkit.Backends(t)
	b := backends[len(backends)-1]
	if !b.Postgres() {
		t.Skip("needs TEST_DATABASE_URL and TEST_REDIS_URL")
	}
	one, two := startReaderApp(t, b.Config), startReaderApp(t, b.Config)
	reader := identitytest.Bearer(identitytest.SignUp(t, one.App, "carol@example.org"))
	today := dates.Today("UTC", time.Now())
	for i, pair := range [][2]*readerApp{{one, two}, {two, one}, {one, two}} {
		writer, readerApp := pair[0], pair[1]
		before := views(t, readerApp.App, reader, today, 44)
		start := 144005001 + i*10
		if code, body := post(t, writer.App, reader, today, fmt.Sprint(start), fmt.Sprint(start+3)); code != http.StatusCreated {
			t.Fatalf("%d %s", code, body)
		}
		after := views(t, readerApp.App, reader, today, 44)
		// Views this write must change (suggestions and the streak may not).
		for _, p := range []string{"/api/log-entries", "/api/insights/date-verse-counts?today=" + today, "/api/progress", "/api/progress/books/44"} {
			if after[p] == before[p] {
				t.Errorf("write %d: %s on the other instance did not change", i, p)
			}
		}
		if got := versesRead(t, after["/api/progress"]); got != 4*(i+1) {
			t.Fatalf("write %d: progress on the other instance %d", i, got)
		}
	}
}
