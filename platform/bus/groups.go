package bus

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// groupKeeper recreates a handler's consumer group when Redis answers
// NOGROUP, or UNBLOCKED to a read waiting on a stream that was just deleted.
// The adapter creates the group only when it subscribes, so after
// FLUSHDB, or a restart that came back empty, it would retry its read forever
// and the handler would see no event until the instance restarted.
//
// The group starts again from the beginning of the stream ("0", not "$"):
// whatever the stream holds then was written after Redis lost the group (the
// outbox relay keeps publishing) and nobody has handled it yet.
type groupKeeper struct {
	handler string
	log     *slog.Logger
	// recreated is called when this keeper created the group (not when
	// another instance was first).
	recreated func()
}

func (k groupKeeper) DialHook(next redis.DialHook) redis.DialHook { return next }

func (k groupKeeper) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return next
}

func (k groupKeeper) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		err := next(ctx, cmd)
		stream, ok := readGroupStream(cmd)
		if !ok || !groupLost(err) {
			return err
		}
		create := redis.NewStatusCmd(ctx, "xgroup", "create", stream, k.handler, "0", "mkstream")
		switch cerr := next(ctx, create); {
		case cerr == nil:
			k.log.WarnContext(ctx, "event consumer group recreated: Redis lost it (flushed or restarted empty)", "handler", k.handler, "stream", stream)
			k.recreated()
		case !strings.HasPrefix(cerr.Error(), "BUSYGROUP"):
			return errors.Join(err, cerr)
		}
		// Read again at once, so the adapter neither logs a failure nor
		// pauses before the next read.
		cmd.SetErr(nil)
		return next(ctx, cmd)
	}
}

// readGroupStream is the stream an XREADGROUP reads (the adapter reads one).
func readGroupStream(cmd redis.Cmder) (string, bool) {
	if cmd.Name() != "xreadgroup" {
		return "", false
	}
	args := cmd.Args()
	for i, a := range args[:len(args)-1] {
		if s, ok := a.(string); ok && strings.EqualFold(s, "streams") {
			stream, ok := args[i+1].(string)
			return stream, ok
		}
	}
	return "", false
}

func groupLost(err error) bool {
	return err != nil && (strings.HasPrefix(err.Error(), "NOGROUP") || strings.HasPrefix(err.Error(), "UNBLOCKED"))
}

// Backlog is what waits in the broker for one handler's consumer group.
type Backlog struct {
	// GroupMissing: the broker has no group for the handler, so nothing
	// reads its events.
	GroupMissing bool
	// Lag counts events not yet delivered to the group; -1 when the broker
	// cannot tell.
	Lag int64
	// Pending counts events delivered and not yet acknowledged.
	Pending int64
	// Waiting is how long the oldest unhandled event has waited: since it was
	// published when not yet delivered, since its last delivery when pending.
	Waiting time.Duration
}

// redisBacklog reads a group's backlog. Ages are measured on the Redis
// clock, which stamped the stream ids.
func redisBacklog(ctx context.Context, c *redis.Client, stream, group string) (Backlog, error) {
	now, err := c.Time(ctx).Result()
	if err != nil {
		return Backlog{}, err
	}
	groups, err := c.XInfoGroups(ctx, stream).Result()
	if err != nil {
		if strings.Contains(err.Error(), "no such key") {
			return Backlog{GroupMissing: true}, nil
		}
		return Backlog{}, err
	}
	var g *redis.XInfoGroup
	for i := range groups {
		if groups[i].Name == group {
			g = &groups[i]
		}
	}
	if g == nil {
		return Backlog{GroupMissing: true}, nil
	}
	b := Backlog{Lag: g.Lag, Pending: g.Pending}
	next, err := c.XRangeN(ctx, stream, "("+g.LastDeliveredID, "+", 1).Result()
	if err != nil {
		return Backlog{}, err
	}
	if len(next) > 0 {
		b.Waiting = now.Sub(idTime(next[0].ID))
	}
	if g.Pending > 0 {
		oldest, err := c.XPendingExt(ctx, &redis.XPendingExtArgs{Stream: stream, Group: group, Start: "-", End: "+", Count: 1}).Result()
		if err != nil {
			return Backlog{}, err
		}
		if len(oldest) > 0 {
			b.Waiting = max(b.Waiting, oldest[0].Idle)
		}
	}
	return b, nil
}

// idTime is when Redis added a stream entry: its id starts with the Unix
// time in milliseconds.
func idTime(id string) time.Time {
	ms, _, _ := strings.Cut(id, "-")
	n, _ := strconv.ParseInt(ms, 10, 64)
	return time.UnixMilli(n)
}
