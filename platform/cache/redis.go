package cache

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

// Redis is the shared adapter for many instances. Every key is prefixed so
// several deployments (or test runs) can share one server.
type Redis struct {
	client redis.UniversalClient
	prefix string
}

// NewRedis wraps a client; prefix is prepended to every key.
func NewRedis(client redis.UniversalClient, prefix string) *Redis {
	return &Redis{client: client, prefix: prefix}
}

func (r *Redis) Get(ctx context.Context, key string) ([]byte, error) {
	v, err := r.client.Get(ctx, r.prefix+key).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, ErrMiss
	}
	return v, err
}

func (r *Redis) Set(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	return r.client.Set(ctx, r.prefix+key, value, max(ttl, 0)).Err()
}

func (r *Redis) SetNX(ctx context.Context, key string, value []byte, ttl time.Duration) (bool, error) {
	err := r.client.SetArgs(ctx, r.prefix+key, value, redis.SetArgs{Mode: "NX", TTL: max(ttl, 0)}).Err()
	if errors.Is(err, redis.Nil) {
		return false, nil
	}
	return err == nil, err
}

func (r *Redis) Take(ctx context.Context, key string) ([]byte, error) {
	v, err := r.client.GetDel(ctx, r.prefix+key).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, ErrMiss
	}
	return v, err
}

func (r *Redis) Delete(ctx context.Context, keys ...string) error {
	if len(keys) == 0 {
		return nil
	}
	full := make([]string, len(keys))
	for i, k := range keys {
		full[i] = r.prefix + k
	}
	return r.client.Del(ctx, full...).Err()
}

func (r *Redis) Ping(ctx context.Context) error { return r.client.Ping(ctx).Err() }
