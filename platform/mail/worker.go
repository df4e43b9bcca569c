package mail

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"lamplight/platform/db"
)

// Worker delivers due messages through a Sender.
type Worker struct {
	db     *gorm.DB
	sender Sender
	log    *slog.Logger
	nudge  <-chan struct{}

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
	// Retention is how long sent and failed messages are kept.
	Retention time.Duration

	stop chan struct{}
	done chan struct{}
	once sync.Once
}

// NewWorker builds a worker for mailer's queue; Start runs it.
func NewWorker(g *gorm.DB, mailer *Mailer, sender Sender, log *slog.Logger) *Worker {
	return &Worker{
		db: g, sender: sender, log: log, nudge: mailer.nudge,
		Now:          func() time.Time { return time.Now().UTC() },
		PollInterval: time.Second,
		BatchSize:    20,
		Lease:        2 * time.Minute,
		SendTimeout:  30 * time.Second,
		MaxAttempts:  10,
		Backoff:      ExponentialBackoff(30*time.Second, 2*time.Hour),
		Retention:    7 * 24 * time.Hour,
	}
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

// Start runs the worker until Stop.
func (w *Worker) Start() {
	w.stop = make(chan struct{})
	w.done = make(chan struct{})
	go w.run()
}

// Stop waits for the batch in flight.
func (w *Worker) Stop() {
	if w.stop == nil {
		return
	}
	w.once.Do(func() { close(w.stop) })
	<-w.done
}

func (w *Worker) run() {
	defer close(w.done)
	tick := time.NewTicker(w.PollInterval)
	defer tick.Stop()
	lastPrune := time.Time{}
	for {
		for {
			n, err := w.RunOnce(context.Background())
			if err != nil {
				w.log.Error("mail worker", "err", err)
				break
			}
			if n < w.BatchSize {
				break
			}
		}
		if now := w.Now(); now.Sub(lastPrune) > time.Hour {
			lastPrune = now
			if err := w.Prune(context.Background()); err != nil {
				w.log.Error("mail prune", "err", err)
			}
		}
		select {
		case <-w.stop:
			return
		case <-w.nudge:
		case <-tick.C:
		}
	}
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
		return owned.Updates(map[string]any{"status": StatusSent, "sent_at": now, "last_error": ""}).Error
	}
	if isPermanent(sendErr) || r.Attempts >= w.MaxAttempts {
		w.log.Error("mail given up", "id", r.ID, "attempts", r.Attempts, "err", sendErr)
		return owned.Updates(map[string]any{"status": StatusFailed, "last_error": truncate(sendErr.Error())}).Error
	}
	retry := w.Backoff(r.Attempts)
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
