// Package memo keeps values in process, per key, each under the version of
// the source it was read or computed from: a bounded memo that evicts the
// entries least likely to be used again, and never answers for another
// version than the one asked for. The source (a database row, a cache
// stamp) stays the truth; a memo only spares reading or computing it again.
package memo

import "github.com/maypok86/otter/v2"

// Memo keeps one value per key, under its version.
type Memo[K comparable, V any] struct {
	c *otter.Cache[K, entry[V]]
}

type entry[V any] struct {
	version int64
	value   V
}

// New returns a memo of at most size entries (approximately: eviction runs
// as entries are added).
func New[K comparable, V any](size int) *Memo[K, V] {
	return &Memo[K, V]{c: otter.Must(&otter.Options[K, entry[V]]{MaximumSize: size})}
}

// Get returns the value kept for key when it was kept under version.
func (m *Memo[K, V]) Get(key K, version int64) (V, bool) {
	e, ok := m.c.GetIfPresent(key)
	if !ok || e.version != version {
		var zero V
		return zero, false
	}
	return e.value, true
}

// Latest returns the value kept for key and its version, whatever it is.
func (m *Memo[K, V]) Latest(key K) (V, int64, bool) {
	e, ok := m.c.GetIfPresent(key)
	return e.value, e.version, ok
}

// Put keeps v for key under version unless a newer version is kept: a slow
// caller's older value never replaces a newer one.
func (m *Memo[K, V]) Put(key K, version int64, v V) {
	m.c.Compute(key, func(old entry[V], found bool) (entry[V], otter.ComputeOp) {
		if found && old.version > version {
			return old, otter.CancelOp
		}
		return entry[V]{version: version, value: v}, otter.WriteOp
	})
}

// Replace keeps v for key under version, whatever was kept: for values
// whose versions do not order (a digest, say).
func (m *Memo[K, V]) Replace(key K, version int64, v V) {
	m.c.Set(key, entry[V]{version: version, value: v})
}

// Update replaces what is kept for key by what change makes of it (found
// false: nothing), in one step: concurrent updates of a key each see the
// other's.
func (m *Memo[K, V]) Update(key K, change func(old V, version int64, found bool) (V, int64)) {
	m.c.Compute(key, func(old entry[V], found bool) (entry[V], otter.ComputeOp) {
		v, version := change(old.value, old.version, found)
		return entry[V]{version: version, value: v}, otter.WriteOp
	})
}

// Forget drops what is kept for key.
func (m *Memo[K, V]) Forget(key K) { m.c.Invalidate(key) }

// ForgetIf drops every key drop reports (a deleted account's entries).
func (m *Memo[K, V]) ForgetIf(drop func(K) bool) {
	for k := range m.c.Keys() {
		if drop(k) {
			m.c.Invalidate(k)
		}
	}
}
