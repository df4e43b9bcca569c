package main

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"lamplight/modules/bible"
	"lamplight/platform/dates"
)

// outcome is what one write got.
type outcome struct {
	reader int // index among the scenario's readers
	key    string
	id     string // the entry's id when acknowledged
	status int    // 0: no answer
	err    string
	inst   int
	start  time.Time
	end    time.Time
}

func (o outcome) acked() bool { return o.status >= 200 && o.status < 300 }

// kind names what a failed write got, for the report.
func (o outcome) kind() string {
	switch {
	case o.status != 0:
		return http.StatusText(o.status)
	case strings.Contains(o.err, "refused"):
		return "connection refused"
	case strings.Contains(o.err, "Timeout") || strings.Contains(o.err, "deadline"):
		return "no answer (timeout)"
	default:
		return "connection lost"
	}
}

// draft is the k-th entry of writer w: one verse, unique per writer and
// reader, dated within the last weeks so every projection counts it.
func draft(today string, w, k int) entry {
	v, _ := bible.VerseAt(k % bible.TotalVerses)
	return entry{Date: dates.AddDays(today, -(w*10 + k/bible.TotalVerses)), StartVerseID: int(v), EndVerseID: int(v)}
}

func write(ctx context.Context, a api, inst, idx int, r reader, d entry) outcome {
	o := outcome{reader: idx, key: d.key(), inst: inst, start: time.Now()}
	code, res, _, err := a.do(ctx, http.MethodPost, "/api/log-entries", r.token, d)
	o.end, o.status = time.Now(), code
	if err != nil {
		o.status, o.err = 0, err.Error()
		return o
	}
	if o.acked() {
		var e entry
		if jsonErr := json.Unmarshal(res, &e); jsonErr != nil || e.key() != o.key {
			o.err = "acknowledged with an unexpected body: " + string(res)
		}
		o.id = e.ID
	}
	return o
}

// traffic is the steady write load of a scenario and what it observed.
type traffic struct {
	insts []*instance
	today string
	stop  chan struct{}
	wg    sync.WaitGroup

	inFlight atomic.Int64

	mu       sync.Mutex
	outcomes []outcome
	faultAt  time.Time
	// backAt is when the fault's action ended: the broken part is back.
	// Writes sent before may still squeeze through a server shutting down,
	// so recovery counts writes sent after it.
	backAt time.Time
	// firstAck is, per instance, the first acknowledgement of a write sent
	// after backAt.
	firstAck        []time.Time
	inFlightAtFault int64

	// The probe: a reader of its own whose writes show when the projections
	// follow writes again.
	probeTarget int64
	probeAt     time.Time
}

func newTraffic(insts []*instance, today string) *traffic {
	return &traffic{insts: insts, today: today, stop: make(chan struct{}), firstAck: make([]time.Time, len(insts))}
}

func (t *traffic) record(o outcome) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.outcomes = append(t.outcomes, o)
	if o.acked() && !t.backAt.IsZero() && o.start.After(t.backAt) && t.firstAck[o.inst].IsZero() {
		t.firstAck[o.inst] = o.end
	}
}

func (t *traffic) send(ctx context.Context, inst, idx int, r reader, d entry) outcome {
	t.inFlight.Add(1)
	o := write(ctx, t.insts[inst].api, inst, idx, r, d)
	t.inFlight.Add(-1)
	t.record(o)
	return o
}

// writers starts `per` writers for each reader, spread over the instances,
// each sending one entry every pause (ten times that after a failure).
func (t *traffic) writers(ctx context.Context, readers []reader, per int, pause time.Duration) {
	for i, r := range readers {
		for w := range per {
			inst := (i + w) % len(t.insts)
			t.wg.Go(func() {
				for k := 0; ; k++ {
					wait := pause
					if o := t.send(ctx, inst, i, r, draft(t.today, w, k)); !o.acked() {
						// A client backs off from a server that fails.
						wait = 10 * pause
					}
					select {
					case <-ctx.Done():
						return
					case <-t.stop:
						return
					case <-time.After(wait):
					}
				}
			})
		}
	}
}

// probe writes for r four times a second, alternating instances. After the
// fault, it notes the log version of its first acknowledged write and when
// upToDate first reports the projections caught up with it.
func (t *traffic) probe(ctx context.Context, idx int, r reader, upToDate func(ctx context.Context, version int64) bool) {
	t.wg.Go(func() {
		for k := 0; ; k++ {
			inst := k % len(t.insts)
			o := t.send(ctx, inst, idx, r, draft(t.today, 0, k))
			t.mu.Lock()
			after, target, done := !t.backAt.IsZero() && o.start.After(t.backAt), t.probeTarget, !t.probeAt.IsZero()
			t.mu.Unlock()
			if o.acked() && after && target == 0 {
				if v, err := t.insts[inst].api.version(ctx, r); err == nil {
					t.mu.Lock()
					t.probeTarget, target = v, v
					t.mu.Unlock()
				}
			}
			if target != 0 && !done && upToDate(ctx, target) {
				t.mu.Lock()
				t.probeAt = time.Now()
				t.mu.Unlock()
			}
			select {
			case <-ctx.Done():
				return
			case <-t.stop:
				return
			case <-time.After(250 * time.Millisecond):
			}
		}
	})
}

func (t *traffic) markFault() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.faultAt = time.Now()
	t.inFlightAtFault = t.inFlight.Load()
}

func (t *traffic) markBack() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.backAt = time.Now()
}

// recovered tells how long after the fault every instance acknowledged a
// write sent once the broken part was back, and the projections caught up
// with such a write (0 while not yet).
func (t *traffic) recovered() (writes, projections time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	var last time.Time
	for _, a := range t.firstAck {
		if a.IsZero() {
			last = time.Time{}
			break
		}
		if a.After(last) {
			last = a
		}
	}
	if !last.IsZero() {
		writes = last.Sub(t.faultAt)
	}
	if !t.probeAt.IsZero() {
		projections = t.probeAt.Sub(t.faultAt)
	}
	return writes, projections
}

// failures is the span, relative to the fault, in which writes sent after it
// failed: from the first one's start to the last one's end.
func (t *traffic) failures() (from, to time.Duration, any bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, o := range t.outcomes {
		if o.acked() || o.start.Before(t.faultAt) {
			continue
		}
		if f := o.start.Sub(t.faultAt); !any || f < from {
			from = f
		}
		if e := o.end.Sub(t.faultAt); !any || e > to {
			to = e
		}
		any = true
	}
	return from, to, any
}

func (t *traffic) finish() []outcome {
	close(t.stop)
	t.wg.Wait()
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.outcomes
}
