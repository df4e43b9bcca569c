package loop

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"lamplight/platform/metrics"
)

// rig is a loop whose clock ticks only when the test says so; every run
// reports on runs and then does what the test queued, or returns nil.
type rig struct {
	loop  *Loop
	tick  chan time.Time
	nudge chan struct{}
	runs  chan struct{}
	next  chan func() error
	// logs is read only after Stop, which waits for every write.
	logs *bytes.Buffer
}

func newRig(atStart bool) *rig {
	r := &rig{
		tick:  make(chan time.Time),
		nudge: make(chan struct{}),
		runs:  make(chan struct{}, 16),
		next:  make(chan func() error, 16),
		logs:  &bytes.Buffer{},
	}
	r.loop = &Loop{
		Name: "test", Interval: time.Hour, Nudge: r.nudge, AtStart: atStart,
		Log:     slog.New(slog.NewTextHandler(r.logs, nil)),
		Metrics: metrics.New(),
		Job: func(context.Context) error {
			r.runs <- struct{}{}
			select {
			case f := <-r.next:
				return f()
			default:
				return nil
			}
		},
		ticker: func(time.Duration) (<-chan time.Time, func()) { return r.tick, func() {} },
	}
	return r
}

func (r *rig) runCount(t *testing.T) int { return r.counter(t, "lamplight_loop_runs_total") }

func (r *rig) failures(t *testing.T) int { return r.counter(t, "lamplight_loop_failures_total") }

// counter reads the loop's value of a metric as /metrics would serve it.
func (r *rig) counter(t *testing.T, name string) int {
	t.Helper()
	families, err := r.loop.Metrics.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "loop" && l.GetValue() == "test" {
					return int(m.GetCounter().GetValue())
				}
			}
		}
	}
	return 0
}

func TestStartRunsAtOnceOnlyWhenAsked(t *testing.T) {
	eager := newRig(true)
	eager.loop.Start()
	eager.loop.Stop()
	if n := eager.runCount(t); n != 1 {
		t.Fatalf("AtStart loop ran %d times before Stop, want 1", n)
	}

	lazy := newRig(false)
	lazy.loop.Start()
	lazy.loop.Stop()
	if n := lazy.runCount(t); n != 0 {
		t.Fatalf("loop without AtStart ran %d times before its first tick", n)
	}
}

func TestTicksAndNudgesEachStartARun(t *testing.T) {
	r := newRig(false)
	r.loop.Start()
	defer r.loop.Stop()
	// The channels are unbuffered: each send is taken by the loop, which
	// then runs before it can take the next.
	r.tick <- time.Now()
	<-r.runs
	r.nudge <- struct{}{}
	<-r.runs
	r.tick <- time.Now()
	<-r.runs
	r.loop.Stop()
	if n := r.runCount(t); n != 3 {
		t.Fatalf("runs = %d, want 3", n)
	}
}

func TestStopWaitsForTheRunInFlight(t *testing.T) {
	r := newRig(false)
	release := make(chan struct{})
	var finished bool
	r.next <- func() error {
		<-release
		finished = true
		return nil
	}
	r.loop.Start()
	r.nudge <- struct{}{}
	<-r.runs

	result := make(chan bool)
	go func() {
		r.loop.Stop()
		result <- finished
	}()
	// Let the run end only once Stop has been asked: a Stop that did not
	// wait would already have returned.
	<-r.loop.stop
	close(release)
	if !<-result {
		t.Fatal("Stop returned before the run in flight finished")
	}
}

func TestStopIsSafeTwiceAndBeforeStart(t *testing.T) {
	var never *Loop
	never.Stop()
	(&Loop{}).Stop()

	r := newRig(false)
	r.loop.Start()
	r.loop.Stop()
	r.loop.Stop()
}

func TestFailuresAreLoggedCountedAndSurvived(t *testing.T) {
	r := newRig(false)
	r.next <- func() error { panic("index out of range") }
	r.next <- func() error { return errors.New("database is locked") }
	r.loop.Start()
	defer r.loop.Stop()

	for range 3 {
		r.nudge <- struct{}{}
		<-r.runs
	}
	r.loop.Stop()
	if n := r.runCount(t); n != 3 {
		t.Fatalf("runs = %d, want 3: the loop must outlive a panic", n)
	}
	if n := r.failures(t); n != 2 {
		t.Fatalf("failures = %d, want 2 (one panic, one error)", n)
	}
	logs := r.logs.String()
	for _, want := range []string{"loop=test", "panic: index out of range", "database is locked"} {
		if !strings.Contains(logs, want) {
			t.Errorf("log lacks %q:\n%s", want, logs)
		}
	}
}
