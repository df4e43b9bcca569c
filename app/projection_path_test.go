package app_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"go.uber.org/fx"
	"gorm.io/gorm"

	"lamplight/app"
	"lamplight/modules/identity/identitytest"
	"lamplight/platform/cache"
	"lamplight/platform/dates"
	"lamplight/platform/testkit"
)

// Budgets of the projection path, in SQL statements. The admin engagement
// projection has its own: unlike the reader's projections it keeps rows.
// It reads the goal the day is measured against, the log (when not kept in
// process) and the reader's facts around the day; then, under the reader's
// turn (which also says whether she was deleted meanwhile), writes the
// reading day and moves the figures of the days it counts on.
const (
	backgroundPerPassage = 5
	engagementPerPassage = 6
	perCachedRead        = 0
)

// projectionReads are the GETs served from the projection cache.
var projectionReads = []string{
	"/api/insights/date-verse-counts",
	"/api/progress",
	"/api/reading-suggestions",
	"/api/insights/streak",
	"/api/insights",
	"/api/insights/chapters",
	"/api/reading-plans",
}

// TestIntegrationProjectionPathStatements counts, through the real stores
// on each backend, the SQL statements one logged passage costs the event
// handlers and those a read served from the cache costs.
func TestIntegrationProjectionPathStatements(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test")
	}
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		var (
			stmts *testkit.Statements
			c     cache.Cache
		)
		a := testkit.StartApp(t, app.Options(b.Config, io.Discard, webFiles, identitytest.Options(),
			fx.Populate(&c),
			fx.Invoke(func(g *gorm.DB) { stmts = testkit.CountStatements(t, g) })))
		h := identitytest.Bearer(identitytest.SignUp(t, a, "counted@example.org"))
		today := dates.Today("UTC", time.Now())
		r := &readerApp{App: a, cache: c}
		id := r.userID(t, h)

		// settled waits until every projection is cached for the reader's
		// latest log and no handler has issued a statement for a while: the
		// bus delivers asynchronously, and a loaded machine may be slow.
		settled := func(logVersion string) {
			t.Helper()
			testkit.Eventually(t, 30*time.Second, func() bool {
				for _, name := range []string{"versecounts", "progress", "suggestions", "streaks", "insights", "planprogress"} {
					v, err := cache.VersionOf(context.Background(), c, "proj:"+name+":"+id)
					if err != nil || !strings.HasPrefix(v, logVersion+"|") {
						return false
					}
				}
				return true
			}, "projections not cached for log version", logVersion)
			quiet(t, stmts)
		}

		// A first passage creates the reader's settings row, and her reads
		// fill the cache and make the handlers keep it current (they
		// recompute only what was read lately); what is measured is a
		// reader's everyday write.
		if code, body := post(t, a, h, dates.AddDays(today, -1), "101001001", "101001031"); code != http.StatusCreated {
			t.Fatalf("%d %s", code, body)
		}
		// She follows M'Cheyne: the plan's page is a read model too.
		code, body := a.Do(t, http.MethodPost, "/api/reading-plans", `{"template":"mcheyne"}`, h)
		if code != http.StatusCreated {
			t.Fatalf("%d %s", code, body)
		}
		var plan struct{ ID string }
		if err := json.Unmarshal([]byte(body), &plan); err != nil {
			t.Fatal(err)
		}
		reads := append(slices.Clone(projectionReads), "/api/reading-plans/"+plan.ID)
		for _, path := range reads {
			if code, body := a.Do(t, http.MethodGet, path, "", h); code != http.StatusOK {
				t.Fatalf("GET %s: %d %s", path, code, body)
			}
		}
		settled("1")

		mark := stmts.Mark()
		if code, body := post(t, a, h, today, "140001001", "140001025"); code != http.StatusCreated {
			t.Fatalf("%d %s", code, body)
		}
		settled("2")
		var background, engagement []testkit.Statement
		for _, s := range stmts.Since(mark, testkit.FromHandler) {
			if strings.HasPrefix(s.Handler, "engagement.") {
				engagement = append(engagement, s)
			} else {
				background = append(background, s)
			}
		}
		t.Logf("%s: %d statements in the background for one logged passage, %d for engagement", b.Name, len(background), len(engagement))
		if len(background) > backgroundPerPassage {
			t.Errorf("%d statements in the background for one logged passage, want at most %d:\n%s",
				len(background), backgroundPerPassage, listing(background))
		}
		if len(engagement) > engagementPerPassage {
			t.Errorf("%d engagement statements for one logged passage, want at most %d:\n%s",
				len(engagement), engagementPerPassage, listing(engagement))
		}

		for _, path := range reads {
			// The first read may fill a value no event asked for (the date
			// of today); the second is the one every later read repeats.
			if code, body := a.Do(t, http.MethodGet, path, "", h); code != http.StatusOK {
				t.Fatalf("GET %s: %d %s", path, code, body)
			}
			mark := stmts.Mark()
			if code, body := a.Do(t, http.MethodGet, path, "", h); code != http.StatusOK {
				t.Fatalf("GET %s: %d %s", path, code, body)
			}
			read := stmts.Since(mark, testkit.FromRequest)
			t.Logf("%s: GET %s served from the cache: %d statements", b.Name, path, len(read))
			if len(read) > perCachedRead {
				t.Errorf("GET %s served from the cache ran %d statements, want at most %d:\n%s",
					path, len(read), perCachedRead, listing(read))
			}
		}
	})
}

// quiet waits until the event handlers have issued no statement for a
// second, so a late handler is counted with the passage that caused it.
func quiet(t *testing.T, s *testkit.Statements) {
	t.Helper()
	last := -1
	testkit.Eventually(t, 30*time.Second, func() bool {
		n := len(s.Since(0, testkit.FromHandler))
		if n != last {
			last = n
			time.Sleep(time.Second)
			return false
		}
		return true
	}, "the event handlers did not settle")
}

func listing(stmts []testkit.Statement) string {
	var sb strings.Builder
	for _, s := range stmts {
		sb.WriteString("  [" + s.Handler + "] " + s.SQL + "\n")
	}
	return sb.String()
}
