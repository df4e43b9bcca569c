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

// TestIntegrationStamps: a stamp is trusted only while settled, only rises,
// and is never started again by a writer that began before it went.
func TestIntegrationStamps(t *testing.T) {
	testkit.Integration(t)
	for _, a := range adapters(t) {
		t.Run(a.name, func(t *testing.T) {
			ctx := context.Background()
			st, ok := cache.StamperOf(a.c)
			if !ok {
				t.Fatalf("%T keeps no stamps", a.c)
			}
			read := func(key string) (int64, bool) {
				t.Helper()
				vals, err := st.GetMany(ctx, key, "absent")
				if err != nil || len(vals) != 2 || vals[1] != nil {
					t.Fatalf("%q %v", vals, err)
				}
				return cache.ParseStamp(vals[0])
			}
			do := func(key string, op cache.StampOp, v int64) {
				t.Helper()
				if err := st.Stamp(ctx, key, op, v); err != nil {
					t.Fatal(err)
				}
			}
			want := func(key string, v int64, ok bool) {
				t.Helper()
				if got, gotOK := read(key); got != v || gotOK != ok {
					t.Fatalf("%s: %d %v, want %d %v", key, got, gotOK, v, ok)
				}
			}

			want("s1", 0, false)
			do("s1", cache.StampFill, 4)
			want("s1", 4, true)
			do("s1", cache.StampFill, 3) // a slow reader's older version
			want("s1", 4, true)

			// Two writers in flight: pending until both end, then the higher.
			do("s1", cache.StampBegin, 0)
			want("s1", 0, false)
			do("s1", cache.StampFill, 9)
			do("s1", cache.StampBegin, 0)
			do("s1", cache.StampEnd, 6)
			want("s1", 0, false)
			do("s1", cache.StampEnd, 5)
			want("s1", 6, true)

			// A rollback only ends its mark.
			do("s1", cache.StampBegin, 0)
			do("s1", cache.StampEnd, 0)
			want("s1", 6, true)

			// Emptied while a writer ran: its end does not start it again.
			do("s2", cache.StampBegin, 0)
			if err := a.c.Delete(ctx, "s2"); err != nil {
				t.Fatal(err)
			}
			do("s2", cache.StampEnd, 7)
			want("s2", 0, false)

			// A writer that never ends leaves readers on the database until
			// the mark expires, then the stamp is gone (only miniredis can
			// move its clock that far).
			do("s3", cache.StampFill, 2)
			do("s3", cache.StampBegin, 0)
			want("s3", 0, false)
			if a.name != "redis-protocol" {
				return
			}
			a.wait(cache.StampPendingTTL + time.Second)
			want("s3", 0, false)
			do("s3", cache.StampFill, 3)
			want("s3", 3, true)
		})
	}
}
