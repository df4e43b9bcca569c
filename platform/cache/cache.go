// Package cache is the disposable key-value store behind projections, session
// lookups and single-use tokens: in process by default, Redis when REDIS_URL is
// set so every instance sees the same entries and deletions at once.
package cache

import (
	"context"
	"errors"
	"time"
)

// ErrMiss is returned when a key is absent or expired.
var ErrMiss = errors.New("cache miss")

// Cache is the port every adapter implements; one shared suite tests them all.
type Cache interface {
	// Get returns the value or ErrMiss.
	Get(ctx context.Context, key string) ([]byte, error)
	// Set stores a value; ttl 0 keeps it until deleted or evicted.
	Set(ctx context.Context, key string, value []byte, ttl time.Duration) error
	// SetNX stores the value only when the key is absent and reports whether it did.
	SetNX(ctx context.Context, key string, value []byte, ttl time.Duration) (bool, error)
	// Take returns and deletes the value atomically (single-use tokens), or ErrMiss.
	Take(ctx context.Context, key string) ([]byte, error)
	// Delete removes keys; absent keys are ignored.
	Delete(ctx context.Context, keys ...string) error
	// Ping reports whether the cache is reachable.
	Ping(ctx context.Context) error
}
