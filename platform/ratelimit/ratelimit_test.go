package ratelimit_test

import (
	"context"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"lamplight/platform/ratelimit"
	"lamplight/platform/testkit"
)

type adapter struct {
	name string
	// open returns a limiter over the adapter's shared state, as a second
	// instance would have (nil when the adapter is per process).
	open func() ratelimit.Limiter
	// advance lets time pass for the limiter.
	advance func(time.Duration)
	shared  bool
}

type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func adapters(t *testing.T) []adapter {
	clock := &fakeClock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	mem := ratelimit.NewMemoryWithClock(clock.Now)

	mr := miniredis.RunT(t)
	mr.SetTime(clock.Now())
	mrClient := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	t.Cleanup(func() { mrClient.Close() })
	var mrNow = clock.Now()
	out := []adapter{
		{name: "memory", open: func() ratelimit.Limiter { return mem }, advance: clock.Add},
		{name: "redis-protocol", open: func() ratelimit.Limiter { return ratelimit.NewRedis(mrClient, "t:") },
			advance: func(d time.Duration) { mrNow = mrNow.Add(d); mr.SetTime(mrNow) }, shared: true},
	}
	if os.Getenv("TEST_REDIS_URL") != "" {
		u, prefix := testkit.RedisURL(t)
		opts, err := redis.ParseURL(u)
		if err != nil {
			t.Fatal(err)
		}
		open := func() ratelimit.Limiter {
			c := redis.NewClient(opts)
			t.Cleanup(func() { c.Close() })
			return ratelimit.NewRedis(c, prefix)
		}
		out = append(out, adapter{name: "redis", open: open, advance: time.Sleep, shared: true})
	}
	return out
}

func allow(t *testing.T, l ratelimit.Limiter, key string, limit ratelimit.Limit) (bool, time.Duration) {
	t.Helper()
	ok, retry, err := l.Allow(context.Background(), key, limit)
	if err != nil {
		t.Fatal(err)
	}
	return ok, retry
}

// TestIntegrationLimiterSuite runs one behaviour suite against every adapter.
func TestIntegrationLimiterSuite(t *testing.T) {
	testkit.Integration(t)
	for _, a := range adapters(t) {
		t.Run(a.name, func(t *testing.T) {
			l := a.open()

			t.Run("allows the rate, then refuses with a retry time", func(t *testing.T) {
				limit := ratelimit.PerMinute(3)
				for i := range 3 {
					if ok, _ := allow(t, l, "burst", limit); !ok {
						t.Fatalf("event %d refused", i+1)
					}
				}
				ok, retry := allow(t, l, "burst", limit)
				if ok {
					t.Fatal("fourth event allowed")
				}
				if retry <= 0 || retry > 20*time.Second+time.Second {
					t.Fatalf("retry after %s, want about 20s", retry)
				}
			})

			t.Run("keys are independent", func(t *testing.T) {
				limit := ratelimit.PerHour(1)
				if ok, _ := allow(t, l, "k:a", limit); !ok {
					t.Fatal("a refused")
				}
				if ok, _ := allow(t, l, "k:b", limit); !ok {
					t.Fatal("b refused after a")
				}
				if ok, _ := allow(t, l, "k:a", limit); ok {
					t.Fatal("a allowed twice")
				}
			})

			t.Run("a token comes back after its interval", func(t *testing.T) {
				limit := ratelimit.Limit{Rate: 2, Period: time.Second}
				allow(t, l, "refill", limit)
				allow(t, l, "refill", limit)
				if ok, _ := allow(t, l, "refill", limit); ok {
					t.Fatal("third allowed at once")
				}
				a.advance(600 * time.Millisecond)
				if ok, _ := allow(t, l, "refill", limit); !ok {
					t.Fatal("refused after the interval")
				}
				if ok, _ := allow(t, l, "refill", limit); ok {
					t.Fatal("only one token should have come back")
				}
			})

			t.Run("refused events do not spend the budget", func(t *testing.T) {
				limit := ratelimit.Limit{Rate: 1, Period: 400 * time.Millisecond}
				allow(t, l, "refused", limit)
				for range 5 {
					allow(t, l, "refused", limit)
				}
				a.advance(450 * time.Millisecond)
				if ok, _ := allow(t, l, "refused", limit); !ok {
					t.Fatal("refused attempts pushed the next token back")
				}
			})

			t.Run("concurrent callers get exactly the budget", func(t *testing.T) {
				limit := ratelimit.PerHour(5)
				var allowed atomic.Int32
				var wg sync.WaitGroup
				for range 20 {
					wg.Go(func() {
						ok, _, err := l.Allow(context.Background(), "race", limit)
						if err != nil {
							t.Error(err)
						}
						if ok {
							allowed.Add(1)
						}
					})
				}
				wg.Wait()
				if n := allowed.Load(); n != 5 {
					t.Fatalf("%d allowed, want 5", n)
				}
			})

			t.Run("refunded events do not count", func(t *testing.T) {
				limit := ratelimit.PerHour(3)
				for i := range 20 {
					if ok, _ := allow(t, l, "refunded", limit); !ok {
						t.Fatalf("event %d refused although every one was refunded", i+1)
					}
					if err := l.Refund(context.Background(), "refunded", limit); err != nil {
						t.Fatal(err)
					}
				}
				for i := range 3 {
					if ok, _ := allow(t, l, "refunded", limit); !ok {
						t.Fatalf("event %d of the full budget refused after refunds", i+1)
					}
				}
				if ok, _ := allow(t, l, "refunded", limit); ok {
					t.Fatal("refunds raised the budget")
				}
				// A refund after the budget is spent gives one event back.
				if err := l.Refund(context.Background(), "refunded", limit); err != nil {
					t.Fatal(err)
				}
				if ok, _ := allow(t, l, "refunded", limit); !ok {
					t.Fatal("refunded event not given back")
				}
				if err := l.Refund(context.Background(), "never-seen", limit); err != nil {
					t.Fatal(err)
				}
				if ok, _ := allow(t, l, "never-seen", ratelimit.PerHour(1)); !ok {
					t.Fatal("a refund of an unknown key spent something")
				}
			})

			t.Run("an invalid limit is an error", func(t *testing.T) {
				if _, _, err := l.Allow(context.Background(), "x", ratelimit.Limit{}); err == nil {
					t.Fatal("want error")
				}
				if err := l.Refund(context.Background(), "x", ratelimit.Limit{}); err == nil {
					t.Fatal("want error")
				}
			})

			if a.shared {
				t.Run("two instances share one budget", func(t *testing.T) {
					other := a.open()
					limit := ratelimit.PerHour(2)
					allow(t, l, "shared", limit)
					allow(t, other, "shared", limit)
					if ok, _ := allow(t, l, "shared", limit); ok {
						t.Fatal("first instance allowed a third event")
					}
					if ok, _ := allow(t, other, "shared", limit); ok {
						t.Fatal("second instance allowed a third event")
					}
				})
			}
		})
	}
}

func TestRedisKeysCarryThePrefix(t *testing.T) {
	mr := miniredis.RunT(t)
	c := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	defer c.Close()
	if _, _, err := ratelimit.NewRedis(c, "app:").Allow(context.Background(), "login:ip:1.2.3.4", ratelimit.PerMinute(5)); err != nil {
		t.Fatal(err)
	}
	if keys := mr.Keys(); len(keys) != 1 || keys[0] != "app:ratelimit:login:ip:1.2.3.4" {
		t.Fatalf("keys %v", keys)
	}
}
