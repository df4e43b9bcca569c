package bus

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
)

// handlerStats is what this instance saw of one handler.
type handlerStats struct {
	lastSuccess atomic.Int64 // Unix nanoseconds; 0 before the first success
	poisoned    atomic.Int64

	// inHand holds when each event being handled was taken; the in-process
	// bus hands a handler several at once.
	mu     sync.Mutex
	next   int64
	inHand map[int64]time.Time
}

func (st *handlerStats) take() int64 {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.next++
	st.inHand[st.next] = time.Now()
	return st.next
}

func (st *handlerStats) done(id int64) {
	st.mu.Lock()
	defer st.mu.Unlock()
	delete(st.inHand, id)
}

// longestInHand is how long the oldest event in hand has been handled.
func (st *handlerStats) longestInHand() time.Duration {
	st.mu.Lock()
	defer st.mu.Unlock()
	var longest time.Duration
	for _, since := range st.inHand {
		longest = max(longest, time.Since(since))
	}
	return longest
}

// HandlerStatus is one handler's health: whether it consumes, and the
// figures an operator judges that by.
type HandlerStatus struct {
	Name   string `json:"name"`
	Topic  string `json:"topic"`
	Status string `json:"status"`
	Error  string `json:"error,omitempty"`
	// LastSuccess is this instance's last successful handling; with several
	// instances another one may have handled the later events.
	LastSuccess *time.Time `json:"lastSuccess,omitempty"`
	// Poisoned counts events this instance gave up on since it started.
	Poisoned int64 `json:"poisoned"`
	// Lag, Pending and OldestWaitingSeconds come from the broker and cover
	// every instance; they are absent with the in-process bus.
	Lag                  *int64   `json:"lag,omitempty"`
	Pending              *int64   `json:"pending,omitempty"`
	OldestWaitingSeconds *float64 `json:"oldestWaitingSeconds,omitempty"`
}

// Failing reports whether the handler is not consuming.
func (s HandlerStatus) Failing() bool { return s.Status != "ok" }

// track records each handler's event in hand, last success and the events
// given up on. It wraps the poison queue, so it sees an event's outcome after
// every retry.
func (r *Router) track(h message.HandlerFunc) message.HandlerFunc {
	return func(msg *message.Message) ([]*message.Message, error) {
		name := message.HandlerNameFromCtx(msg.Context())
		st := r.stats[name]
		// An event read from the poison topic arrives already marked.
		wasPoisoned := msg.Metadata.Get(middleware.ReasonForPoisonedKey) != ""
		id := st.take()
		out, err := h(msg)
		st.done(id)
		switch reason := msg.Metadata.Get(middleware.ReasonForPoisonedKey); {
		case !wasPoisoned && reason != "":
			st.poisoned.Add(1)
			r.metrics.EventsPoisoned.WithLabelValues(name).Inc()
			r.log.ErrorContext(msg.Context(), "event sent to the poison queue: every retry failed", "handler", name, "message", msg.UUID, "err", reason)
		case err == nil:
			now := time.Now()
			st.lastSuccess.Store(now.UnixNano())
			r.metrics.HandlerLastSuccess.WithLabelValues(name).Set(float64(now.UnixNano()) / 1e9)
		}
		return out, err
	}
}

// Status reports every handler, reading the broker's backlog now.
func (r *Router) Status(ctx context.Context) []HandlerStatus {
	out := make([]HandlerStatus, len(r.handlers))
	var wg sync.WaitGroup
	for i, h := range r.handlers {
		wg.Go(func() { out[i] = r.status(ctx, h) })
	}
	wg.Wait()
	return out
}

func (r *Router) status(ctx context.Context, h Handler) HandlerStatus {
	st := r.stats[h.Name]
	s := HandlerStatus{Name: h.Name, Topic: h.Topic, Status: "ok", Poisoned: st.poisoned.Load()}
	if n := st.lastSuccess.Load(); n != 0 {
		t := time.Unix(0, n).UTC()
		s.LastSuccess = &t
	}
	var problems []string
	if busy := st.longestInHand(); busy > r.StallAfter {
		problems = append(problems, fmt.Sprintf("an event in hand for %s", busy.Round(time.Millisecond)))
	}
	if r.transport.backlog != nil {
		b, err := r.transport.backlog(ctx, h.Name, h.Topic)
		switch {
		case err != nil:
			problems = append(problems, "reading its backlog: "+err.Error())
		case b.GroupMissing:
			problems = append(problems, "its consumer group is missing: nothing reads its events")
		default:
			s.Pending = &b.Pending
			if b.Lag >= 0 {
				s.Lag = &b.Lag
			}
			waiting := b.Waiting.Seconds()
			s.OldestWaitingSeconds = &waiting
			if b.Waiting > r.StallAfter {
				problems = append(problems, fmt.Sprintf("its oldest event has waited %s", b.Waiting.Round(time.Millisecond)))
			}
		}
	}
	if len(problems) > 0 {
		s.Status, s.Error = "failing", strings.Join(problems, "; ")
	}
	return s
}

// monitor keeps the handler gauges current and logs, once, each handler
// that stops consuming and each that resumes.
func (r *Router) monitor(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	for _, s := range r.Status(ctx) {
		r.record(s)
		switch {
		case s.Failing() && !r.failing[s.Name]:
			r.log.Error("event handler is not consuming", "handler", s.Name, "err", s.Error)
		case !s.Failing() && r.failing[s.Name]:
			r.log.Info("event handler is consuming again", "handler", s.Name)
		}
		r.failing[s.Name] = s.Failing()
	}
	return nil
}

func (r *Router) record(s HandlerStatus) {
	m := r.metrics
	failing := 0.0
	if s.Failing() {
		failing = 1
	}
	m.HandlerFailing.WithLabelValues(s.Name).Set(failing)
	if s.Lag != nil {
		m.HandlerLag.WithLabelValues(s.Name).Set(float64(*s.Lag))
	}
	if s.Pending != nil {
		m.HandlerPending.WithLabelValues(s.Name).Set(float64(*s.Pending))
	}
	if s.OldestWaitingSeconds != nil {
		m.HandlerWaiting.WithLabelValues(s.Name).Set(*s.OldestWaitingSeconds)
	}
}
