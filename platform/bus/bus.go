// Package bus carries domain events between modules through watermill: a Go
// channel in process by default, Redis Streams when REDIS_URL is set (one
// consumer group per handler, so each handler sees every event once per
// deployment, whichever instance takes it).
package bus

import (
	"context"
	"encoding/json"
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
	// Subscriber returns the subscriber a handler consumes from.
	Subscriber func(handlerName string) (message.Subscriber, error)
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
		Publisher:  ch,
		Subscriber: func(string) (message.Subscriber, error) { return ch, nil },
		close:      ch.Close,
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
	t := &Transport{Publisher: prefixedPublisher{pub, prefix}, ping: func(ctx context.Context) error { return pinger.Ping(ctx).Err() }}
	t.Subscriber = func(handlerName string) (message.Subscriber, error) {
		sub, err := redisstream.NewSubscriber(redisstream.SubscriberConfig{
			Client:        redis.NewClient(opts),
			ConsumerGroup: handlerName,
			Consumer:      consumer,
			// A group created after events were written still reads them.
			OldestId: "0",
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

// Router runs the handlers with recovery, retries and a poison queue.
type Router struct {
	router    *message.Router
	transport *Transport
	log       *slog.Logger
	done      chan struct{}
}

// NewRouter registers handlers on a watermill router.
func NewRouter(t *Transport, handlers []Handler, m *metrics.Metrics, log *slog.Logger) (*Router, error) {
	r, err := message.NewRouter(message.RouterConfig{CloseTimeout: 15 * time.Second}, wlogger(log))
	if err != nil {
		return nil, err
	}
	poison, err := middleware.PoisonQueue(t.Publisher, PoisonTopic)
	if err != nil {
		return nil, err
	}
	r.AddMiddleware(
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
		sub, err := t.Subscriber(h.Name)
		if err != nil {
			return nil, err
		}
		h := h
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
	return &Router{router: r, transport: t, log: log, done: make(chan struct{})}, nil
}

// Start runs the router in the background and waits until it consumes.
func (r *Router) Start(ctx context.Context) error {
	go func() {
		defer close(r.done)
		if err := r.router.Run(context.Background()); err != nil {
			r.log.Error("event router stopped", "err", err)
		}
	}()
	select {
	case <-r.router.Running():
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Stop lets in-flight handlers finish, then stops consuming.
func (r *Router) Stop() error {
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
