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
	lim *redis_rate.Limiter
}

// NewRedis keeps its buckets under prefix+"ratelimit:" so deployments (and
// test runs) sharing one server stay apart.
func NewRedis(client redis.UniversalClient, prefix string) *Redis {
	return &Redis{lim: redis_rate.NewLimiter(prefixed{client, prefix + "ratelimit:"})}
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
