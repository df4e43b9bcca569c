//go:build adminbench

// Package admin_test times the admin pages' heavy reads on PostgreSQL with
// Redis: the engagement report for a year (computed, then from the cache),
// the engagement rebuild, the users search and the time from an event to
// the report. It seeds accounts, log entries and the engagement facts with
// set-based SQL (the bounded way to reach this size), then times the app's
// own code. Sizes come from ADMIN_BENCH_READERS and ADMIN_BENCH_ENTRIES:
//
//	TEST_DATABASE_URL=postgres://... TEST_REDIS_URL=redis://... \
//	  ADMIN_BENCH_READERS=100000 ADMIN_BENCH_ENTRIES=10000000 \
//	  go test -tags adminbench -run TestAdminBench -v -timeout 60m ./bench/admin/
package admin_test

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"go.uber.org/fx"
	"gorm.io/gorm"

	"lamplight/app"
	"lamplight/modules/admin/adminapi"
	"lamplight/modules/identity"
	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/identitytest"
	"lamplight/modules/readmodels/readmodelsapi"
	"lamplight/platform/testkit"
)

func size(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

type deps struct {
	fx.In
	DB         *gorm.DB
	Accounts   identityapi.Accounts
	Engagement adminapi.EngagementReader
	Rebuilders []readmodelsapi.Rebuilder `group:"projection_rebuilders"`
	Admins     *identity.Admins
}

func percentile(d []time.Duration, p float64) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[min(len(s)-1, int(float64(len(s))*p))]
}

func timed(t *testing.T, what string, f func() error) time.Duration {
	start := time.Now()
	if err := f(); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	d := time.Since(start)
	t.Logf("%s: %v", what, d.Round(time.Millisecond))
	return d
}

// uuidOf is the id the seeding gives reader i: lpad(to_hex(i), 32, '0')::uuid.
func uuidOf(i int) string {
	h := fmt.Sprintf("%032x", i)
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

func TestAdminBench(t *testing.T) {
	readers, entries := size("ADMIN_BENCH_READERS", 100_000), size("ADMIN_BENCH_ENTRIES", 10_000_000)
	var pg *testkit.Backend
	for _, b := range testkit.Backends(t) {
		if b.Postgres() {
			pg = &b
		}
	}
	if pg == nil {
		t.Skip("needs TEST_DATABASE_URL and TEST_REDIS_URL")
	}
	var d deps
	a := testkit.StartApp(t, app.Options(pg.Config, io.Discard, nil, identitytest.Options(), fx.Populate(&d)))
	ctx := context.Background()
	exec := func(sql string, args ...any) error { return d.DB.WithContext(ctx).Exec(sql, args...).Error }
	today := time.Now().UTC()

	// Accounts created over the last two years, entries spread over ten,
	// then the engagement facts exactly as a rebuild computes them.
	timed(t, fmt.Sprintf("seed %d accounts", readers), func() error {
		return exec(`INSERT INTO identity_users (id, email, password_hash, email_verified, is_admin, locale, time_zone, created_at, updated_at, last_seen_at)
			SELECT lpad(to_hex(i), 32, '0')::uuid, 'reader-' || i || '@bench.test', 'x', i % 3 <> 0, false, 'en', 'UTC',
				now() - ((i % 730) || ' days')::interval, now(), now() - ((i % 90) || ' days')::interval
			FROM generate_series(1, ?) AS i`, readers)
	})
	timed(t, fmt.Sprintf("seed %d log entries", entries), func() error {
		return exec(`INSERT INTO log_entries (id, user_id, date, start_verse_id, end_verse_id, version, created_at, updated_at)
			SELECT 'e' || i, lpad(to_hex(1 + i % ?), 32, '0')::uuid::text,
				to_char(current_date - ((i::bigint * 7919) % 3650)::int, 'YYYY-MM-DD'), 101001001, 101001005, 1, now(), now()
			FROM generate_series(1, ?) AS i`, readers, entries)
	})
	timed(t, "seed engagement facts", func() error {
		if err := exec(`INSERT INTO log_versions (user_id, version) SELECT DISTINCT user_id, 1 FROM log_entries`); err != nil {
			return err
		}
		if err := exec(`INSERT INTO engagement_accounts (user_id, signup_date)
			SELECT id::text, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM identity_users`); err != nil {
			return err
		}
		if err := exec(`INSERT INTO engagement_reading_days (user_id, day, goal_met)
			SELECT user_id, date, false FROM log_entries GROUP BY user_id, date`); err != nil {
			return err
		}
		return exec(`ANALYZE`)
	})

	to := today.Format("2006-01-02")
	from := today.AddDate(0, 0, -365).Format("2006-01-02")
	// Any write raises the version: the first read computes.
	if err := exec(`UPDATE engagement_version SET version = version + 1`); err != nil {
		t.Fatal(err)
	}
	timed(t, "engagement report for a year, computed", func() error {
		_, err := d.Engagement.Report(ctx, from, to)
		return err
	})
	var cached []time.Duration
	for range 200 {
		start := time.Now()
		if _, err := d.Engagement.Report(ctx, from, to); err != nil {
			t.Fatal(err)
		}
		cached = append(cached, time.Since(start))
	}
	t.Logf("engagement report for a year from the cache: p50 %v, p99 %v (200 reads)", percentile(cached, 0.5).Round(time.Microsecond), percentile(cached, 0.99).Round(time.Microsecond))

	var searches []time.Duration
	for range 200 {
		q := identityapi.AccountQuery{Search: "reader-" + strconv.Itoa(rand.IntN(readers/10)), Sort: identityapi.SortEmail, Limit: 50}
		start := time.Now()
		if _, _, err := d.Accounts.SearchAccounts(ctx, q); err != nil {
			t.Fatal(err)
		}
		searches = append(searches, time.Since(start))
	}
	t.Logf("users search (contains, by email, 50 a page): p50 %v, p99 %v (200 searches)", percentile(searches, 0.5).Round(time.Microsecond), percentile(searches, 0.99).Round(time.Microsecond))

	// The same searches through the admin route: the guard, the page's
	// entry counts and the JSON, sorted by address and by entries.
	admin := identitytest.Bearer(identitytest.SignUp(t, a, "admin@bench.test"))
	if _, err := d.Admins.Grant(ctx, "admin@bench.test"); err != nil {
		t.Fatal(err)
	}
	for _, sort := range []string{"email", "entries"} {
		var routed []time.Duration
		for range 200 {
			path := "/api/admin/users?sort=" + sort + "&search=reader-" + strconv.Itoa(rand.IntN(readers/10))
			start := time.Now()
			if code, body := a.Do(t, http.MethodGet, path, "", admin); code != http.StatusOK {
				t.Fatalf("%s: %d %s", path, code, body)
			}
			routed = append(routed, time.Since(start))
		}
		t.Logf("GET /api/admin/users?search=...&sort=%s: p50 %v, p99 %v (200 requests)", sort, percentile(routed, 0.5).Round(time.Microsecond), percentile(routed, 0.99).Round(time.Microsecond))
	}

	var engagement readmodelsapi.Rebuilder
	for _, r := range d.Rebuilders {
		if r.Name() == "engagement" {
			engagement = r
		}
	}
	const sample = 1000
	per := timed(t, fmt.Sprintf("engagement rebuild of %d readers", sample), func() error {
		for i := 1; i <= sample; i++ {
			if err := engagement.Rebuild(ctx, uuidOf(i)); err != nil {
				return err
			}
		}
		return nil
	}) / sample
	t.Logf("engagement rebuild, extrapolated to %d readers: %v", readers, (per * time.Duration(readers)).Round(time.Second))

	// Event to report: a reader logs today; how long until the report counts it.
	token := identitytest.Bearer(identitytest.SignUp(t, a, "latency@bench.test"))
	before, err := d.Engagement.Report(ctx, to, to)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if code, body := a.Do(t, http.MethodPost, "/api/log-entries", `{"date":"`+to+`","startVerseId":101001001,"endVerseId":101001002}`, token); code != http.StatusCreated {
		t.Fatalf("log: %d %s", code, body)
	}
	for {
		r, err := d.Engagement.Report(ctx, to, to)
		if err != nil {
			t.Fatal(err)
		}
		if r.Days[0].ActiveReaders > before.Days[0].ActiveReaders {
			break
		}
		if time.Since(start) > time.Minute {
			t.Fatal("the event never reached the report")
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Logf("event to report (write answered, relayed, projected, report recomputed): %v", time.Since(start).Round(time.Millisecond))
}
