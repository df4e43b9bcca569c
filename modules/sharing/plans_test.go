package sharing_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	goical "github.com/emersion/go-ical"

	"lamplight/app"
	"lamplight/modules/bible"
	"lamplight/modules/identity/identitytest"
	"lamplight/platform/dates"
	"lamplight/platform/testkit"
)

// The feed carries one event per scheduled plan day, named and listing its
// passages, for the days dated within a year of today.
func TestIntegrationCalendarFeedCarriesPlanDays(t *testing.T) {
	if testing.Short() {
		t.Skip("whole app")
	}
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		a := testkit.StartApp(t, app.Options(b.Config, io.Discard, webFiles, identitytest.Options()))
		c := client{t, a, identitytest.Bearer(identitytest.SignUp(t, a, "planner@example.com"))}
		if code, body := c.do(http.MethodPut, "/api/settings", `{"timeZone":"UTC","locale":"de"}`); code != http.StatusOK {
			t.Fatalf("%d %s", code, body)
		}
		// Days well inside the window whatever the hour the test runs.
		start := dates.AddDays(time.Now().UTC().Format(dates.Layout), -10)
		john := func(ch int) (bible.VerseID, bible.VerseID) {
			r, _ := bible.WholeChapter(43, ch)
			return r.Start, r.End
		}
		j1s, j1e := john(1)
		j2s, j2e := john(2)
		j3s, j3e := john(3)
		plan := fmt.Sprintf(`{"name":"Johannes","startDate":%q,"days":[{"passages":[{"startVerseId":%d,"endVerseId":%d}]},{"passages":[{"startVerseId":%d,"endVerseId":%d},{"startVerseId":%d,"endVerseId":%d}]}]}`,
			start, j1s, j1e, j2s, j2e, j3s, j3e)
		if code, out := c.do(http.MethodPost, "/api/reading-plans", plan); code != http.StatusCreated {
			t.Fatalf("%d %s", code, out)
		}
		old := fmt.Sprintf(`{"name":"Alt","startDate":%q,"days":[{"passages":[{"startVerseId":%d,"endVerseId":%d}]}]}`, dates.AddDays(start, -400), j1s, j1e)
		if code, out := c.do(http.MethodPost, "/api/reading-plans", old); code != http.StatusCreated {
			t.Fatalf("%d %s", code, out)
		}

		res, body := get(t, a, c.create("calendar-feed", `{"readNext":false}`), nil)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("feed: %d", res.StatusCode)
		}
		cal, err := goical.NewDecoder(strings.NewReader(body)).Decode()
		if err != nil {
			t.Fatalf("an independent parser refuses the feed: %v\n%s", err, body)
		}
		want := map[string]string{
			strings.ReplaceAll(start, "-", ""):                   "Tag 1 von Johannes: " + list(t, j1s, j1e),
			strings.ReplaceAll(dates.AddDays(start, 1), "-", ""): "Tag 2 von Johannes: " + list(t, j2s, j2e, j3s, j3e),
		}
		events := cal.Events()
		if len(events) != len(want) {
			t.Fatalf("%d events, want %d:\n%s", len(events), len(want), body)
		}
		for _, ev := range events {
			start := ev.Props.Get(goical.PropDateTimeStart)
			summary, _ := ev.Props.Text(goical.PropSummary)
			if start == nil || summary != want[start.Value] {
				t.Errorf("event %v: %q, want %q", start, summary, want[start.Value])
			}
		}
	})
}

func list(t *testing.T, ids ...bible.VerseID) string {
	t.Helper()
	var rs []bible.Range
	for i := 0; i < len(ids); i += 2 {
		rs = append(rs, bible.Range{Start: ids[i], End: ids[i+1]})
	}
	s, err := bible.FormatList(rs, bible.German)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
