// Package store keeps reminders, the reminders sent, push subscriptions,
// pending notifications and the server's VAPID keys.
package store

import (
	"context"
	"embed"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"lamplight/platform/db"
	"lamplight/platform/uow"
)

//go:embed migrations
var migrationFS embed.FS

// Migrations creates the reminders tables.
func Migrations() db.Migrations { return db.Embedded("reminders", migrationFS) }

// ErrNotFound means no such row.
var ErrNotFound = errors.New("reminders: not found")

// Reminder is a reader's stored reminder.
type Reminder struct {
	UserID           string `gorm:"primaryKey"`
	Enabled          bool
	LocalTime        string
	Days             string
	OnlyIfUnread     bool
	OnlyIfPlanUnread bool
	Channels         string
	Generation       int
	DoneDate         string
	NextAt           *time.Time
	ClaimedUntil     *time.Time
	PausedAt         *time.Time
	SiteURL          string
	UpdatedAt        time.Time
}

func (Reminder) TableName() string { return "reminders" }

// Occurrence is one reminder sent.
type Occurrence struct {
	UserID     string `gorm:"primaryKey"`
	LocalDate  string `gorm:"primaryKey"`
	Generation int
	TokenHash  string
	Channels   string
	SentAt     time.Time
	OpenedAt   *time.Time
}

func (Occurrence) TableName() string { return "reminder_occurrences" }

// Subscription is a browser's push subscription.
type Subscription struct {
	ID        string `gorm:"primaryKey"`
	UserID    string
	Endpoint  string
	P256dh    string `gorm:"column:p256dh"`
	Auth      string
	CreatedAt time.Time
}

func (Subscription) TableName() string { return "reminder_push_subscriptions" }

// Delivery is a notification waiting to be pushed.
type Delivery struct {
	ID             int64 `gorm:"primaryKey"`
	UserID         string
	SubscriptionID string
	Payload        string
	Status         string
	Attempts       int
	NextAttemptAt  time.Time
	CreatedAt      time.Time
}

func (Delivery) TableName() string { return "reminder_push_deliveries" }

type vapidRow struct {
	ID         int `gorm:"primaryKey"`
	PrivateKey string
	PublicKey  string
	CreatedAt  time.Time
}

func (vapidRow) TableName() string { return "reminder_vapid_keys" }

// Delivery statuses.
const (
	Pending = "pending"
	Sending = "sending"
)

// Store is the reminders repository.
type Store struct {
	db *gorm.DB
	w  *uow.Writer
}

// New builds the repository on the units of work of w.
func New(w *uow.Writer) *Store { return &Store{db: w.DB(), w: w} }

// Tx is the repository inside a unit of work.
type Tx struct {
	*uow.Tx
	db *gorm.DB
}

// Transact runs fn in one unit of work.
func (s *Store) Transact(ctx context.Context, fn func(tx *Tx) error) error {
	return s.w.Transact(ctx, func(u *uow.Tx) error { return fn(&Tx{Tx: u, db: u.DB()}) })
}

func (t *Tx) locked() *gorm.DB {
	if t.db.Name() == db.Postgres {
		return t.db.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	return t.db
}

// Reminder reads the reader's reminder, locked until the end of the unit of work.
func (t *Tx) Reminder(userID string) (Reminder, error) {
	var r Reminder
	err := t.locked().Where("user_id = ?", userID).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return r, ErrNotFound
	}
	return r, err
}

// Save inserts or replaces the reader's reminder.
func (t *Tx) Save(r Reminder) error { return t.db.Save(&r).Error }

// Reminder reads the reader's reminder outside a unit of work.
func (s *Store) Reminder(ctx context.Context, userID string) (Reminder, error) {
	var r Reminder
	err := s.db.WithContext(ctx).Where("user_id = ?", userID).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return r, ErrNotFound
	}
	return r, err
}

// Due lists readers whose reminder is due at now and not claimed.
func (s *Store) Due(ctx context.Context, now time.Time, limit int) ([]string, error) {
	var ids []string
	err := s.db.WithContext(ctx).Model(&Reminder{}).
		Where("enabled AND paused_at IS NULL AND next_at <= ? AND (claimed_until IS NULL OR claimed_until < ?)", now, now).
		Order("next_at").Limit(limit).Pluck("user_id", &ids).Error
	return ids, err
}

// Claim takes the reader's due reminder until `until`; false when another
// instance holds it or it is no longer due. Only one instance wins: the
// update's condition is evaluated on the locked row.
func (s *Store) Claim(ctx context.Context, userID string, now, until time.Time) (bool, error) {
	res := s.db.WithContext(ctx).Model(&Reminder{}).
		Where("user_id = ? AND enabled AND paused_at IS NULL AND next_at <= ? AND (claimed_until IS NULL OR claimed_until < ?)", userID, now, now).
		Update("claimed_until", until)
	return res.RowsAffected == 1, res.Error
}

// Release ends a claim without handling the reminder, so it is tried again.
func (s *Store) Release(ctx context.Context, userID string) error {
	return s.db.WithContext(ctx).Model(&Reminder{}).Where("user_id = ?", userID).Update("claimed_until", nil).Error
}

// Insert records a reminder sent; false when one was already sent for that
// date (another instance got there first).
func (t *Tx) Insert(o Occurrence) (bool, error) {
	res := t.db.Clauses(clause.OnConflict{DoNothing: true}).Create(&o)
	return res.RowsAffected == 1, res.Error
}

// Latest returns the reader's latest reminders sent, newest first.
func (t *Tx) Latest(userID string, n int) ([]Occurrence, error) {
	var out []Occurrence
	err := t.db.Where("user_id = ?", userID).Order("local_date DESC").Limit(n).Find(&out).Error
	return out, err
}

// ByToken finds the reminder sent with a token, locked.
func (t *Tx) ByToken(hash string) (Occurrence, error) {
	var o Occurrence
	err := t.locked().Where("token_hash = ?", hash).Take(&o).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return o, ErrNotFound
	}
	return o, err
}

// MarkOpened sets when the reminder was first opened.
func (t *Tx) MarkOpened(o Occurrence, at time.Time) error {
	return t.db.Model(&Occurrence{}).Where("user_id = ? AND local_date = ? AND opened_at IS NULL", o.UserID, o.LocalDate).
		Update("opened_at", at).Error
}

// Subscriptions lists the reader's push subscriptions.
func (s *Store) Subscriptions(ctx context.Context, userID string) ([]Subscription, error) {
	var out []Subscription
	err := s.db.WithContext(ctx).Where("user_id = ?", userID).Order("created_at, id").Find(&out).Error
	return out, err
}

// Subscriptions lists the reader's push subscriptions in the unit of work.
func (t *Tx) Subscriptions(userID string) ([]Subscription, error) {
	var out []Subscription
	err := t.db.Where("user_id = ?", userID).Order("created_at, id").Find(&out).Error
	return out, err
}

// Subscribe stores a subscription; an endpoint already known moves to the
// reader with fresh keys (a browser keeps one endpoint per profile).
func (t *Tx) Subscribe(sub Subscription) (Subscription, error) {
	var old Subscription
	err := t.db.Where("endpoint = ?", sub.Endpoint).Take(&old).Error
	switch {
	case err == nil:
		sub.ID, sub.CreatedAt = old.ID, old.CreatedAt
		err := t.db.Model(&Subscription{}).Where("id = ?", old.ID).
			Updates(map[string]any{"user_id": sub.UserID, "p256dh": sub.P256dh, "auth": sub.Auth}).Error
		if err != nil {
			return sub, err
		}
		return sub, t.keepNewest(sub.UserID)
	case errors.Is(err, gorm.ErrRecordNotFound):
		if err := t.db.Create(&sub).Error; err != nil {
			return sub, err
		}
		return sub, t.keepNewest(sub.UserID)
	default:
		return sub, err
	}
}

// MaxSubscriptions is how many browsers a reader keeps; a reader has a
// few, and every one costs an outbound request per reminder.
const MaxSubscriptions = 10

// keepNewest drops the reader's oldest subscriptions beyond
// MaxSubscriptions, and what was waiting for them.
func (t *Tx) keepNewest(userID string) error {
	var old []string
	err := t.db.Model(&Subscription{}).Where("user_id = ?", userID).
		Order("created_at DESC, id DESC").Offset(MaxSubscriptions).Limit(1000).Pluck("id", &old).Error
	if err != nil || len(old) == 0 {
		return err
	}
	if err := t.db.Where("subscription_id IN ?", old).Delete(&Delivery{}).Error; err != nil {
		return err
	}
	return t.db.Where("id IN ?", old).Delete(&Subscription{}).Error
}

// Unsubscribe removes the reader's subscription with id.
func (s *Store) Unsubscribe(ctx context.Context, userID, id string) error {
	res := s.db.WithContext(ctx).Where("user_id = ? AND id = ?", userID, id).Delete(&Subscription{})
	if res.Error == nil && res.RowsAffected == 0 {
		return ErrNotFound
	}
	return res.Error
}

// Forget removes a subscription the push service says is gone, and what
// was waiting for it.
func (s *Store) Forget(ctx context.Context, id string) error {
	return s.db.WithContext(ctx).Transaction(func(g *gorm.DB) error {
		if err := g.Where("subscription_id = ?", id).Delete(&Delivery{}).Error; err != nil {
			return err
		}
		return g.Where("id = ?", id).Delete(&Subscription{}).Error
	})
}

// Push queues notifications.
func (t *Tx) Push(ds ...Delivery) error {
	if len(ds) == 0 {
		return nil
	}
	return t.db.Create(&ds).Error
}

// ClaimDeliveries takes up to limit due notifications until `until`.
func (s *Store) ClaimDeliveries(ctx context.Context, now, until time.Time, limit int) ([]Delivery, error) {
	var ids []int64
	err := s.db.WithContext(ctx).Model(&Delivery{}).
		Where("status IN ? AND next_attempt_at <= ?", []string{Pending, Sending}, now).
		Order("next_attempt_at").Limit(limit).Pluck("id", &ids).Error
	if err != nil {
		return nil, err
	}
	var out []Delivery
	for _, id := range ids {
		res := s.db.WithContext(ctx).Model(&Delivery{}).
			Where("id = ? AND status IN ? AND next_attempt_at <= ?", id, []string{Pending, Sending}, now).
			Updates(map[string]any{"status": Sending, "next_attempt_at": until, "attempts": gorm.Expr("attempts + 1")})
		if res.Error != nil {
			return out, res.Error
		}
		if res.RowsAffected == 1 {
			var d Delivery
			if err := s.db.WithContext(ctx).Where("id = ?", id).Take(&d).Error; err == nil {
				out = append(out, d)
			}
		}
	}
	return out, nil
}

// Delivered removes a notification handed to the push service (or given up).
func (s *Store) Delivered(ctx context.Context, id int64) error {
	return s.db.WithContext(ctx).Where("id = ?", id).Delete(&Delivery{}).Error
}

// Retry puts a notification back for another attempt at `at`.
func (s *Store) Retry(ctx context.Context, id int64, at time.Time) error {
	return s.db.WithContext(ctx).Model(&Delivery{}).Where("id = ?", id).
		Updates(map[string]any{"status": Pending, "next_attempt_at": at}).Error
}

// Subscription reads one subscription.
func (s *Store) Subscription(ctx context.Context, id string) (Subscription, error) {
	var sub Subscription
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&sub).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return sub, ErrNotFound
	}
	return sub, err
}

// VAPIDKeys returns the stored key pair, first storing the one generate
// returns when there is none; every instance ends up with the same pair.
func (s *Store) VAPIDKeys(ctx context.Context, now time.Time, generate func() (string, string, error)) (string, string, error) {
	var r vapidRow
	err := s.db.WithContext(ctx).Where("id = 1").Take(&r).Error
	if err == nil {
		return r.PrivateKey, r.PublicKey, nil
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return "", "", err
	}
	priv, pub, err := generate()
	if err != nil {
		return "", "", err
	}
	err = s.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).
		Create(&vapidRow{ID: 1, PrivateKey: priv, PublicKey: pub, CreatedAt: now}).Error
	if err != nil {
		return "", "", err
	}
	if err := s.db.WithContext(ctx).Where("id = 1").Take(&r).Error; err != nil {
		return "", "", err
	}
	return r.PrivateKey, r.PublicKey, nil
}

// DeleteUser removes everything of a reader.
func (s *Store) DeleteUser(ctx context.Context, userID string) error {
	return s.db.WithContext(ctx).Transaction(func(g *gorm.DB) error {
		for _, m := range []any{&Delivery{}, &Subscription{}, &Occurrence{}, &Reminder{}} {
			if err := g.Where("user_id = ?", userID).Delete(m).Error; err != nil {
				return err
			}
		}
		return nil
	})
}

// Join is the repository inside a unit of work another module opened (an
// import restoring an archive).
func Join(u *uow.Tx) *Tx { return &Tx{Tx: u, db: u.DB()} }
