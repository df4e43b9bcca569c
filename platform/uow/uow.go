// Package uow is the one way a use case writes: a unit of work is a
// database transaction in which a module's store writes its rows, the
// events the write publishes are recorded (outbox) and the mail it sends is
// queued, so all of them commit or roll back together. Once it commits, the
// outbox relay and the mail worker are woken for what it recorded.
//
// A module's store wraps Tx in its own transactional type, so use cases
// call tx.Insert(...), tx.Record(ev) and tx.Enqueue(msg) and never see gorm.
package uow

import (
	"context"
	"log/slog"

	"gorm.io/gorm"

	"lamplight/platform/bus"
	"lamplight/platform/cache"
	"lamplight/platform/mail"
	"lamplight/platform/outbox"
)

// Writer begins units of work.
type Writer struct {
	db     *gorm.DB
	outbox *outbox.Outbox
	mailer *mail.Mailer
	stamps cache.Stamper
	log    *slog.Logger
}

// New builds the writer for g, whose events go through o and mail through m.
func New(g *gorm.DB, o *outbox.Outbox, m *mail.Mailer) *Writer {
	return &Writer{db: g, outbox: o, mailer: m}
}

// WithStamps keeps the version stamps units of work name (Tx.Stamp) in c,
// when c keeps stamps.
func (w *Writer) WithStamps(c cache.Cache, log *slog.Logger) *Writer {
	w.stamps, _ = cache.StamperOf(c)
	w.log = log
	return w
}

// DB is the database outside any unit of work, for a store's reads.
func (w *Writer) DB() *gorm.DB { return w.db }

// Tx is one unit of work in progress.
type Tx struct {
	ctx              context.Context
	db               *gorm.DB
	w                *Writer
	recorded, mailed bool
	stamps           map[string]int64
}

// Transact runs fn in one transaction: an error (or panic) from fn rolls
// everything back, nil commits it. After the commit it wakes the relay if
// fn recorded events and the mail worker if it queued mail.
func (w *Writer) Transact(ctx context.Context, fn func(tx *Tx) error) error {
	t := &Tx{ctx: ctx, w: w}
	err := w.db.WithContext(ctx).Transaction(func(g *gorm.DB) error {
		t.db = g
		return fn(t)
	})
	t.endStamps(err == nil)
	if err != nil {
		return err
	}
	if t.recorded {
		w.outbox.Nudge()
	}
	if t.mailed {
		w.mailer.Nudge()
	}
	return nil
}

// DB is the transaction, for the store wrapping this Tx; use cases go
// through the store's methods instead.
func (t *Tx) DB() *gorm.DB { return t.db }

// Stamp names a version the unit of work writes (a reader's log version) and
// the cache stamp readers learn it from (cache.StampOp): the stamp is marked
// pending now, before the commit, and raised to version once the commit is
// done, before Transact returns; a rollback only ends the mark. The last
// version named for a key counts.
func (t *Tx) Stamp(key string, version int64) {
	if t.w.stamps == nil {
		return
	}
	if t.stamps == nil {
		t.stamps = map[string]int64{}
	}
	if _, begun := t.stamps[key]; !begun {
		if err := t.w.stamps.Stamp(t.ctx, key, cache.StampBegin, 0); err != nil {
			t.w.log.WarnContext(t.ctx, "stamp begin", "key", key, "err", err)
		}
	}
	t.stamps[key] = version
}

func (t *Tx) endStamps(committed bool) {
	// The commit is done even when the caller gave up on the request.
	ctx := context.WithoutCancel(t.ctx)
	for key, version := range t.stamps {
		if !committed {
			version = 0
		}
		if err := t.w.stamps.Stamp(ctx, key, cache.StampEnd, version); err != nil {
			t.w.log.WarnContext(ctx, "stamp end", "key", key, "err", err)
		}
	}
}

// Record adds events, published once the unit of work commits.
func (t *Tx) Record(events ...bus.Event) error {
	for _, ev := range events {
		if err := outbox.Record(t.db, ev); err != nil {
			return err
		}
		t.recorded = true
	}
	return nil
}

// Enqueue queues mail, sent once the unit of work commits.
func (t *Tx) Enqueue(msgs ...mail.Message) error {
	if err := t.w.mailer.Enqueue(t.ctx, t.db, msgs...); err != nil {
		return err
	}
	t.mailed = t.mailed || len(msgs) > 0
	return nil
}

// ForgetMail deletes every message queued or sent to the addresses.
func (t *Tx) ForgetMail(addresses ...string) error {
	for _, a := range addresses {
		if err := t.w.mailer.Forget(t.ctx, t.db, a); err != nil {
			return err
		}
	}
	return nil
}
