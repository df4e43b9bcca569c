package bus_test

import (
	"context"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"lamplight/platform/bus"
	"lamplight/platform/metrics"
	"lamplight/platform/testkit"
)

// flushDB is the Redis database the flush tests own: they empty it, so
// nothing else may live there.
const flushDB = "/11"

// ownRedis points TEST_REDIS_URL at the test's own database and returns the
// URL, a unique stream prefix and a client to empty that database with.
func ownRedis(t *testing.T) (string, string, *redis.Client) {
	t.Helper()
	shared, prefix := testkit.RedisURL(t)
	u, err := url.Parse(shared)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = flushDB
	opts, err := redis.ParseURL(u.String())
	if err != nil {
		t.Fatal(err)
	}
	c := redis.NewClient(opts)
	t.Cleanup(func() {
		_ = c.FlushDB(context.Background()).Err()
		_ = c.Close()
	})
	return u.String(), prefix, c
}

// seen records which events each handler got.
type seen struct {
	mu sync.Mutex
	by map[string]map[int]bool
}

func (s *seen) handler(name string) bus.Handler {
	return bus.On(name, func(_ context.Context, ev pinged) error {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.by == nil {
			s.by = map[string]map[int]bool{}
		}
		if s.by[name] == nil {
			s.by[name] = map[int]bool{}
		}
		s.by[name][ev.N] = true
		return nil
	})
}

func (s *seen) all(names []string, from, to int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, name := range names {
		for n := from; n <= to; n++ {
			if !s.by[name][n] {
				return false
			}
		}
	}
	return true
}

func TestIntegrationHandlersCarryOnAfterRedisIsEmptied(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test")
	}
	u, prefix, admin := ownRedis(t)
	tr, err := bus.NewRedisStreams(u, prefix, testkit.Logger(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tr.Close() })
	var s seen
	names := []string{"test.flush.a", "test.flush.b"}
	m := metrics.New()
	r := runRouter(t, newRouter(t, tr, m, s.handler(names[0]), s.handler(names[1])))

	publish := func(from, to int) {
		for n := from; n <= to; n++ {
			if err := bus.Publish(tr.Publisher, pinged{N: n}); err != nil {
				t.Fatal(err)
			}
		}
	}
	publish(1, 5)
	testkit.Eventually(t, 20*time.Second, func() bool { return s.all(names, 1, 5) }, "events before the flush")

	if err := admin.FlushDB(context.Background()).Err(); err != nil {
		t.Fatal(err)
	}
	// Published at once: the streams exist again before any group does, and
	// the recreated groups must still read these events.
	publish(6, 10)
	testkit.Eventually(t, 30*time.Second, func() bool { return s.all(names, 6, 10) }, "events after the flush, without a restart")

	// Health and metrics tell the operator what happened and that all is
	// consumed again.
	for _, name := range names {
		testkit.Eventually(t, 20*time.Second, func() bool {
			st := statusOf(t, r, name)
			return !st.Failing() && st.LastSuccess != nil && st.Lag != nil && *st.Lag == 0 && *st.Pending == 0
		}, "status of", name)
		if want := `lamplight_event_consumer_groups_recreated_total{handler="` + name + `"} 1`; !strings.Contains(scrape(m), want) {
			t.Fatalf("metric %s missing", want)
		}
	}
}
