package sharing_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	goical "github.com/emersion/go-ical"
	"go.uber.org/fx"
	"gorm.io/gorm"

	"lamplight/app"
	"lamplight/modules/bible"
	"lamplight/modules/identity/identitytest"
	"lamplight/platform/testkit"
)

var webFiles = fstest.MapFS{"index.html": {Data: []byte(`<!doctype html><div id="root"></div>`)}}

type client struct {
	t *testing.T
	a *testkit.App
	h map[string]string
}

func (c client) do(method, path, body string) (int, string) {
	c.t.Helper()
	return c.a.Do(c.t, method, path, body, c.h)
}

// create makes a link and returns its path on the site.
func (c client) create(kind, body string) string {
	c.t.Helper()
	code, out := c.do(http.MethodPost, "/api/sharing/"+kind, body)
	var v struct{ URL string }
	if err := json.Unmarshal([]byte(out), &v); code != http.StatusOK || err != nil || !strings.HasPrefix(v.URL, "http") {
		c.t.Fatalf("create %s: %d %s", kind, code, out)
	}
	i := strings.Index(v.URL, "/share/")
	if i < 0 {
		c.t.Fatalf("url %s", v.URL)
	}
	return v.URL[i:]
}

func get(t *testing.T, a *testkit.App, path string, headers map[string]string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, a.URL+path, nil)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := a.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

func TestIntegrationCalendarFeedAndProgressLink(t *testing.T) {
	if testing.Short() {
		t.Skip("whole app")
	}
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		var g *gorm.DB
		a := testkit.StartApp(t, app.Options(b.Config, io.Discard, webFiles, identitytest.Options(), fx.Populate(&g)))
		c := client{t, a, identitytest.Bearer(identitytest.SignUp(t, a, "sharer@example.com"))}
		if code, body := c.do(http.MethodPut, "/api/settings", `{"lookBackDate":"2020-01-01"}`); code != http.StatusOK {
			t.Fatalf("%d %s", code, body)
		}
		log := []struct {
			date       string
			start, end bible.VerseID
		}{
			{"2026-01-05", bible.NewVerseID(1, 1, 1), bible.NewVerseID(1, 2, 25)},
			{"2026-01-05", bible.NewVerseID(43, 3, 1), bible.NewVerseID(43, 3, 36)},
			{"2026-01-07", bible.NewVerseID(57, 1, 1), bible.NewVerseID(57, 1, 25)},
		}
		for _, e := range log {
			body := `{"date":"` + e.date + `","startVerseId":` + strconv.Itoa(int(e.start)) + `,"endVerseId":` + strconv.Itoa(int(e.end)) + `}`
			if code, out := c.do(http.MethodPost, "/api/log-entries", body); code != http.StatusCreated {
				t.Fatalf("%d %s", code, out)
			}
		}

		feed := c.create("calendar-feed", `{"readNext":false}`)
		res, body := get(t, a, feed, nil)
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/calendar") ||
			!strings.Contains(res.Header.Get("X-Robots-Tag"), "noindex") {
			t.Fatalf("feed: %d %v", res.StatusCode, res.Header)
		}
		cal, err := goical.NewDecoder(strings.NewReader(body)).Decode()
		if err != nil {
			t.Fatalf("an independent parser refuses the feed: %v\n%s", err, body)
		}
		want := map[string]string{
			"20260105": mustList(t, log[0].start, log[0].end, log[1].start, log[1].end),
			"20260107": mustList(t, log[2].start, log[2].end),
		}
		events := cal.Events()
		if len(events) != len(want) {
			t.Fatalf("%d events, want %d", len(events), len(want))
		}
		uids := map[string]bool{}
		for _, ev := range events {
			start := ev.Props.Get(goical.PropDateTimeStart)
			summary, _ := ev.Props.Text(goical.PropSummary)
			uid, _ := ev.Props.Text(goical.PropUID)
			if start == nil || start.ValueType() != goical.ValueDate || summary != want[start.Value] {
				t.Errorf("event %v: %q, want %q", start, summary, want[start.Value])
			}
			if ev.Props.Get(goical.PropDateTimeStamp) == nil || uid == "" || uids[uid] {
				t.Errorf("event without DTSTAMP or a unique UID: %q", uid)
			}
			uids[uid] = true
		}

		// Conditional GET.
		etag := res.Header.Get("ETag")
		if r, _ := get(t, a, feed, map[string]string{"If-None-Match": etag}); etag == "" || r.StatusCode != http.StatusNotModified {
			t.Errorf("If-None-Match %q: %d", etag, r.StatusCode)
		}

		// Rotating stops the old URL at once; revoking the new one.
		rotated := c.create("calendar-feed", "")
		if r, _ := get(t, a, feed, nil); r.StatusCode != http.StatusNotFound {
			t.Errorf("rotated feed URL: %d", r.StatusCode)
		}
		if r, _ := get(t, a, rotated, nil); r.StatusCode != http.StatusOK {
			t.Errorf("new feed URL: %d", r.StatusCode)
		}
		if code, out := c.do(http.MethodDelete, "/api/sharing/calendar-feed", ""); code != http.StatusOK {
			t.Fatalf("revoke: %d %s", code, out)
		}
		if r, _ := get(t, a, rotated, nil); r.StatusCode != http.StatusNotFound {
			t.Errorf("revoked feed URL: %d", r.StatusCode)
		}

		// The progress link: open signed out, noindex, no email nor passages.
		link := c.create("progress-link", "")
		res, page := get(t, a, link, nil)
		if res.StatusCode != http.StatusOK || !strings.Contains(res.Header.Get("X-Robots-Tag"), "noindex") ||
			!strings.Contains(page, `<meta name="robots" content="noindex`) {
			t.Fatalf("page: %d %v", res.StatusCode, res.Header)
		}
		if !strings.Contains(page, "% of the Bible read") || !strings.Contains(page, "Philemon") {
			t.Errorf("page without percentage or books:\n%s", page)
		}
		if !strings.Contains(page, `<meta name="color-scheme" content="light dark">`) || !strings.Contains(page, "prefers-color-scheme:dark") {
			t.Errorf("page without its dark colours:\n%s", page)
		}
		for _, secret := range []string{"sharer@example.com", "John 3", "Genesis 1"} {
			if strings.Contains(page, secret) {
				t.Errorf("the page shows %q", secret)
			}
		}
		if r, svg := get(t, a, link+"/badge.svg", nil); r.StatusCode != http.StatusOK || !strings.HasPrefix(svg, "<svg") {
			t.Errorf("badge: %d %s", r.StatusCode, svg)
		}
		// The owner is shown the link again after a reload; the database
		// keeps it only sealed and hashed.
		var state struct {
			CalendarFeed *struct{} `json:"calendarFeed"`
			ProgressLink *struct {
				URL *string `json:"url"`
			} `json:"progressLink"`
		}
		_, s := c.do(http.MethodGet, "/api/sharing", "")
		if err := json.Unmarshal([]byte(s), &state); err != nil || state.CalendarFeed != nil || state.ProgressLink == nil ||
			state.ProgressLink.URL == nil || *state.ProgressLink.URL != a.URL+link {
			t.Errorf("state %s, want the url %s", s, a.URL+link)
		}
		var stored []string
		if err := g.Raw(`SELECT token_hash || ' ' || token_sealed FROM sharing_links`).Scan(&stored).Error; err != nil || len(stored) != 1 ||
			strings.Contains(stored[0], strings.TrimPrefix(link, "/share/progress/")) || strings.HasSuffix(stored[0], " ") {
			t.Errorf("stored %q %v", stored, err)
		}
		if code, out := c.do(http.MethodDelete, "/api/sharing/progress-link", ""); code != http.StatusOK {
			t.Fatalf("revoke: %d %s", code, out)
		}
		for _, p := range []string{link, link + "/badge.svg"} {
			if r, _ := get(t, a, p, nil); r.StatusCode != http.StatusNotFound {
				t.Errorf("revoked %s: %d", p, r.StatusCode)
			}
		}
		if r, _ := get(t, a, "/share/progress/not-a-token", nil); r.StatusCode != http.StatusNotFound {
			t.Errorf("unknown token: %d", r.StatusCode)
		}
	})
}

func mustList(t *testing.T, ids ...bible.VerseID) string {
	t.Helper()
	var rs []bible.Range
	for i := 0; i < len(ids); i += 2 {
		rs = append(rs, bible.Range{Start: ids[i], End: ids[i+1]})
	}
	s, err := bible.FormatList(rs, bible.English)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
