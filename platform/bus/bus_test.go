package bus_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"lamplight/platform/bus"
	"lamplight/platform/metrics"
	"lamplight/platform/testkit"
)

type pinged struct {
	N int `json:"n"`
}

func (pinged) Topic() string { return "test.pinged" }

type transportFactory struct {
	name string
	// new opens a transport; instances of one factory share the broker.
	new func(t *testing.T) *bus.Transport
}

func transports(t *testing.T) []transportFactory {
	out := []transportFactory{{"gochannel", nil}}
	var shared *bus.Transport
	out[0].new = func(t *testing.T) *bus.Transport {
		// One in-process channel is the whole broker of a single instance.
		if shared == nil {
			shared = bus.NewGoChannel(testkit.Logger(t))
			t.Cleanup(func() { shared.Close(); shared = nil })
		}
		return shared
	}
	if os.Getenv("TEST_REDIS_URL") != "" {
		out = append(out, transportFactory{"redis-streams", func(t *testing.T) *bus.Transport {
			u := os.Getenv("TEST_REDIS_URL")
			var prefix string
			if p, ok := prefixes.Load(t.Name()); ok {
				prefix = p.(string)
			} else {
				_, prefix = testkit.RedisURL(t)
				prefixes.Store(t.Name(), prefix)
			}
			tr, err := bus.NewRedisStreams(u, prefix, testkit.Logger(t))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { tr.Close() })
			return tr
		}})
	}
	return out
}

// prefixes gives every instance inside one test the same stream namespace.
var prefixes sync.Map

func startRouter(t *testing.T, tr *bus.Transport, handlers ...bus.Handler) *bus.Router {
	t.Helper()
	return runRouter(t, newRouter(t, tr, metrics.New(), handlers...))
}

func newRouter(t *testing.T, tr *bus.Transport, m *metrics.Metrics, handlers ...bus.Handler) *bus.Router {
	t.Helper()
	r, err := bus.NewRouter(tr, handlers, m, testkit.Logger(t))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func runRouter(t *testing.T, r *bus.Router) *bus.Router {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := r.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.Stop() })
	return r
}

// scrape is what /metrics shows.
func scrape(m *metrics.Metrics) string {
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	return rec.Body.String()
}

// statusOf is one handler's entry in the router's status.
func statusOf(t *testing.T, r *bus.Router, name string) bus.HandlerStatus {
	t.Helper()
	for _, s := range r.Status(context.Background()) {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no status for handler %s", name)
	return bus.HandlerStatus{}
}

func TestIntegrationBusSuite(t *testing.T) {
	testkit.Integration(t)
	for _, f := range transports(t) {
		t.Run(f.name, func(t *testing.T) {
			t.Run("every handler of a topic gets the event", func(t *testing.T) {
				tr := f.new(t)
				var a, b atomic.Int32
				startRouter(t, tr,
					bus.On("test.a", func(_ context.Context, ev pinged) error { a.Add(int32(ev.N)); return nil }),
					bus.On("test.b", func(_ context.Context, ev pinged) error { b.Add(int32(ev.N)); return nil }),
				)
				if err := bus.Publish(tr.Publisher, pinged{N: 2}); err != nil {
					t.Fatal(err)
				}
				testkit.Eventually(t, 10*time.Second, func() bool { return a.Load() == 2 && b.Load() == 2 })
			})

			t.Run("a failing handler is retried", func(t *testing.T) {
				tr := f.new(t)
				var calls atomic.Int32
				startRouter(t, tr, bus.On("test.flaky", func(context.Context, pinged) error {
					if calls.Add(1) < 3 {
						return errors.New("not yet")
					}
					return nil
				}))
				_ = bus.Publish(tr.Publisher, pinged{N: 1})
				testkit.Eventually(t, 10*time.Second, func() bool { return calls.Load() == 3 })
			})

			t.Run("a panic is recovered and retried", func(t *testing.T) {
				tr := f.new(t)
				var calls atomic.Int32
				startRouter(t, tr, bus.On("test.panics", func(context.Context, pinged) error {
					if calls.Add(1) == 1 {
						panic("boom")
					}
					return nil
				}))
				_ = bus.Publish(tr.Publisher, pinged{N: 1})
				testkit.Eventually(t, 10*time.Second, func() bool { return calls.Load() == 2 })
			})

			t.Run("an event that always fails goes to the poison queue", func(t *testing.T) {
				tr := f.new(t)
				var poisoned atomic.Int32
				r := startRouter(t, tr,
					bus.On("test.broken", func(context.Context, pinged) error { return errors.New("always") }),
					bus.Handler{Name: "test.poison-watch", Topic: bus.PoisonTopic, Handle: func(_ context.Context, payload []byte) error {
						var ev pinged
						if json.Unmarshal(payload, &ev) == nil && ev.N == 7 {
							poisoned.Add(1)
						}
						return nil
					}},
				)
				_ = bus.Publish(tr.Publisher, pinged{N: 7})
				testkit.Eventually(t, 20*time.Second, func() bool { return poisoned.Load() == 1 })
				// The poison topic's handler may see the event before the
				// router has counted it: the count follows the publish.
				testkit.Eventually(t, 10*time.Second, func() bool { return statusOf(t, r, "test.broken").Poisoned == 1 }, "counted as poisoned")
				if s := statusOf(t, r, "test.broken"); s.Poisoned != 1 || s.Failing() {
					t.Fatalf("status after one poisoned event: %+v", s)
				}
			})

			t.Run("a handler that stops consuming is reported, then reported well again", func(t *testing.T) {
				tr := f.new(t)
				release := make(chan struct{})
				m := metrics.New()
				r := newRouter(t, tr, m, bus.On("test.stuck", func(_ context.Context, ev pinged) error {
					if ev.N == 1 {
						<-release
					}
					return nil
				}))
				r.StallAfter = 200 * time.Millisecond
				r.MonitorInterval = 50 * time.Millisecond
				runRouter(t, r)
				_ = bus.Publish(tr.Publisher, pinged{N: 1})
				_ = bus.Publish(tr.Publisher, pinged{N: 2})
				testkit.Eventually(t, 20*time.Second, func() bool { return statusOf(t, r, "test.stuck").Failing() }, "reported failing")
				s := statusOf(t, r, "test.stuck")
				if s.Error == "" {
					t.Fatalf("failing status: %+v", s)
				}
				if f.name == "redis-streams" && (s.Pending == nil || *s.Pending == 0 || s.OldestWaitingSeconds == nil) {
					t.Fatalf("failing status without the backlog: %+v", s)
				}
				testkit.Eventually(t, 20*time.Second, func() bool {
					return strings.Contains(scrape(m), `lamplight_event_handler_failing{handler="test.stuck"} 1`)
				}, "failing gauge")

				close(release)
				testkit.Eventually(t, 20*time.Second, func() bool {
					s := statusOf(t, r, "test.stuck")
					return !s.Failing() && s.LastSuccess != nil
				}, "reported well again")
				testkit.Eventually(t, 20*time.Second, func() bool {
					return strings.Contains(scrape(m), `lamplight_event_handler_failing{handler="test.stuck"} 0`)
				}, "failing gauge back to 0")
			})

			if f.name == "redis-streams" {
				t.Run("an event cut off by a stopping instance stays pending, not poisoned", func(t *testing.T) {
					tr := f.new(t)
					entered := make(chan struct{}, 1)
					r := newRouter(t, tr, metrics.New(), bus.On("test.cutoff", func(ctx context.Context, _ pinged) error {
						select {
						case entered <- struct{}{}:
						default:
						}
						<-ctx.Done()
						return ctx.Err()
					}))
					ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
					defer cancel()
					if err := r.Start(ctx); err != nil {
						t.Fatal(err)
					}
					_ = bus.Publish(tr.Publisher, pinged{N: 1})
					select {
					case <-entered:
					case <-time.After(30 * time.Second):
						t.Fatal("the handler never got the event")
					}
					if err := r.Stop(); err != nil {
						t.Fatal(err)
					}
					s := statusOf(t, r, "test.cutoff")
					if s.Poisoned != 0 {
						t.Fatalf("the event was poisoned: %+v", s)
					}
					// Unacknowledged, it is handed out again: to another
					// instance once idle, or to this one after its restart.
					if s.Pending == nil || *s.Pending != 1 {
						t.Fatalf("pending after the stop: %v", s.Pending)
					}
				})

				t.Run("two instances share a consumer group: each event handled once", func(t *testing.T) {
					var handled atomic.Int32
					seen := sync.Map{}
					h := bus.On("test.shared", func(_ context.Context, ev pinged) error {
						if _, dup := seen.LoadOrStore(ev.N, true); dup {
							t.Errorf("event %d handled twice", ev.N)
						}
						handled.Add(1)
						return nil
					})
					one, two := f.new(t), f.new(t)
					startRouter(t, one, h)
					startRouter(t, two, h)
					for i := range 50 {
						_ = bus.Publish(one.Publisher, pinged{N: i})
					}
					testkit.Eventually(t, 20*time.Second, func() bool { return handled.Load() == 50 })
					time.Sleep(300 * time.Millisecond)
					if handled.Load() != 50 {
						t.Fatalf("handled %d", handled.Load())
					}
				})
			}
		})
	}
}
