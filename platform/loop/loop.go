// Package loop runs a job in the background: every interval, and at once
// when nudged. The outbox relay, the mail worker and the sweeps of expired
// rows share it, so each stops the same way: Stop lets the run in flight
// finish, and a failing or panicking run is logged and counted, never fatal.
package loop

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"

	"lamplight/platform/metrics"
)

// Loop is configured by its fields, then started once.
type Loop struct {
	// Name labels the loop's log lines and metrics.
	Name string
	// Interval is the time between runs when nothing nudges.
	Interval time.Duration
	// Job is one run. Its context is never cancelled: Stop waits for the
	// run instead, so a batch is never cut in half.
	Job func(context.Context) error
	// Nudge, when set, starts a run at once (a writer added work).
	Nudge <-chan struct{}
	// AtStart runs the job as soon as the loop starts, for work left
	// waiting while no loop ran; otherwise the first run is one Interval in.
	AtStart bool
	Log     *slog.Logger
	Metrics *metrics.Metrics

	// ticker is replaced by tests to tick on demand.
	ticker func(time.Duration) (<-chan time.Time, func())
	stop   chan struct{}
	done   chan struct{}
	once   sync.Once
}

// Start runs the loop in the background until Stop.
func (l *Loop) Start() {
	l.stop, l.done = make(chan struct{}), make(chan struct{})
	ticker := l.ticker
	if ticker == nil {
		ticker = realTicker
	}
	tick, stopTicker := ticker(l.Interval)
	go func() {
		defer close(l.done)
		defer stopTicker()
		if l.AtStart {
			l.runOnce()
		}
		for {
			select {
			case <-l.stop:
				return
			case <-l.Nudge:
			case <-tick:
			}
			l.runOnce()
		}
	}()
}

// Stop waits for the run in flight, then returns; a loop never started, or
// already stopped, returns at once.
func (l *Loop) Stop() {
	if l == nil || l.stop == nil {
		return
	}
	l.once.Do(func() { close(l.stop) })
	<-l.done
}

func (l *Loop) runOnce() {
	l.Metrics.LoopRuns.WithLabelValues(l.Name).Inc()
	if err := l.guarded(); err != nil {
		l.Metrics.LoopFailures.WithLabelValues(l.Name).Inc()
		l.Log.Error("background loop failed", "loop", l.Name, "err", err)
	}
}

// guarded turns a panic into an error, so one bad run leaves the loop alive.
func (l *Loop) guarded() (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v\n%s", p, debug.Stack())
		}
	}()
	return l.Job(context.Background())
}

func realTicker(d time.Duration) (<-chan time.Time, func()) {
	t := time.NewTicker(d)
	return t.C, t.Stop
}
