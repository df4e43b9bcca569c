package cache_test

import (
	"context"
	"errors"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"lamplight/platform/cache"
	"lamplight/platform/testkit"
)

type adapter struct {
	name string
	c    cache.Cache
	// wait lets time pass for expiry; miniredis needs its clock moved.
	wait func(time.Duration)
}

func adapters(t *testing.T) []adapter {
	mem := cache.NewMemory()
	t.Cleanup(mem.Close)
	mr := miniredis.RunT(t)
	mrClient := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	t.Cleanup(func() { mrClient.Close() })
	out := []adapter{
		{"memory", mem, time.Sleep},
		{"redis-protocol", cache.NewRedis(mrClient, "t:"), mr.FastForward},
	}
	if os.Getenv("TEST_REDIS_URL") != "" {
		u, prefix := testkit.RedisURL(t)
		opts, err := redis.ParseURL(u)
		if err != nil {
			t.Fatal(err)
		}
		c := redis.NewClient(opts)
		t.Cleanup(func() { c.Close() })
		out = append(out, adapter{"redis", cache.NewRedis(c, prefix), time.Sleep})
	}
	return out
}

// TestIntegrationCacheSuite runs one behaviour suite against every adapter.
func TestIntegrationCacheSuite(t *testing.T) {
	testkit.Integration(t)
	for _, a := range adapters(t) {
		t.Run(a.name, func(t *testing.T) {
			ctx := context.Background()
			c := a.c

			t.Run("miss then hit", func(t *testing.T) {
				if _, err := c.Get(ctx, "k1"); !errors.Is(err, cache.ErrMiss) {
					t.Fatalf("want miss, got %v", err)
				}
				if err := c.Set(ctx, "k1", []byte("v1"), 0); err != nil {
					t.Fatal(err)
				}
				v, err := c.Get(ctx, "k1")
				if err != nil || string(v) != "v1" {
					t.Fatalf("got %q %v", v, err)
				}
			})

			t.Run("expires", func(t *testing.T) {
				if err := c.Set(ctx, "short", []byte("x"), 1100*time.Millisecond); err != nil {
					t.Fatal(err)
				}
				a.wait(1500 * time.Millisecond)
				if _, err := c.Get(ctx, "short"); !errors.Is(err, cache.ErrMiss) {
					t.Fatalf("want miss after ttl, got %v", err)
				}
			})

			t.Run("delete", func(t *testing.T) {
				_ = c.Set(ctx, "d1", []byte("1"), 0)
				_ = c.Set(ctx, "d2", []byte("2"), 0)
				if err := c.Delete(ctx, "d1", "d2", "absent"); err != nil {
					t.Fatal(err)
				}
				for _, k := range []string{"d1", "d2"} {
					if _, err := c.Get(ctx, k); !errors.Is(err, cache.ErrMiss) {
						t.Fatalf("%s still present", k)
					}
				}
			})

			t.Run("take is single use under concurrency", func(t *testing.T) {
				_ = c.Set(ctx, "token", []byte("secret"), time.Minute)
				var wins atomic.Int32
				var wg sync.WaitGroup
				for range 8 {
					wg.Go(func() {
						if v, err := c.Take(ctx, "token"); err == nil && string(v) == "secret" {
							wins.Add(1)
						}
					})
				}
				wg.Wait()
				if wins.Load() != 1 {
					t.Fatalf("token taken %d times", wins.Load())
				}
			})

			t.Run("setnx only once", func(t *testing.T) {
				ok1, err := c.SetNX(ctx, "lock", []byte("a"), time.Minute)
				if err != nil || !ok1 {
					t.Fatalf("first setnx: %v %v", ok1, err)
				}
				ok2, err := c.SetNX(ctx, "lock", []byte("b"), time.Minute)
				if err != nil || ok2 {
					t.Fatalf("second setnx: %v %v", ok2, err)
				}
				v, _ := c.Get(ctx, "lock")
				if string(v) != "a" {
					t.Fatalf("value replaced: %q", v)
				}
			})

			t.Run("ping", func(t *testing.T) {
				if err := c.Ping(ctx); err != nil {
					t.Fatal(err)
				}
			})
		})
	}
}
