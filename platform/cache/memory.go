package cache

import (
	"context"
	"sync"
	"time"

	"github.com/jellydator/ttlcache/v3"
)

// memoryCapacity bounds the in-process cache; the least recently used entries
// go first, which is safe because every entry can be recomputed.
const memoryCapacity = 200_000

// Memory is the in-process adapter for a single instance.
type Memory struct {
	c *ttlcache.Cache[string, []byte]
	// stamps serialises the read-modify-write of stamps.
	stamps sync.Mutex
}

// NewMemory starts an in-process cache; call Close to stop its janitor.
func NewMemory() *Memory {
	c := ttlcache.New[string, []byte](
		ttlcache.WithCapacity[string, []byte](memoryCapacity),
		ttlcache.WithDisableTouchOnHit[string, []byte](),
	)
	go c.Start()
	return &Memory{c: c}
}

func ttlOf(ttl time.Duration) time.Duration {
	if ttl <= 0 {
		return ttlcache.NoTTL
	}
	return ttl
}

func (m *Memory) Get(_ context.Context, key string) ([]byte, error) {
	it := m.c.Get(key)
	if it == nil {
		return nil, ErrMiss
	}
	return it.Value(), nil
}

func (m *Memory) Set(_ context.Context, key string, value []byte, ttl time.Duration) error {
	m.c.Set(key, value, ttlOf(ttl))
	return nil
}

func (m *Memory) SetNX(_ context.Context, key string, value []byte, ttl time.Duration) (bool, error) {
	_, found := m.c.GetOrSet(key, value, ttlcache.WithTTL[string, []byte](ttlOf(ttl)))
	return !found, nil
}

func (m *Memory) Take(_ context.Context, key string) ([]byte, error) {
	it, ok := m.c.GetAndDelete(key)
	if !ok {
		return nil, ErrMiss
	}
	return it.Value(), nil
}

func (m *Memory) Delete(_ context.Context, keys ...string) error {
	for _, k := range keys {
		m.c.Delete(k)
	}
	return nil
}

func (m *Memory) Ping(context.Context) error { return nil }

// GetMany implements Stamper.
func (m *Memory) GetMany(_ context.Context, keys ...string) ([][]byte, error) {
	out := make([][]byte, len(keys))
	for i, k := range keys {
		if it := m.c.Get(k); it != nil {
			out[i] = it.Value()
		}
	}
	return out, nil
}

// Stamp implements Stamper.
func (m *Memory) Stamp(_ context.Context, key string, op StampOp, version int64) error {
	m.stamps.Lock()
	defer m.stamps.Unlock()
	var (
		cur    stampState
		exists bool
	)
	if it := m.c.Get(key); it != nil {
		cur, exists = parseState(it.Value())
	}
	if value, ttl, write := apply(cur, exists, op, version); write {
		m.c.Set(key, value, ttl)
	}
	return nil
}

// Close stops the expiry janitor.
func (m *Memory) Close() { m.c.Stop() }
