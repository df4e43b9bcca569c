package cache

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"time"
)

// A versioned value is stored as its version, a newline, then its JSON. The
// version is read without touching the JSON, and a json.RawMessage value (a
// ten-year log is hundreds of KB) is handed back without being parsed. A
// []byte value is stored as is (compressed JSON, say), not as JSON.
const versionEnd = '\n'

// Versioned returns the value cached under key when it was computed for
// version, and otherwise computes it, stores it and returns it. A derived view
// keyed by its source's version is never served stale, so a read right after
// a write sees the write. When the cache fails, the value is computed
// directly: the cache only ever saves work.
func Versioned[T any](ctx context.Context, c Cache, log *slog.Logger, key, version string, ttl time.Duration, compute func() (T, error)) (T, error) {
	if raw, err := c.Get(ctx, key); err == nil {
		if v, payload, ok := split(raw); ok && v == version {
			var data T
			if decode(payload, &data) == nil {
				return data, nil
			}
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
	payload, err := encode(data)
	if err == nil {
		raw := make([]byte, 0, len(version)+1+len(payload))
		raw = append(append(append(raw, version...), versionEnd), payload...)
		err = c.Set(ctx, key, raw, ttl)
	}
	if err != nil {
		log.WarnContext(ctx, "cache write failed", "key", key, "err", err)
	}
}

// VersionOf returns the version of the value cached under key, "" when
// there is none, and an error only when the cache cannot be read.
func VersionOf(ctx context.Context, c Cache, key string) (string, error) {
	raw, err := c.Get(ctx, key)
	if err == ErrMiss {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	v, _, _ := split(raw)
	return v, nil
}

func split(raw []byte) (version string, payload []byte, ok bool) {
	i := bytes.IndexByte(raw, versionEnd)
	if i < 0 {
		return "", nil, false
	}
	return string(raw[:i]), raw[i+1:], true
}

func encode(data any) ([]byte, error) {
	if b, ok := data.([]byte); ok {
		return b, nil
	}
	return json.Marshal(data)
}

func decode[T any](payload []byte, into *T) error {
	switch v := any(into).(type) {
	case *json.RawMessage:
		// Only this package wrote it, from json.Marshal: it is valid JSON.
		*v = payload
		return nil
	case *[]byte:
		*v = payload
		return nil
	}
	return json.Unmarshal(payload, into)
}
