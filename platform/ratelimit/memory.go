package ratelimit

import (
	"context"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Memory is the in-process adapter for a single instance.
type Memory struct {
	now func() time.Time

	mu        sync.Mutex
	buckets   map[string]*bucket
	lastSweep time.Time
}

type bucket struct {
	lim      *rate.Limiter
	limit    Limit
	lastSeen time.Time
}

// sweepEvery is how often idle buckets are dropped. A bucket idle for a
// whole period is full again, so dropping it changes nothing.
const sweepEvery = time.Minute

// NewMemory returns an in-process limiter.
func NewMemory() *Memory { return NewMemoryWithClock(time.Now) }

// NewMemoryWithClock lets tests move time.
func NewMemoryWithClock(now func() time.Time) *Memory {
	return &Memory{now: now, buckets: map[string]*bucket{}, lastSweep: now()}
}

// Allow implements Limiter.
func (m *Memory) Allow(_ context.Context, key string, limit Limit) (bool, time.Duration, error) {
	if err := limit.valid(); err != nil {
		return false, 0, err
	}
	now := m.now()
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sweep(now)
	b, ok := m.buckets[key]
	if !ok || b.limit != limit {
		b = &bucket{lim: rate.NewLimiter(rate.Every(limit.interval()), limit.Rate), limit: limit}
		m.buckets[key] = b
	}
	b.lastSeen = now
	r := b.lim.ReserveN(now, 1)
	if !r.OK() {
		return false, limit.Period, nil
	}
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return false, d, nil
	}
	return true, 0, nil
}

func (m *Memory) sweep(now time.Time) {
	if now.Sub(m.lastSweep) < sweepEvery {
		return
	}
	m.lastSweep = now
	for k, b := range m.buckets {
		if now.Sub(b.lastSeen) > b.limit.Period {
			delete(m.buckets, k)
		}
	}
}
