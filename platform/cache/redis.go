package cache

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// Redis is the shared adapter for many instances. Every key is prefixed so
// several deployments (or test runs) can share one server.
type Redis struct {
	client redis.UniversalClient
	prefix string
	// unsure holds the stamps this instance failed to update, until when
	// they are not trusted here: a write this instance acknowledged must
	// show in its own reads even when Redis missed both of its updates.
	unsure sync.Map
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

// GetMany implements Stamper with one MGET.
func (r *Redis) GetMany(ctx context.Context, keys ...string) ([][]byte, error) {
	full := make([]string, len(keys))
	for i, k := range keys {
		full[i] = r.prefix + k
	}
	vals, err := r.client.MGet(ctx, full...).Result()
	if err != nil {
		return nil, err
	}
	out := make([][]byte, len(keys))
	for i, v := range vals {
		if s, ok := v.(string); ok && !r.distrusted(keys[i]) {
			out[i] = []byte(s)
		}
	}
	return out, nil
}

// stampScript is apply (stamp.go) in one atomic step: ARGV are the
// operation (0 begin, 1 end, 2 fill), the version, and the lifetimes in
// milliseconds of a settled and of a pending stamp.
var stampScript = redis.NewScript(`
local cur = redis.call('GET', KEYS[1])
local op, version = tonumber(ARGV[1]), tonumber(ARGV[2])
local pending, have, exists = 0, 0, false
if cur then
  local p, v = string.match(cur, '^(%d+) (%d+)$')
  if p then pending, have, exists = tonumber(p), tonumber(v), true end
end
if op == 0 then
  pending = pending + 1
elseif op == 1 then
  if not exists then return 0 end
  pending = math.max(pending - 1, 0)
elseif pending > 0 or (exists and have >= version) then
  return 0
end
local ttl = ARGV[3]
if pending > 0 then ttl = ARGV[4] end
redis.call('SET', KEYS[1], string.format('%d %d', pending, math.max(have, version)), 'PX', ttl)
return 1`)

// Stamp implements Stamper.
func (r *Redis) Stamp(ctx context.Context, key string, op StampOp, version int64) error {
	err := stampScript.Run(ctx, r.client, []string{r.prefix + key},
		int(op), version, StampTTL.Milliseconds(), StampPendingTTL.Milliseconds()).Err()
	if errors.Is(err, redis.Nil) {
		err = nil
	}
	if err != nil && op != StampFill {
		r.unsure.Store(key, time.Now().Add(StampTTL+StampPendingTTL))
	}
	return err
}

func (r *Redis) distrusted(key string) bool {
	until, ok := r.unsure.Load(key)
	if !ok {
		return false
	}
	if time.Now().Before(until.(time.Time)) {
		return true
	}
	r.unsure.CompareAndDelete(key, until)
	return false
}
