// Package outbox makes a write and its events one atomic fact: events are
// inserted in the writer's transaction and a relay moves them to the bus
// afterwards, so a crash between the two loses nothing.
package outbox

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"lamplight/platform/bus"
	"lamplight/platform/db"
	"lamplight/platform/loop"
	"lamplight/platform/metrics"
)

//go:embed migrations
var migrationFS embed.FS

// Migrations creates the outbox table.
var Migrations = db.Embedded("outbox", migrationFS)

type row struct {
	ID        int64 `gorm:"primaryKey"`
	Topic     string
	Payload   string
	CreatedAt time.Time
}

func (row) TableName() string { return "outbox_events" }

// Outbox records events inside transactions and relays them to the bus.
type Outbox struct {
	db      *gorm.DB
	pub     message.Publisher
	metrics *metrics.Metrics
	log     *slog.Logger
	// PollInterval is how often the relay looks for rows written by a
	// transaction whose nudge was lost (another instance, or a crash).
	PollInterval time.Duration
	BatchSize    int

	nudge chan struct{}
	relay *loop.Loop
}

// New builds an outbox; Start runs its relay.
func New(g *gorm.DB, pub message.Publisher, m *metrics.Metrics, log *slog.Logger) *Outbox {
	o := &Outbox{
		db: g, pub: pub, metrics: m, log: log,
		PollInterval: time.Second, BatchSize: 100,
		nudge: make(chan struct{}, 1),
	}
	m.Sample(log, 0, o.backlog,
		metrics.Gauge{Name: "lamplight_outbox_backlog", Help: "Events committed and not yet relayed to the bus."},
		metrics.Gauge{Name: "lamplight_outbox_oldest_event_age_seconds", Help: "How long the oldest event not yet relayed has waited (0 when none waits)."})
	return o
}

// backlog counts the rows waiting and the age of the oldest, read when
// metrics are scraped.
func (o *Outbox) backlog(ctx context.Context) ([]float64, error) {
	var n int64
	if err := o.db.WithContext(ctx).Model(&row{}).Count(&n).Error; err != nil {
		return nil, err
	}
	age := 0.0
	if n > 0 {
		var oldest row
		if err := o.db.WithContext(ctx).Select("created_at").Order("id").Limit(1).Find(&oldest).Error; err != nil {
			return nil, err
		}
		if !oldest.CreatedAt.IsZero() {
			age = max(0, time.Since(oldest.CreatedAt).Seconds())
		}
	}
	return []float64{float64(n), age}, nil
}

// Record adds an event to the caller's transaction; use cases record
// through their unit of work (platform/uow), which wakes the relay.
func Record(tx *gorm.DB, ev bus.Event) error {
	payload, err := json.Marshal(ev)
	if err != nil {
		return fmt.Errorf("encode %s: %w", ev.Topic(), err)
	}
	return tx.Create(&row{Topic: ev.Topic(), Payload: string(payload), CreatedAt: time.Now().UTC()}).Error
}

// Nudge asks the relay to look for new rows now.
func (o *Outbox) Nudge() {
	select {
	case o.nudge <- struct{}{}:
	default:
	}
}

// Start runs the relay until Stop: at once, then on every nudge and poll.
func (o *Outbox) Start() {
	o.relay = &loop.Loop{
		Name: "outbox_relay", Interval: o.PollInterval, Nudge: o.nudge, AtStart: true,
		Job: o.relayAll, Log: o.log, Metrics: o.metrics,
	}
	o.relay.Start()
}

// Stop waits for the relay to finish the batch it is sending.
func (o *Outbox) Stop() { o.relay.Stop() }

// relayAll sends batches until one comes back short.
func (o *Outbox) relayAll(ctx context.Context) error {
	n, err := o.RelayOnce(ctx)
	for err == nil && n >= o.BatchSize {
		n, err = o.RelayOnce(ctx)
	}
	return err
}

// RelayOnce publishes one batch and deletes what it sent in the same
// transaction. On Postgres, SKIP LOCKED lets several instances relay side by
// side without sending a row twice; a row is gone only once its publish
// succeeded, so a failed publish is retried on the next round.
func (o *Outbox) RelayOnce(ctx context.Context) (int, error) {
	sent := 0
	var publishErr error
	err := o.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		q := tx.Order("id").Limit(o.BatchSize)
		if tx.Name() == db.Postgres {
			q = q.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"})
		}
		var rows []row
		if err := q.Find(&rows).Error; err != nil {
			return err
		}
		for _, r := range rows {
			msg := message.NewMessage(messageID(r), []byte(r.Payload))
			if err := o.pub.Publish(r.Topic, msg); err != nil {
				publishErr = fmt.Errorf("publish %s: %w", r.Topic, err)
				return nil
			}
			if err := tx.Delete(&row{}, r.ID).Error; err != nil {
				return err
			}
			o.metrics.EventsPublished.WithLabelValues(r.Topic).Inc()
			sent++
		}
		return nil
	})
	if err != nil {
		return sent, err
	}
	return sent, publishErr
}

// messageID is stable for a row, so a redelivered message keeps its id.
func messageID(r row) string {
	return "outbox-" + strconv.FormatInt(r.ID, 10) + "-" + strconv.FormatInt(r.CreatedAt.UnixNano(), 36)
}
