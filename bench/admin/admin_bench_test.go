//go:build adminbench

// Package admin_test times the admin pages' heavy work on PostgreSQL with
// Redis, at the scale of 100,000 readers and 10 million log entries: the
// full engagement rebuild (parallel, resumable), the engagement report for
// a year (cold, then after one change), the users search and the time
// from an event to the report. It seeds accounts and log entries with COPY
// into a database of its own (lamplight_scale, created and dropped), then
// times the app's own code. Run it with `make bench-admin`, or:
//
//	TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test?sslmode=disable \
//	  TEST_REDIS_URL=redis://127.0.0.1:6379/0 \
//	  ADMIN_BENCH_READERS=100000 ADMIN_BENCH_ENTRIES=10000000 ADMIN_BENCH_MINUTES=40 \
//	  go test -tags adminbench -run TestAdminBench -v -timeout 60m ./bench/admin/
//
// ADMIN_BENCH_MINUTES bounds the whole run: a rebuild still running then is
// stopped (it would continue from its checkpoint) and its rate reported.
package admin_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"go.uber.org/fx"
	"gorm.io/gorm"

	"lamplight/app"
	"lamplight/modules/admin/adminapi"
	"lamplight/modules/identity"
	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/identitytest"
	"lamplight/modules/readmodels/readmodelsapi"
	"lamplight/platform/config"
	"lamplight/platform/testkit"
)

// scaleDB is the benchmark's own database, never the one tests share.
const scaleDB = "lamplight_scale"

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

func load(t *testing.T) {
	if out, err := exec.Command("uptime").Output(); err == nil {
		t.Logf("load: %s", strings.TrimSpace(string(out)))
	}
}

// uuidOf is the id the seeding gives reader i.
func uuidOf(i int) pgtype.UUID {
	var u pgtype.UUID
	u.Valid = true
	for b := 15; b >= 8 && i > 0; b-- {
		u.Bytes[b] = byte(i)
		i >>= 8
	}
	return u
}

func (d deps) engagement(t *testing.T) readmodelsapi.BulkRebuilder {
	for _, r := range d.Rebuilders {
		if b, ok := r.(readmodelsapi.BulkRebuilder); ok && r.Name() == "engagement" {
			return b
		}
	}
	t.Fatal("no bulk rebuilder for engagement")
	return nil
}

// scaleURL creates the benchmark's database next to TEST_DATABASE_URL's
// and drops it when the test ends.
func scaleURL(t *testing.T, ctx context.Context) string {
	admin := os.Getenv("TEST_DATABASE_URL")
	c, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatal(err)
	}
	for _, sql := range []string{"DROP DATABASE IF EXISTS " + scaleDB + " WITH (FORCE)", "CREATE DATABASE " + scaleDB} {
		if _, err := c.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		defer c.Close(context.Background())
		if _, err := c.Exec(context.Background(), "DROP DATABASE IF EXISTS "+scaleDB+" WITH (FORCE)"); err != nil {
			t.Logf("drop %s: %v", scaleDB, err)
		}
	})
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + scaleDB
	return u.String()
}

func TestAdminBench(t *testing.T) {
	readers, entries := size("ADMIN_BENCH_READERS", 100_000), size("ADMIN_BENCH_ENTRIES", 10_000_000)
	if os.Getenv("TEST_DATABASE_URL") == "" || os.Getenv("TEST_REDIS_URL") == "" {
		t.Skip("needs TEST_DATABASE_URL and TEST_REDIS_URL")
	}
	bound, cancel := context.WithTimeout(context.Background(), time.Duration(size("ADMIN_BENCH_MINUTES", 40))*time.Minute)
	defer cancel()
	ctx := context.Background()
	dbURL := scaleURL(t, ctx)
	redisURL, prefix := testkit.RedisURL(t)
	cfg := config.Config{Addr: "127.0.0.1:0", DataDir: t.TempDir(), LogLevel: "warn", LogFormat: "text",
		DatabaseURL: dbURL, RedisURL: redisURL, RedisPrefix: prefix}
	var d deps
	a := testkit.StartApp(t, app.Options(cfg, io.Discard, nil, identitytest.Options(), fx.Populate(&d)))
	exec := func(sql string, args ...any) error { return d.DB.WithContext(ctx).Exec(sql, args...).Error }
	load(t)

	// Accounts created over the last two years, entries spread over ten,
	// sent with COPY.
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	now := time.Now().UTC()
	timed(t, fmt.Sprintf("seed %d accounts (COPY)", readers), func() error {
		i := 0
		_, err := conn.CopyFrom(ctx, pgx.Identifier{"identity_users"},
			[]string{"id", "email", "password_hash", "email_verified", "is_admin", "locale", "time_zone", "created_at", "updated_at", "last_seen_at"},
			pgx.CopyFromFunc(func() ([]any, error) {
				if i == readers {
					return nil, nil
				}
				i++
				return []any{uuidOf(i), fmt.Sprintf("reader-%d@bench.test", i), "x", i%3 != 0, false, "en", "UTC",
					now.AddDate(0, 0, -(i % 730)), now, now.AddDate(0, 0, -(i % 90))}, nil
			}))
		return err
	})
	ids := make([]string, readers)
	for i := range readers {
		u := uuidOf(i + 1)
		ids[i] = fmt.Sprintf("%x-%x-%x-%x-%x", u.Bytes[0:4], u.Bytes[4:6], u.Bytes[6:8], u.Bytes[8:10], u.Bytes[10:16])
	}
	timed(t, fmt.Sprintf("seed %d log entries (COPY)", entries), func() error {
		i := 0
		_, err := conn.CopyFrom(ctx, pgx.Identifier{"log_entries"},
			[]string{"id", "user_id", "date", "start_verse_id", "end_verse_id", "version", "created_at", "updated_at"},
			pgx.CopyFromFunc(func() ([]any, error) {
				if i == entries {
					return nil, nil
				}
				i++
				return []any{"e" + strconv.Itoa(i), ids[i%readers], now.AddDate(0, 0, -((i * 7919) % 3650)).Format("2006-01-02"),
					int64(101001001), int64(101001005), int64(1), now, now}, nil
			}))
		if err != nil {
			return err
		}
		if err := exec(`INSERT INTO log_versions (user_id, version) SELECT DISTINCT user_id, 1 FROM log_entries`); err != nil {
			return err
		}
		return exec(`ANALYZE`)
	})
	load(t)

	// The full rebuild computes every reader's engagement facts from the
	// accounts, settings, logs and notes, then counts the days' figures.
	eng := d.engagement(t)
	rebuilt, started := 0, time.Now()
	err = eng.RebuildAll(bound, ids, func(done, total int) {
		rebuilt = done
		if done%10000 < 100 {
			t.Logf("rebuilt %d of %d readers in %v", done, total, time.Since(started).Round(time.Second))
		}
	})
	took := time.Since(started)
	if errors.Is(err, context.DeadlineExceeded) {
		t.Logf("engagement rebuild stopped by the bound after %v: %d of %d readers (%.0f a second); it continues from its checkpoint",
			took.Round(time.Second), rebuilt, readers, float64(rebuilt)/took.Seconds())
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("engagement full rebuild of %d readers (%d entries): %v (%.0f readers a second)", readers, entries, took.Round(time.Second), float64(readers)/took.Seconds())
	var facts int64
	if err := d.DB.Raw(`SELECT COUNT(*) FROM engagement_reading_days`).Scan(&facts).Error; err != nil {
		t.Fatal(err)
	}
	t.Logf("engagement reading days after the rebuild: %d", facts)
	load(t)

	to := now.Format("2006-01-02")
	from := now.AddDate(0, 0, -365).Format("2006-01-02")
	timed(t, "engagement report for a year, cold (first read after the rebuild)", func() error {
		_, err := d.Engagement.Report(ctx, from, to)
		return err
	})
	var reads []time.Duration
	for range 200 {
		start := time.Now()
		if _, err := d.Engagement.Report(ctx, from, to); err != nil {
			t.Fatal(err)
		}
		reads = append(reads, time.Since(start))
	}
	t.Logf("engagement report for a year: p50 %v, p99 %v (200 reads)", percentile(reads, 0.5).Round(time.Microsecond), percentile(reads, 0.99).Round(time.Microsecond))

	// One change, then the report: a new reader logs her first passage
	// today; the time until the report counts her, and the report's own
	// time then.
	var afterChange, eventToReport []time.Duration
	for k := range 20 {
		token := identitytest.Bearer(identitytest.SignUp(t, a, fmt.Sprintf("latency-%d@bench.test", k)))
		before, err := d.Engagement.Report(ctx, from, to)
		if err != nil {
			t.Fatal(err)
		}
		idx := len(before.Days) - 1
		start := time.Now()
		if code, body := a.Do(t, http.MethodPost, "/api/log-entries", `{"date":"`+to+`","startVerseId":101001001,"endVerseId":101001002}`, token); code != http.StatusCreated {
			t.Fatalf("log: %d %s", code, body)
		}
		for {
			read := time.Now()
			r, err := d.Engagement.Report(ctx, from, to)
			if err != nil {
				t.Fatal(err)
			}
			if r.Days[idx].ActiveReaders > before.Days[idx].ActiveReaders {
				afterChange = append(afterChange, time.Since(read))
				eventToReport = append(eventToReport, time.Since(start))
				break
			}
			if time.Since(start) > time.Minute {
				t.Fatal("the event never reached the report")
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	t.Logf("engagement report for a year right after one change: p50 %v, max %v (20 changes)", percentile(afterChange, 0.5).Round(time.Microsecond), percentile(afterChange, 1).Round(time.Microsecond))
	t.Logf("event to report (write answered, relayed, projected, report read): p50 %v, max %v", percentile(eventToReport, 0.5).Round(time.Millisecond), percentile(eventToReport, 1).Round(time.Millisecond))

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
	load(t)
}
