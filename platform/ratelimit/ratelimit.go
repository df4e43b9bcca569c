// Package ratelimit bounds how often something may happen per key (an IP
// address, an email address): in process by default, in Redis when REDIS_URL
// is set so every instance counts against the same budget.
//
// Both adapters implement the same token bucket (GCRA): a limit of N per
// period allows a burst of N, then one more every period/N. To count only
// failures, spend before the attempt (so concurrent attempts cannot all slip
// through) and Refund when it succeeds.
package ratelimit

import (
	"context"
	"fmt"
	"time"
)

// Limit is at most Rate events per Period.
type Limit struct {
	Rate   int
	Period time.Duration
}

// PerMinute allows n events a minute.
func PerMinute(n int) Limit { return Limit{Rate: n, Period: time.Minute} }

// PerHour allows n events an hour.
func PerHour(n int) Limit { return Limit{Rate: n, Period: time.Hour} }

func (l Limit) String() string { return fmt.Sprintf("%d/%s", l.Rate, l.Period) }

func (l Limit) valid() error {
	if l.Rate <= 0 || l.Period <= 0 {
		return fmt.Errorf("ratelimit: invalid limit %s", l)
	}
	return nil
}

// interval is the time one event's token takes to come back.
func (l Limit) interval() time.Duration { return l.Period / time.Duration(l.Rate) }

// burst is how far ahead of now a bucket's refill time may run: Rate tokens.
func (l Limit) burst() time.Duration { return l.interval() * time.Duration(l.Rate) }

// Limiter is the port every adapter implements; one shared suite tests them all.
type Limiter interface {
	// Allow counts one event for key. When the budget is spent it returns
	// false and how long to wait before the next event would be allowed.
	Allow(ctx context.Context, key string, limit Limit) (allowed bool, retryAfter time.Duration, err error)
	// Refund gives back one event that Allow counted for key, for an
	// attempt that turned out not to count (a sign-in that succeeded). It
	// never raises the budget above Rate.
	Refund(ctx context.Context, key string, limit Limit) error
}
