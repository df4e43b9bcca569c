package main

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"
)

// writes is what became of the writes of a run.
type writes struct {
	sent, acked int
	failed      map[string]int // by what the write got
	lost        int            // acknowledged, not stored
	duplicated  int            // stored more than once
	phantom     int            // stored, never sent
	unanswered  int            // failed, yet stored once (the answer was lost)
	problems    []string
}

// sum adds up counts by kind.
func sum(m map[string]int) int {
	n := 0
	for _, c := range m {
		n += c
	}
	return n
}

// kinds renders counts by kind: "3 (2 Internal Server Error, 1 connection refused)".
func kinds(m map[string]int) string {
	if len(m) == 0 {
		return "0"
	}
	var parts []string
	for k, c := range m {
		parts = append(parts, fmt.Sprintf("%d %s", c, k))
	}
	sort.Strings(parts)
	return fmt.Sprintf("%d (%s)", sum(m), strings.Join(parts, ", "))
}

// checkWrites compares every reader's stored log with what was sent: each
// acknowledged write must be stored exactly once, under the id it was
// acknowledged with, and nothing unsent may appear. It returns the log
// version each reader's check saw.
func checkWrites(ctx context.Context, a api, readers []reader, outs []outcome) (writes, []int64) {
	w := writes{failed: map[string]int{}}
	sent := make([]map[string]outcome, len(readers))
	for i := range sent {
		sent[i] = map[string]outcome{}
	}
	for _, o := range outs {
		w.sent++
		if o.acked() {
			w.acked++
			if o.err != "" {
				w.problems = append(w.problems, o.err)
			}
		} else {
			w.failed[o.kind()]++
		}
		if _, dup := sent[o.reader][o.key]; dup {
			w.problems = append(w.problems, "the suite sent "+o.key+" twice")
		}
		sent[o.reader][o.key] = o
	}
	versions := make([]int64, len(readers))
	for i, r := range readers {
		log, v, err := a.log(ctx, r)
		if err != nil {
			w.problems = append(w.problems, fmt.Sprintf("read the log of %s: %v", r.email, err))
			continue
		}
		versions[i] = v
		stored := map[string][]string{}
		for _, e := range log {
			stored[e.key()] = append(stored[e.key()], e.ID)
		}
		for key, o := range sent[i] {
			ids := stored[key]
			switch {
			case len(ids) > 1:
				w.duplicated += len(ids) - 1
			case o.acked() && len(ids) == 0:
				w.lost++
			case o.acked() && ids[0] != o.id:
				w.problems = append(w.problems, fmt.Sprintf("%s of %s stored as %s, acknowledged as %s", key, r.email, ids[0], o.id))
			case !o.acked() && len(ids) == 1:
				w.unanswered++
			}
		}
		for key, ids := range stored {
			if _, ok := sent[i][key]; !ok {
				w.phantom += len(ids)
			}
		}
	}
	if w.lost > 0 {
		w.problems = append(w.problems, fmt.Sprintf("%d acknowledged writes are not stored", w.lost))
	}
	if w.duplicated > 0 {
		w.problems = append(w.problems, fmt.Sprintf("%d writes are stored more than once", w.duplicated))
	}
	if w.phantom > 0 {
		w.problems = append(w.problems, fmt.Sprintf("%d stored entries were never sent", w.phantom))
	}
	return w, versions
}

// outboxDrained waits until the outbox holds no unrelayed event and says how
// long that took (-1 and the rows left when it never did).
func outboxDrained(ctx context.Context, open func() (*gorm.DB, error), deadline time.Duration) (time.Duration, int64) {
	g, err := open()
	if err != nil {
		return -1, -1
	}
	defer closeDB(g)
	start := time.Now()
	var left int64 = -1
	ok := poll(ctx, deadline, 100*time.Millisecond, func() bool {
		return g.WithContext(ctx).Table("outbox_events").Count(&left).Error == nil && left == 0
	})
	if !ok {
		return -1, left
	}
	return time.Since(start), 0
}

// projectionNames are the projections the handlers keep in the cache under
// proj:<name>:<user>.
var projectionNames = []string{"versecounts", "progress", "suggestions", "streaks"}

// cached reads the projections the event handlers stored for the readers in
// Redis: key to raw value (version, newline, JSON).
func cached(ctx context.Context, rc *redis.Client, prefix string, readers []reader) (map[string]string, error) {
	out := map[string]string{}
	for _, r := range readers {
		for _, n := range projectionNames {
			key := prefix + "proj:" + n + ":" + r.id
			v, err := rc.Get(ctx, key).Result()
			if err == redis.Nil {
				v, err = "", nil
			}
			if err != nil {
				return nil, err
			}
			out[key] = v
		}
	}
	return out, nil
}

// cachedVersion is the log version a cached value was computed from.
func cachedVersion(raw string) int64 {
	v, _ := strconv.ParseInt(strings.SplitN(raw, "|", 2)[0], 10, 64)
	return v
}

// differences lists the keys whose values differ between two snapshots.
func differences(before, after map[string]string) []string {
	var out []string
	for k, v := range before {
		if after[k] != v {
			out = append(out, k)
		}
	}
	for k := range after {
		if _, ok := before[k]; !ok {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}
