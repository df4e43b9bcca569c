package ratelimit

import (
	"context"
	"strings"
	"time"

	"github.com/go-redis/redis_rate/v10"
	"github.com/redis/go-redis/v9"
)

// Redis is the shared adapter: every instance spends from the same buckets.
type Redis struct {
	lim    *redis_rate.Limiter
	client prefixed
}

// NewRedis keeps its buckets under prefix+"ratelimit:" so deployments (and
// test runs) sharing one server stay apart.
func NewRedis(client redis.UniversalClient, prefix string) *Redis {
	p := prefixed{client, prefix + "ratelimit:"}
	return &Redis{lim: redis_rate.NewLimiter(p), client: p}
}

// Allow implements Limiter.
func (r *Redis) Allow(ctx context.Context, key string, limit Limit) (bool, time.Duration, error) {
	if err := limit.valid(); err != nil {
		return false, 0, err
	}
	res, err := r.lim.Allow(ctx, key, redis_rate.Limit{Rate: limit.Rate, Burst: limit.Rate, Period: limit.Period})
	if err != nil {
		return false, 0, err
	}
	if res.Allowed > 0 {
		return true, 0, nil
	}
	return false, max(res.RetryAfter, time.Millisecond), nil
}

// refund moves a bucket's refill time back by one interval, on the
// server's clock and in the library's format: the time the bucket is full
// again, in seconds since 2017-01-01. The library's own "spend -1" cannot do
// this: it leaves the key alone when the result is in the past, so a refund
// into a nearly full bucket would be lost. A bucket full again is deleted.
// The shared suite checks refunds against every adapter.
var refund = redis.NewScript(`
local tat = redis.call("GET", KEYS[1])
if not tat then
  return 0
end
local now = redis.call("TIME")
now = (now[1] - 1483228800) + (now[2] / 1000000)
tat = tonumber(tat) - tonumber(ARGV[1])
if tat <= now then
  redis.call("DEL", KEYS[1])
else
  redis.call("SET", KEYS[1], tat, "EX", math.ceil(tat - now))
end
return 0
`)

// Refund implements Limiter.
func (r *Redis) Refund(ctx context.Context, key string, limit Limit) error {
	if err := limit.valid(); err != nil {
		return err
	}
	return refund.Run(ctx, r.client, []string{libraryPrefix + key}, limit.interval().Seconds()).Err()
}

// prefixed replaces the library's fixed key prefix with ours.
type prefixed struct {
	redis.UniversalClient
	prefix string
}

const libraryPrefix = "rate:"

func (p prefixed) keys(keys []string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = p.prefix + strings.TrimPrefix(k, libraryPrefix)
	}
	return out
}

func (p prefixed) Eval(ctx context.Context, script string, keys []string, args ...any) *redis.Cmd {
	return p.UniversalClient.Eval(ctx, script, p.keys(keys), args...)
}

func (p prefixed) EvalSha(ctx context.Context, sha1 string, keys []string, args ...any) *redis.Cmd {
	return p.UniversalClient.EvalSha(ctx, sha1, p.keys(keys), args...)
}

func (p prefixed) EvalRO(ctx context.Context, script string, keys []string, args ...any) *redis.Cmd {
	return p.UniversalClient.EvalRO(ctx, script, p.keys(keys), args...)
}

func (p prefixed) EvalShaRO(ctx context.Context, sha1 string, keys []string, args ...any) *redis.Cmd {
	return p.UniversalClient.EvalShaRO(ctx, sha1, p.keys(keys), args...)
}

func (p prefixed) Del(ctx context.Context, keys ...string) *redis.IntCmd {
	return p.UniversalClient.Del(ctx, p.keys(keys)...)
}
