// Package bus carries domain events between modules through watermill: a Go
// channel in process by default, Redis Streams when REDIS_URL is set (one
// consumer group per handler, so each handler sees every event once per
// deployment, whichever instance takes it).
package bus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill-redisstream/pkg/redisstream"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"
	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"

	"lamplight/platform/loop"
	"lamplight/platform/metrics"
)

// PoisonTopic receives events whose handler kept failing after every retry.
const PoisonTopic = "lamplight.poison"

// Event is a past-tense fact; its topic names it on the bus.
type Event interface {
	Topic() string
}

// Handler reacts to one topic. Name must be unique: it is the consumer group.
type Handler struct {
	Name   string
	Topic  string
	Handle func(ctx context.Context, payload []byte) error
}

// On builds a handler that decodes the JSON payload into T.
func On[T Event](name string, fn func(ctx context.Context, ev T) error) Handler {
	var zero T
	return Handler{Name: name, Topic: zero.Topic(), Handle: func(ctx context.Context, payload []byte) error {
		var ev T
		if err := json.Unmarshal(payload, &ev); err != nil {
			return fmt.Errorf("decode %s: %w", zero.Topic(), err)
		}
		return fn(ctx, ev)
	}}
}

// Transport is a pair of adapters: a publisher and a way to subscribe a handler.
type Transport struct {
	Publisher message.Publisher
	// subscribe returns the subscriber a handler consumes from; recreated is
	// called whenever the transport had to recreate the handler's group.
	subscribe func(handlerName string, recreated func()) (message.Subscriber, error)
	// backlog reads what waits for a handler in the broker; nil when the
	// broker keeps no backlog (the in-process channel).
	backlog func(ctx context.Context, handlerName, topic string) (Backlog, error)
	// close releases what the transport opened, after the router stopped.
	close func() error
	ping  func(ctx context.Context) error
}

// Ping reports whether the transport's broker answers.
func (t *Transport) Ping(ctx context.Context) error {
	if t.ping == nil {
		return nil
	}
	return t.ping(ctx)
}

// Close releases the transport's connections.
func (t *Transport) Close() error {
	if t.close == nil {
		return nil
	}
	return t.close()
}

// NewGoChannel is the in-process transport for a single instance.
func NewGoChannel(log *slog.Logger) *Transport {
	ch := gochannel.NewGoChannel(gochannel.Config{OutputChannelBuffer: 1024}, wlogger(log))
	return &Transport{
		Publisher: ch,
		subscribe: func(string, func()) (message.Subscriber, error) { return ch, nil },
		close:     ch.Close,
	}
}

// NewRedisStreams is the shared transport. Every publisher and subscriber gets
// its own client because the adapter closes the client it is given.
// Stream names carry prefix so deployments sharing one server stay apart.
func NewRedisStreams(redisURL, prefix string, log *slog.Logger) (*Transport, error) {
	opts, err := redis.ParseURL(redisURL)
	if err != nil {
		return nil, err
	}
	wlog := wlogger(log)
	pub, err := redisstream.NewPublisher(redisstream.PublisherConfig{
		Client: redis.NewClient(opts),
		// Streams are trimmed approximately; consumers keep up long before this.
		DefaultMaxlen: 100_000,
	}, wlog)
	if err != nil {
		return nil, err
	}
	consumer, _ := os.Hostname()
	consumer = fmt.Sprintf("%s-%s", consumer, uuid.NewString()[:8])
	var subs []message.Subscriber
	pinger := redis.NewClient(opts)
	t := &Transport{
		Publisher: prefixedPublisher{pub, prefix},
		ping:      func(ctx context.Context) error { return pinger.Ping(ctx).Err() },
		backlog: func(ctx context.Context, handlerName, topic string) (Backlog, error) {
			return redisBacklog(ctx, pinger, prefix+topic, handlerName)
		},
	}
	t.subscribe = func(handlerName string, recreated func()) (message.Subscriber, error) {
		client := redis.NewClient(opts)
		client.AddHook(groupKeeper{handler: handlerName, log: log, recreated: recreated})
		sub, err := redisstream.NewSubscriber(redisstream.SubscriberConfig{
			Client:        client,
			ConsumerGroup: handlerName,
			Consumer:      consumer,
			// A group created after events were written still reads them.
			OldestId: "0",
			// Reads time out and come round again, so a read issued before
			// Redis lost the group cannot block for ever.
			DisableIndefiniteInitialBlock: true,
		}, wlog)
		if err != nil {
			return nil, err
		}
		subs = append(subs, sub)
		return prefixedSubscriber{sub, prefix}, nil
	}
	t.close = func() error {
		for _, s := range subs {
			_ = s.Close()
		}
		_ = pinger.Close()
		return pub.Close()
	}
	return t, nil
}

// poisonable tells whether a failure that outlasted every retry goes to the
// poison queue. A handler cut off because its instance is stopping did not
// fail: its event stays unacknowledged, so the broker hands it out again
// (another instance claims it, or this one after its restart).
func poisonable(err error) bool { return !errors.Is(err, context.Canceled) }

// Router runs the handlers with recovery, retries and a poison queue, and
// watches that each of them keeps consuming (see Status).
type Router struct {
	router    *message.Router
	transport *Transport
	handlers  []Handler
	stats     map[string]*handlerStats
	metrics   *metrics.Metrics
	log       *slog.Logger
	// StallAfter is how long an event may wait, or be in a handler's hands,
	// before the handler counts as not consuming. It must exceed the time a
	// crashed instance's events wait before another instance claims them
	// (about a minute).
	StallAfter time.Duration
	// MonitorInterval is how often the router updates the handler metrics
	// and logs handlers that stop or resume consuming.
	MonitorInterval time.Duration

	done    chan struct{}
	watcher *loop.Loop
	// failing is what the last monitor run saw, touched only by the watcher.
	failing map[string]bool
}

// NewRouter registers handlers on a watermill router.
func NewRouter(t *Transport, handlers []Handler, m *metrics.Metrics, log *slog.Logger) (*Router, error) {
	r, err := message.NewRouter(message.RouterConfig{CloseTimeout: 15 * time.Second}, wlogger(log))
	if err != nil {
		return nil, err
	}
	poison, err := middleware.PoisonQueueWithFilter(t.Publisher, PoisonTopic, poisonable)
	if err != nil {
		return nil, err
	}
	rt := &Router{
		router: r, transport: t, handlers: handlers, stats: map[string]*handlerStats{}, metrics: m, log: log,
		StallAfter: 2 * time.Minute, MonitorInterval: 15 * time.Second,
		done: make(chan struct{}), failing: map[string]bool{},
	}
	r.AddMiddleware(
		rt.track,
		poison,
		middleware.Retry{
			MaxRetries:      5,
			InitialInterval: 100 * time.Millisecond,
			MaxInterval:     5 * time.Second,
			Multiplier:      2,
			Logger:          wlogger(log),
		}.Middleware,
		middleware.Recoverer,
	)
	for _, h := range handlers {
		rt.stats[h.Name] = &handlerStats{inHand: map[int64]time.Time{}}
		// Exported at 0 before the first failure, so an alert on their
		// increase fires on the first one.
		m.EventsFailed.WithLabelValues(h.Name)
		m.EventsPoisoned.WithLabelValues(h.Name)
		sub, err := t.subscribe(h.Name, func() { m.GroupsRecreated.WithLabelValues(h.Name).Inc() })
		if err != nil {
			return nil, err
		}
		r.AddConsumerHandler(h.Name, h.Topic, sub, func(msg *message.Message) error {
			err := h.Handle(msg.Context(), msg.Payload)
			if err != nil {
				m.EventsFailed.WithLabelValues(h.Name).Inc()
				log.WarnContext(msg.Context(), "event handler failed", "handler", h.Name, "topic", h.Topic, "message", msg.UUID, "err", err)
				return err
			}
			m.EventsHandled.WithLabelValues(h.Name).Inc()
			return nil
		})
	}
	return rt, nil
}

// Start runs the router in the background and waits until it consumes.
func (r *Router) Start(ctx context.Context) error {
	go func() {
		defer close(r.done)
		if err := r.router.Run(context.Background()); err != nil {
			r.log.Error("event router stopped", "err", err)
		}
	}()
	r.watcher = &loop.Loop{Name: "event_handler_monitor", Interval: r.MonitorInterval, Job: r.monitor, Log: r.log, Metrics: r.metrics}
	r.watcher.Start()
	select {
	case <-r.router.Running():
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Stop lets in-flight handlers finish, then stops consuming.
func (r *Router) Stop() error {
	r.watcher.Stop()
	err := r.router.Close()
	<-r.done
	return err
}

// Publish sends an event directly, bypassing the outbox; use it only for
// events that need not survive a crash.
func Publish(pub message.Publisher, ev Event) error {
	payload, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	return pub.Publish(ev.Topic(), message.NewMessage(watermill.NewUUID(), payload))
}

type prefixedPublisher struct {
	message.Publisher
	prefix string
}

func (p prefixedPublisher) Publish(topic string, msgs ...*message.Message) error {
	return p.Publisher.Publish(p.prefix+topic, msgs...)
}

type prefixedSubscriber struct {
	message.Subscriber
	prefix string
}

func (s prefixedSubscriber) Subscribe(ctx context.Context, topic string) (<-chan *message.Message, error) {
	return s.Subscriber.Subscribe(ctx, s.prefix+topic)
}

// wlogger demotes watermill's per-subscription info lines to debug so the
// process log stays about requests and failures.
func wlogger(log *slog.Logger) watermill.LoggerAdapter {
	return watermill.NewSlogLoggerWithLevelMapping(log, map[slog.Level]slog.Level{slog.LevelInfo: slog.LevelDebug})
}
