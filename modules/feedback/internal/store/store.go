// Package store keeps feedback messages in the database.
package store

import (
	"context"
	"embed"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"lamplight/modules/feedback/feedbackapi"
	"lamplight/platform/db"
	"lamplight/platform/uow"
)

//go:embed migrations
var migrationFS embed.FS

// Migrations creates the feedback table.
func Migrations() db.Migrations { return db.Embedded("feedback", migrationFS) }

// ErrNotFound means no message has that id.
var ErrNotFound = errors.New("feedback not found")

type row struct {
	ID        string `gorm:"primaryKey"`
	Kind      string
	Message   string
	Email     string
	Page      string
	Locale    string
	Status    string
	UserID    *string
	CreatedAt time.Time
	UpdatedAt time.Time
	RepliedAt *time.Time
}

func (row) TableName() string { return "feedback" }

func (r row) feedback() feedbackapi.Feedback {
	f := feedbackapi.Feedback{
		ID: r.ID, Kind: r.Kind, Message: r.Message, Email: r.Email, Page: r.Page, Locale: r.Locale,
		Status: r.Status, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(), UserID: r.UserID,
	}
	if r.RepliedAt != nil {
		t := r.RepliedAt.UTC()
		f.RepliedAt = &t
	}
	return f
}

// Store is the feedback repository.
type Store struct {
	db *gorm.DB
	w  *uow.Writer
}

// New builds the repository on the units of work of w.
func New(w *uow.Writer) *Store { return &Store{db: w.DB(), w: w} }

// Tx is the repository inside a unit of work: its writes, and the mail
// they queue, commit together.
type Tx struct {
	*uow.Tx
	db *gorm.DB
}

// Transact runs fn in one unit of work.
func (s *Store) Transact(ctx context.Context, fn func(tx *Tx) error) error {
	return s.w.Transact(ctx, func(u *uow.Tx) error { return fn(&Tx{Tx: u, db: u.DB()}) })
}

// Insert adds a message.
func (t *Tx) Insert(f feedbackapi.Feedback) error {
	return t.db.Create(&row{
		ID: f.ID, Kind: f.Kind, Message: f.Message, Email: f.Email, Page: f.Page, Locale: f.Locale,
		Status: f.Status, UserID: f.UserID, CreatedAt: f.CreatedAt, UpdatedAt: f.UpdatedAt, RepliedAt: f.RepliedAt,
	}).Error
}

// Update changes a message through change, which sees the current one;
// the row is locked on PostgreSQL until the transaction ends.
func (t *Tx) Update(id string, change func(f *feedbackapi.Feedback) error) (feedbackapi.Feedback, error) {
	var r row
	q := t.db
	if t.db.Name() == db.Postgres {
		q = q.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	err := q.Where("id = ?", id).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return feedbackapi.Feedback{}, ErrNotFound
	}
	if err != nil {
		return feedbackapi.Feedback{}, err
	}
	f := r.feedback()
	if err := change(&f); err != nil {
		return feedbackapi.Feedback{}, err
	}
	err = t.db.Model(&row{}).Where("id = ?", id).Updates(map[string]any{
		"status": f.Status, "updated_at": f.UpdatedAt, "replied_at": f.RepliedAt,
	}).Error
	return f, err
}

// Remove deletes a message and answers it as it was.
func (t *Tx) Remove(id string) (feedbackapi.Feedback, error) {
	var r row
	err := t.db.Where("id = ?", id).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return feedbackapi.Feedback{}, ErrNotFound
	}
	if err != nil {
		return feedbackapi.Feedback{}, err
	}
	res := t.db.Where("id = ?", id).Delete(&row{})
	if res.Error != nil {
		return feedbackapi.Feedback{}, res.Error
	}
	if res.RowsAffected == 0 {
		return feedbackapi.Feedback{}, ErrNotFound
	}
	return r.feedback(), nil
}

// List returns a page of the messages with status, newest first, and how
// many there are.
func (s *Store) List(ctx context.Context, status string, limit, offset int) ([]feedbackapi.Feedback, error) {
	var rows []row
	err := s.db.WithContext(ctx).Where("status = ?", status).
		Order("created_at DESC, id DESC").Limit(limit).Offset(offset).Find(&rows).Error
	if err != nil {
		return nil, err
	}
	out := make([]feedbackapi.Feedback, len(rows))
	for i, r := range rows {
		out[i] = r.feedback()
	}
	return out, nil
}

// Counts returns how many messages have each status; absent ones have none.
func (s *Store) Counts(ctx context.Context) (map[string]int, error) {
	var rows []struct {
		Status string
		N      int
	}
	err := s.db.WithContext(ctx).Model(&row{}).Select("status, COUNT(*) AS n").Group("status").Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	for _, r := range rows {
		out[r.Status] = r.N
	}
	return out, nil
}

// DeleteUser removes every message a reader sent while signed in.
func (s *Store) DeleteUser(ctx context.Context, userID string) error {
	return s.db.WithContext(ctx).Where("user_id = ?", userID).Delete(&row{}).Error
}
