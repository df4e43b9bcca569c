package app_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"lamplight/modules/identity/identitytest"
	"lamplight/modules/reading/readingapi"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/cache"
	"lamplight/platform/dates"
	"lamplight/platform/testkit"
)

// A cached read learns the log and settings versions from stamps the
// writers keep in the cache. Two instances on PostgreSQL and Redis: a
// settings change on one shows on the other; a writer that marked a stamp
// and never ended, and an emptied cache, send reads to the database.
func TestIntegrationStampsAcrossInstances(t *testing.T) {
	backends := testkit.Backends(t)
	b := backends[len(backends)-1]
	if !b.Postgres() {
		t.Skip("needs TEST_DATABASE_URL and TEST_REDIS_URL")
	}
	one, two := startReaderApp(t, b.Config), startReaderApp(t, b.Config)
	h := identitytest.Bearer(identitytest.SignUp(t, one.App, "stamps@example.org"))
	id := one.userID(t, h)
	today := dates.Today("UTC", time.Now())
	ctx := context.Background()
	progress := func(a *readerApp) int {
		t.Helper()
		code, body := a.Do(t, http.MethodGet, "/api/progress", "", h)
		if code != http.StatusOK {
			t.Fatalf("%d %s", code, body)
		}
		return versesRead(t, body)
	}
	write := func(a *readerApp, i int) {
		t.Helper()
		start := 119119001 + i*10
		if code, body := post(t, a.App, h, today, fmt.Sprint(start), fmt.Sprint(start+1)); code != http.StatusCreated {
			t.Fatalf("%d %s", code, body)
		}
	}

	write(one, 0)
	if got := progress(two); got != 2 {
		t.Fatalf("progress %d", got)
	}
	// Twice: the second read is served from the stamps.
	if got := progress(two); got != 2 {
		t.Fatalf("progress %d", got)
	}

	// Progress counts from the look-back date: moving it past today empties
	// it, on the other instance too.
	if code, body := one.Do(t, http.MethodPut, "/api/settings", fmt.Sprintf(`{"lookBackDate":%q}`, dates.AddDays(today, 1)), h); code != http.StatusOK {
		t.Fatalf("%d %s", code, body)
	}
	if got := progress(two); got != 0 {
		t.Fatalf("progress after the look-back date moved: %d", got)
	}
	if code, body := two.Do(t, http.MethodPut, "/api/settings", fmt.Sprintf(`{"lookBackDate":%q}`, dates.AddDays(today, -30)), h); code != http.StatusOK {
		t.Fatalf("%d %s", code, body)
	}
	if got := progress(one); got != 2 {
		t.Fatalf("progress after the look-back date moved back: %d", got)
	}

	// A writer that marked the log's stamp and died before ending it.
	st, _ := cache.StamperOf(one.cache)
	if err := st.Stamp(ctx, readingapi.VersionStamp(id), cache.StampBegin, 0); err != nil {
		t.Fatal(err)
	}
	write(one, 1)
	if got := progress(two); got != 4 {
		t.Fatalf("progress with a writer in flight: %d", got)
	}

	// The cache emptied between writes, and again right after one.
	if err := one.cache.Delete(ctx, readingapi.VersionStamp(id), settingsapi.VersionStamp(id)); err != nil {
		t.Fatal(err)
	}
	write(two, 2)
	if got := progress(one); got != 6 {
		t.Fatalf("progress after the cache was emptied: %d", got)
	}
	if err := one.cache.Delete(ctx, readingapi.VersionStamp(id), settingsapi.VersionStamp(id)); err != nil {
		t.Fatal(err)
	}
	if got := progress(two); got != 6 {
		t.Fatalf("progress after the cache was emptied again: %d", got)
	}
	write(one, 3)
	for _, a := range []*readerApp{one, two, one, two} {
		if got := progress(a); got != 8 {
			t.Fatalf("progress: %d", got)
		}
	}
}
