package ratelimit

import (
	"context"
	"sync"
	"time"
)

// Memory is the in-process adapter for a single instance.
type Memory struct {
	now func() time.Time

	mu        sync.Mutex
	buckets   map[string]*bucket
	lastSweep time.Time
}

// bucket is one key's state: tat, the time at which the bucket is full
// again (the "theoretical arrival time" of GCRA), as the Redis adapter keeps it.
type bucket struct {
	tat   time.Time
	limit Limit
}

// sweepEvery is how often full buckets are dropped. A full bucket is the
// same as none, so dropping it changes nothing.
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
		b = &bucket{tat: now, limit: limit}
		m.buckets[key] = b
	}
	next := maxTime(b.tat, now).Add(limit.interval())
	if allowAt := next.Add(-limit.burst()); now.Before(allowAt) {
		return false, allowAt.Sub(now), nil
	}
	b.tat = next
	return true, 0, nil
}

// Refund implements Limiter.
func (m *Memory) Refund(_ context.Context, key string, limit Limit) error {
	if err := limit.valid(); err != nil {
		return err
	}
	now := m.now()
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.buckets[key]
	if !ok || b.limit != limit {
		return nil
	}
	b.tat = b.tat.Add(-limit.interval())
	if !b.tat.After(now) {
		delete(m.buckets, key)
	}
	return nil
}

func (m *Memory) sweep(now time.Time) {
	if now.Sub(m.lastSweep) < sweepEvery {
		return
	}
	m.lastSweep = now
	for k, b := range m.buckets {
		if !b.tat.After(now) {
			delete(m.buckets, k)
		}
	}
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
