package testkit

import (
	"sync"
	"time"
)

// Clock is the real time in UTC plus an offset a test moves forward, for
// code with an injectable Now: time passes without sleeping.
type Clock struct {
	mu     sync.Mutex
	offset time.Duration
}

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().UTC().Add(c.offset)
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.offset += d
}
