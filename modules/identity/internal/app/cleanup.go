package app

import (
	"context"
	"sync"
	"time"
)

// Cleaner deletes expired sessions, codes and links now and then. Several
// instances may run it side by side: deleting what expired is idempotent.
type Cleaner struct {
	svc   *Service
	every time.Duration
	stop  chan struct{}
	done  chan struct{}
	once  sync.Once
}

// NewCleaner runs hourly once started.
func NewCleaner(s *Service) *Cleaner { return &Cleaner{svc: s, every: time.Hour} }

// Start runs the cleaner in the background.
func (c *Cleaner) Start() {
	c.stop, c.done = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(c.done)
		t := time.NewTicker(c.every)
		defer t.Stop()
		for {
			select {
			case <-c.stop:
				return
			case <-t.C:
				if _, err := c.svc.DeleteExpired(context.Background()); err != nil {
					c.svc.log.Error("identity cleanup", "err", err)
				}
			}
		}
	}()
}

// Stop waits for the cleaner to finish.
func (c *Cleaner) Stop() {
	if c.stop == nil {
		return
	}
	c.once.Do(func() { close(c.stop) })
	<-c.done
}

// DeleteExpired removes expired sessions, codes and reset links.
func (s *Service) DeleteExpired(ctx context.Context) (int64, error) {
	return s.store.DeleteExpired(ctx, s.now())
}
