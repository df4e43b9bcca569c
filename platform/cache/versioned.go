package cache

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"
)

type versioned[T any] struct {
	Version string `json:"v"`
	Data    T      `json:"d"`
}

// Versioned returns the value cached under key when it was computed for
// version, and otherwise computes it, stores it and returns it. A derived view
// keyed by its source's version is never served stale, so a read right after
// a write sees the write. When the cache fails, the value is computed
// directly: the cache only ever saves work.
func Versioned[T any](ctx context.Context, c Cache, log *slog.Logger, key, version string, ttl time.Duration, compute func() (T, error)) (T, error) {
	if raw, err := c.Get(ctx, key); err == nil {
		var v versioned[T]
		if json.Unmarshal(raw, &v) == nil && v.Version == version {
			return v.Data, nil
		}
	} else if err != ErrMiss {
		log.WarnContext(ctx, "cache read failed; computing directly", "key", key, "err", err)
	}
	data, err := compute()
	if err != nil {
		return data, err
	}
	Store(ctx, c, log, key, version, ttl, data)
	return data, nil
}

// Store caches data for version, logging (not failing) when the cache is down.
func Store[T any](ctx context.Context, c Cache, log *slog.Logger, key, version string, ttl time.Duration, data T) {
	raw, err := json.Marshal(versioned[T]{Version: version, Data: data})
	if err == nil {
		err = c.Set(ctx, key, raw, ttl)
	}
	if err != nil {
		log.WarnContext(ctx, "cache write failed", "key", key, "err", err)
	}
}
