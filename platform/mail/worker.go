package mail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"lamplight/platform/db"
	"lamplight/platform/loop"
	"lamplight/platform/metrics"
)

// Worker delivers due messages through a Sender.
type Worker struct {
	db      *gorm.DB
	sender  Sender
	metrics *metrics.Metrics
	log     *slog.Logger
	nudge   <-chan struct{}

	// Now is the worker's clock.
	Now func() time.Time
	// PollInterval is how often the worker looks for due messages written by
	// another instance or whose retry time came.
	PollInterval time.Duration
	BatchSize    int
	// Lease is how long a claimed message stays reserved for its worker; a
	// worker that dies mid-send leaves it to be retried after the lease.
	Lease time.Duration
	// SendTimeout bounds one delivery.
	SendTimeout time.Duration
	// MaxAttempts is how many deliveries are tried before giving up.
	MaxAttempts int
	// Backoff is the wait before retry number attempt (1 after the first failure).
	Backoff func(attempt int) time.Duration
	// Retention is how long sent and failed messages are kept (without
	// subject, bodies or headers: see scrubbed).
	Retention time.Duration

	loop *loop.Loop
	// lastPrune is touched only by the loop's runs, one at a time.
	lastPrune time.Time
}

// NewWorker builds a worker for mailer's queue; Start runs it.
func NewWorker(g *gorm.DB, mailer *Mailer, sender Sender, m *metrics.Metrics, log *slog.Logger) *Worker {
	w := &Worker{
		db: g, sender: sender, metrics: m, log: log, nudge: mailer.nudge,
		Now:          func() time.Time { return time.Now().UTC() },
		PollInterval: time.Second,
		BatchSize:    20,
		Lease:        2 * time.Minute,
		SendTimeout:  30 * time.Second,
		MaxAttempts:  10,
		Backoff:      ExponentialBackoff(30*time.Second, 2*time.Hour),
		Retention:    7 * 24 * time.Hour,
	}
	m.Sample(log, 0, w.queue,
		metrics.Gauge{Name: "lamplight_mail_queue_depth", Help: "Messages waiting to be sent or being sent (retries included)."},
		metrics.Gauge{Name: "lamplight_mail_failed_messages", Help: "Messages given up on, kept for the retention period."})
	return w
}

// queue counts the messages still to send and those given up, read when
// metrics are scraped.
func (w *Worker) queue(ctx context.Context) ([]float64, error) {
	var counts []struct {
		Status string
		N      int64
	}
	err := w.db.WithContext(ctx).Model(&row{}).Select("status, COUNT(*) AS n").
		Where("status IN ?", []string{StatusPending, StatusSending, StatusFailed}).Group("status").Scan(&counts).Error
	if err != nil {
		return nil, err
	}
	var waiting, failed float64
	for _, c := range counts {
		if c.Status == StatusFailed {
			failed += float64(c.N)
		} else {
			waiting += float64(c.N)
		}
	}
	return []float64{waiting, failed}, nil
}

// ExponentialBackoff doubles the wait from base after every failure, up to limit.
func ExponentialBackoff(base, limit time.Duration) func(int) time.Duration {
	return func(attempt int) time.Duration {
		d := base
		for i := 1; i < attempt && d < limit; i++ {
			d *= 2
		}
		return min(d, limit)
	}
}

// Start runs the worker until Stop: at once, then on every nudge and poll.
func (w *Worker) Start() {
	w.loop = &loop.Loop{
		Name: "mail_delivery", Interval: w.PollInterval, Nudge: w.nudge, AtStart: true,
		Job: w.work, Log: w.log, Metrics: w.metrics,
	}
	w.loop.Start()
}

// Stop waits for the batch in flight.
func (w *Worker) Stop() { w.loop.Stop() }

// work delivers batches until one comes back short, and prunes hourly.
func (w *Worker) work(ctx context.Context) error {
	n, err := w.RunOnce(ctx)
	for err == nil && n >= w.BatchSize {
		n, err = w.RunOnce(ctx)
	}
	if now := w.Now(); now.Sub(w.lastPrune) > time.Hour {
		w.lastPrune = now
		err = errors.Join(err, w.Prune(ctx))
	}
	return err
}

// RunOnce claims one batch of due messages and tries to deliver each. It
// returns how many it claimed.
func (w *Worker) RunOnce(ctx context.Context) (int, error) {
	claimed, err := w.claim(ctx)
	if err != nil {
		return 0, err
	}
	for _, r := range claimed {
		if err := w.deliver(ctx, r); err != nil {
			return len(claimed), err
		}
	}
	return len(claimed), nil
}

// claim reserves due messages: pending ones whose time came, and claimed
// ones whose lease ran out. Each row is taken with a compare-and-set on its
// attempt count, so two workers can never both win it; on PostgreSQL, SKIP
// LOCKED also keeps them from waiting on each other.
func (w *Worker) claim(ctx context.Context) ([]row, error) {
	now := w.Now()
	var claimed []row
	err := w.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		claimed = claimed[:0]
		q := tx.Where("status IN ? AND next_attempt_at <= ?", []string{StatusPending, StatusSending}, now).
			Order("next_attempt_at, id").Limit(w.BatchSize)
		if tx.Name() == db.Postgres {
			q = q.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"})
		}
		var due []row
		if err := q.Find(&due).Error; err != nil {
			return err
		}
		for _, r := range due {
			res := tx.Model(&row{}).
				Where("id = ? AND status = ? AND attempts = ?", r.ID, r.Status, r.Attempts).
				Updates(map[string]any{"status": StatusSending, "attempts": r.Attempts + 1, "next_attempt_at": now.Add(w.Lease)})
			if res.Error != nil {
				return res.Error
			}
			if res.RowsAffected == 1 {
				r.Attempts++
				claimed = append(claimed, r)
			}
		}
		return nil
	})
	return claimed, err
}

func (w *Worker) deliver(ctx context.Context, r row) error {
	sendCtx, cancel := context.WithTimeout(ctx, w.SendTimeout)
	sendErr := w.sender.Send(sendCtx, r.message())
	cancel()
	now := w.Now()
	owned := w.db.WithContext(ctx).Model(&row{}).Where("id = ? AND status = ? AND attempts = ?", r.ID, StatusSending, r.Attempts)
	if sendErr == nil {
		w.metrics.MailSends.WithLabelValues("sent").Inc()
		return owned.Updates(scrubbed(map[string]any{"status": StatusSent, "sent_at": now, "last_error": ""})).Error
	}
	if isPermanent(sendErr) || r.Attempts >= w.MaxAttempts {
		w.log.Error("mail given up", "id", r.ID, "attempts", r.Attempts, "err", sendErr)
		w.metrics.MailSends.WithLabelValues("failed").Inc()
		return owned.Updates(scrubbed(map[string]any{"status": StatusFailed, "last_error": truncate(sendErr.Error())})).Error
	}
	retry := w.Backoff(r.Attempts)
	w.metrics.MailSends.WithLabelValues("retry").Inc()
	w.log.Warn("mail delivery failed, will retry", "id", r.ID, "attempts", r.Attempts, "retry_in", retry.String(), "err", sendErr)
	return owned.Updates(map[string]any{
		"status": StatusPending, "next_attempt_at": now.Add(retry), "last_error": truncate(sendErr.Error()),
	}).Error
}

// Prune deletes messages sent or given up longer than Retention ago.
func (w *Worker) Prune(ctx context.Context) error {
	cutoff := w.Now().Add(-w.Retention)
	err := w.db.WithContext(ctx).Where("status IN ? AND created_at < ?", []string{StatusSent, StatusFailed}, cutoff).Delete(&row{}).Error
	if err != nil {
		return fmt.Errorf("prune mail: %w", err)
	}
	return nil
}

func truncate(s string) string {
	const limit = 1000
	if len(s) > limit {
		return s[:limit]
	}
	return s
}
