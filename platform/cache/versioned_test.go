package cache_test

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	"lamplight/platform/cache"
)

func TestVersioned(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	for _, a := range adapters(t) {
		t.Run(a.name, func(t *testing.T) {
			ctx := t.Context()
			calls := 0
			get := func(version string, value map[string]int) map[string]int {
				t.Helper()
				got, err := cache.Versioned(ctx, a.c, log, "view:"+a.name, version, time.Minute, func() (map[string]int, error) {
					calls++
					return value, nil
				})
				if err != nil {
					t.Fatal(err)
				}
				return got
			}
			if got := get("1", map[string]int{"a": 1}); got["a"] != 1 || calls != 1 {
				t.Fatalf("first read: %v after %d computes", got, calls)
			}
			if got := get("1", map[string]int{"a": 99}); got["a"] != 1 || calls != 1 {
				t.Fatalf("same version must be served from the cache: %v after %d computes", got, calls)
			}
			if got := get("2", map[string]int{"a": 2}); got["a"] != 2 || calls != 2 {
				t.Fatalf("a new version must be computed: %v after %d computes", got, calls)
			}
			if v, err := cache.VersionOf(ctx, a.c, "view:"+a.name); v != "2" || err != nil {
				t.Fatalf("VersionOf = %q, %v; want 2", v, err)
			}
			if v, err := cache.VersionOf(ctx, a.c, "absent:"+a.name); v != "" || err != nil {
				t.Fatalf("VersionOf an absent key = %q, %v", v, err)
			}
		})
	}
}

func TestVersionedRawJSONComesBackWhole(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	c := cache.NewMemory()
	t.Cleanup(c.Close)
	want := json.RawMessage(`[{"id":"x","text":"line\nbreak"}]`)
	compute := func() (json.RawMessage, error) { return want, nil }
	for range 2 {
		got, err := cache.Versioned(t.Context(), c, log, "raw", "7|2026-11-22", time.Minute, compute)
		if err != nil || string(got) != string(want) {
			t.Fatalf("got %s, %v", got, err)
		}
		compute = func() (json.RawMessage, error) { return nil, errors.New("must be served from the cache") }
	}
}

func TestVersionedBytesAreStoredAsIs(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	c := cache.NewMemory()
	t.Cleanup(c.Close)
	want := []byte{0x1f, 0x8b, 0, '\n', 0xff}
	got, err := cache.Versioned(t.Context(), c, log, "bytes", "1", time.Minute, func() ([]byte, error) { return want, nil })
	if err != nil || string(got) != string(want) {
		t.Fatalf("got %v, %v", got, err)
	}
	raw, _ := c.Get(t.Context(), "bytes")
	if string(raw) != "1\n"+string(want) {
		t.Fatalf("stored %q", raw)
	}
	got, err = cache.Versioned(t.Context(), c, log, "bytes", "1", time.Minute, func() ([]byte, error) { return nil, errors.New("must be served from the cache") })
	if err != nil || string(got) != string(want) {
		t.Fatalf("cached: got %v, %v", got, err)
	}
}

func TestVersionedRecomputesOverUnreadableEntries(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	c := cache.NewMemory()
	t.Cleanup(c.Close)
	for _, stored := range []string{`{"v":"1","d":5}`, "1\nnot json"} {
		if err := c.Set(t.Context(), "n", []byte(stored), time.Minute); err != nil {
			t.Fatal(err)
		}
		got, err := cache.Versioned(t.Context(), c, log, "n", "1", time.Minute, func() (int, error) { return 6, nil })
		if err != nil || got != 6 {
			t.Fatalf("over %q: got %d, %v", stored, got, err)
		}
	}
}
