package settings_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"testing"
	"testing/fstest"
	"time"

	"go.uber.org/fx"
	"gorm.io/gorm"

	"lamplight/app"
	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/identitytest"
	"lamplight/modules/reading/readingapi"
	"lamplight/modules/readmodels/readmodelsapi"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/cache"
	"lamplight/platform/metrics"
	"lamplight/platform/testkit"
	"lamplight/platform/uow"
)

var webFiles = fstest.MapFS{"index.html": {Data: []byte(`<!doctype html><div id="root"></div>`)}}

type rebuilders struct {
	fx.In
	All []readmodelsapi.Rebuilder `group:"projection_rebuilders"`
}

// userTables lists every table with a user_id column, as the database knows
// them, so a module added later is checked too.
func userTables(t *testing.T, g *gorm.DB) []string {
	t.Helper()
	q := "SELECT m.name FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table' AND p.name = 'user_id'"
	if g.Name() == "postgres" {
		q = "SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'user_id'"
	}
	var names []string
	if err := g.Raw(q).Scan(&names).Error; err != nil {
		t.Fatal(err)
	}
	if len(names) < 8 {
		t.Fatalf("tables with user_id: %v", names)
	}
	return names
}

// rowsOf counts a reader's rows in every table that holds readers' data.
func rowsOf(t *testing.T, g *gorm.DB, userID string) map[string]int64 {
	t.Helper()
	out := map[string]int64{}
	for _, table := range append(userTables(t, g), "identity_users") {
		col := "user_id"
		if table == "identity_users" {
			col = "id"
		}
		var n int64
		if err := g.Table(table).Where(col+" = ?", userID).Count(&n).Error; err != nil {
			t.Fatal(err)
		}
		out[table] = n
	}
	return out
}

// handled is how many events each named handler has handled successfully.
func handled(t *testing.T, m *metrics.Metrics, names []string) map[string]float64 {
	t.Helper()
	families, err := m.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, f := range families {
		if f.GetName() != "lamplight_event_handler_messages_total" {
			continue
		}
		for _, s := range f.GetMetric() {
			for _, l := range s.GetLabel() {
				if l.GetName() == "handler" {
					out[l.GetValue()] = s.GetCounter().GetValue()
				}
			}
		}
	}
	for _, n := range names {
		if _, ok := out[n]; !ok {
			out[n] = 0
		}
	}
	return out
}

// TestIntegrationLateEventsForADeletedReader delivers events about a reader
// after their account and data are gone: nothing may come back.
func TestIntegrationLateEventsForADeletedReader(t *testing.T) {
	if testing.Short() {
		t.Skip("whole app")
	}
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		var (
			g        *gorm.DB
			w        *uow.Writer
			m        *metrics.Metrics
			c        cache.Cache
			settings settingsapi.Reader
			projs    []readmodelsapi.Rebuilder
		)
		a := testkit.StartApp(t, app.Options(b.Config, io.Discard, webFiles, identitytest.Options(),
			fx.Populate(&g, &w, &m, &c, &settings), fx.Invoke(func(in rebuilders) { projs = in.All })))
		ctx := context.Background()

		h := identitytest.Bearer(identitytest.SignUp(t, a, "leaving@example.com"))
		_, body := a.Do(t, http.MethodGet, "/api/auth/user", "", h)
		var u struct{ ID string }
		if err := json.Unmarshal([]byte(body), &u); err != nil || u.ID == "" {
			t.Fatalf("user: %s", body)
		}
		id := u.ID
		if code, body := a.Do(t, http.MethodPost, "/api/log-entries", `{"date":"2026-01-05","startVerseId":101001001,"endVerseId":101001005}`, h); code != http.StatusCreated {
			t.Fatalf("%d %s", code, body)
		}
		if code, body := a.Do(t, http.MethodPut, "/api/settings", `{"dailyVerseCountGoal":50}`, h); code != http.StatusOK {
			t.Fatalf("%d %s", code, body)
		}
		if code, body := a.Do(t, http.MethodGet, "/api/progress", "", h); code != http.StatusOK {
			t.Fatalf("%d %s", code, body)
		}
		for _, link := range []string{"/api/sharing/calendar-feed", "/api/sharing/progress-link"} {
			if code, body := a.Do(t, http.MethodPost, link, "", h); code != http.StatusOK {
				t.Fatalf("%s: %d %s", link, code, body)
			}
		}
		if n := rowsOf(t, g, id)["sharing_links"]; n != 2 {
			t.Fatalf("setup: %d sharing links", n)
		}
		if n := rowsOf(t, g, id)["user_settings"]; n != 1 {
			t.Fatalf("setup: %d settings rows", n)
		}

		if code, body := a.Do(t, http.MethodDelete, "/api/auth/user", "", h); code != http.StatusNoContent {
			t.Fatalf("delete: %d %s", code, body)
		}
		gone := func() bool {
			for _, n := range rowsOf(t, g, id) {
				if n != 0 {
					return false
				}
			}
			return true
		}
		// Events already on their way when the account went (the write and
		// the settings change above) must not bring rows back either.
		testkit.Eventually(t, 30*time.Second, gone, "the reader's data was not deleted, or came back")

		names := []string{"projections.refresh", "projections.refresh.settings"}
		before := handled(t, m, names)
		err := w.Transact(ctx, func(tx *uow.Tx) error {
			return tx.Record(
				readingapi.LogEntryChanged{UserID: id, Dates: []string{"2026-01-05"}, Op: readingapi.OpCreated, Version: 7},
				settingsapi.SettingsChanged{UserID: id, Fields: []string{"dailyVerseCountGoal"}, Version: 3},
			)
		})
		if err != nil {
			t.Fatal(err)
		}
		testkit.Eventually(t, 30*time.Second, func() bool {
			now := handled(t, m, names)
			for _, n := range names {
				if now[n] <= before[n] {
					return false
				}
			}
			return true
		}, "the late events were not handled (or their handlers kept failing)")

		for table, n := range rowsOf(t, g, id) {
			if n != 0 {
				t.Errorf("%s has %d rows of the deleted reader again", table, n)
			}
		}
		for _, p := range projs {
			if _, err := c.Get(ctx, "proj:"+p.Name()+":"+id); !errors.Is(err, cache.ErrMiss) {
				t.Errorf("projection %s cached again for the deleted reader (%v)", p.Name(), err)
			}
		}

		// A read through the published contract stores nothing either.
		if _, err := settings.Get(ctx, id); !errors.Is(err, identityapi.ErrAccountNotFound) {
			t.Errorf("settings of a deleted reader: %v", err)
		}
		if n := rowsOf(t, g, id)["user_settings"]; n != 0 {
			t.Errorf("reading the settings of a deleted reader stored %d rows", n)
		}
	})
}
