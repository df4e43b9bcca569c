// Package store keeps passage note tags in the database. Every read and
// write is scoped by the owner's id, so another reader's tag is simply not
// found.
package store

import (
	"context"
	"embed"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"lamplight/modules/tags/tagsapi"
	"lamplight/platform/db"
	"lamplight/platform/uow"
)

//go:embed migrations
var migrationFS embed.FS

// Migrations creates the tags table.
func Migrations() db.Migrations { return db.Embedded("tags", migrationFS) }

// Errors the repository answers with.
var (
	// ErrNotFound means no tag with that id belongs to the reader.
	ErrNotFound = errors.New("tag not found")
	// ErrLabelTaken means the reader has a tag with the same label key.
	ErrLabelTaken = errors.New("tag label taken")
)

type row struct {
	ID          string `gorm:"primaryKey"`
	UserID      string
	Label       string
	LabelKey    string
	Color       string
	Description string
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

func (row) TableName() string { return "passage_note_tags" }

func (r row) tag() tagsapi.Tag {
	return tagsapi.Tag{
		ID: r.ID, Label: r.Label, Color: r.Color, Description: r.Description,
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(),
	}
}

// Store is the tags repository.
type Store struct {
	db *gorm.DB
	w  *uow.Writer
}

// New builds the repository on the units of work of w.
func New(w *uow.Writer) *Store { return &Store{db: w.DB(), w: w} }

// Tx is the repository inside a unit of work: its writes, and the events
// they record, commit together.
type Tx struct {
	*uow.Tx
	db *gorm.DB
}

// Transact runs fn in one unit of work.
func (s *Store) Transact(ctx context.Context, fn func(tx *Tx) error) error {
	return s.w.Transact(ctx, func(u *uow.Tx) error { return fn(&Tx{Tx: u, db: u.DB()}) })
}

// Insert adds a tag under its label key.
func (s *Tx) Insert(userID, key string, t tagsapi.Tag) error {
	if err := s.keyFree(userID, key, ""); err != nil {
		return err
	}
	err := s.db.Create(&row{
		ID: t.ID, UserID: userID, Label: t.Label, LabelKey: key, Color: t.Color,
		Description: t.Description, CreatedAt: t.CreatedAt, UpdatedAt: t.UpdatedAt,
	}).Error
	return translate(err)
}

// Update changes one of the reader's tags through change, which sees the
// current tag and returns the new label key; the row is locked on
// PostgreSQL until the transaction ends.
func (s *Tx) Update(userID, id string, change func(t *tagsapi.Tag) (key string, err error)) (tagsapi.Tag, error) {
	var r row
	q := s.db
	if s.db.Name() == db.Postgres {
		q = q.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	err := q.Where("user_id = ? AND id = ?", userID, id).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return tagsapi.Tag{}, ErrNotFound
	}
	if err != nil {
		return tagsapi.Tag{}, err
	}
	t := r.tag()
	key, err := change(&t)
	if err != nil {
		return tagsapi.Tag{}, err
	}
	if err := s.keyFree(userID, key, id); err != nil {
		return tagsapi.Tag{}, err
	}
	err = s.db.Model(&row{}).Where("user_id = ? AND id = ?", userID, id).Updates(map[string]any{
		"label": t.Label, "label_key": key, "color": t.Color, "description": t.Description, "updated_at": t.UpdatedAt,
	}).Error
	return t, translate(err)
}

// keyFree fails with ErrLabelTaken when another of the reader's tags has
// the key. The unique index is the last word; this check only spares a
// PostgreSQL transaction the aborted statement in the common case.
func (s *Tx) keyFree(userID, key, exceptID string) error {
	var n int64
	err := s.db.Model(&row{}).Where("user_id = ? AND label_key = ? AND id <> ?", userID, key, exceptID).Count(&n).Error
	if err != nil {
		return err
	}
	if n > 0 {
		return ErrLabelTaken
	}
	return nil
}

func translate(err error) error {
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return ErrLabelTaken
	}
	return err
}

// Delete removes one of the reader's tags.
func (s *Tx) Delete(userID, id string) error {
	res := s.db.Where("user_id = ? AND id = ?", userID, id).Delete(&row{})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// Get reads one of the reader's tags.
func (s *Store) Get(ctx context.Context, userID, id string) (tagsapi.Tag, error) {
	var r row
	err := s.db.WithContext(ctx).Where("user_id = ? AND id = ?", userID, id).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return tagsapi.Tag{}, ErrNotFound
	}
	return r.tag(), err
}

// List returns the reader's tags ordered by label, ignoring case.
func (s *Store) List(ctx context.Context, userID string) ([]tagsapi.Tag, error) {
	var rows []row
	if err := s.db.WithContext(ctx).Where("user_id = ?", userID).Order("label_key, id").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]tagsapi.Tag, len(rows))
	for i, r := range rows {
		out[i] = r.tag()
	}
	return out, nil
}

// Labels maps those of ids that are the reader's tags to their labels.
func (s *Store) Labels(ctx context.Context, userID string, ids []string) (map[string]string, error) {
	out := map[string]string{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []row
	err := s.db.WithContext(ctx).Model(&row{}).Select("id, label").Where("user_id = ? AND id IN ?", userID, ids).Find(&rows).Error
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = r.Label
	}
	return out, nil
}

// HoldIDs returns those of ids that are the reader's tags, and on
// PostgreSQL holds their rows (FOR SHARE) until the unit of work ends, so
// a deletion of one of them waits for the writer and then finds its rows.
// SQLite writes one unit of work at a time, which holds them as well.
func (s *Tx) HoldIDs(userID string, ids []string) (map[string]string, error) {
	out := map[string]string{}
	if len(ids) == 0 {
		return out, nil
	}
	q := s.db
	if s.db.Name() == db.Postgres {
		q = q.Clauses(clause.Locking{Strength: "SHARE"})
	}
	var rows []row
	if err := q.Select("id, label").Where("user_id = ? AND id IN ?", userID, ids).Order("id").Find(&rows).Error; err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = r.Label
	}
	return out, nil
}

// DeleteUser removes every tag of a reader.
func (s *Store) DeleteUser(ctx context.Context, userID string) error {
	return s.db.WithContext(ctx).Where("user_id = ?", userID).Delete(&row{}).Error
}

// Join is the repository inside a unit of work another module began (an
// import).
func Join(u *uow.Tx) *Tx { return &Tx{Tx: u, db: u.DB()} }

// IDByKey returns the id of the reader's tag with the label key, or "".
func (s *Tx) IDByKey(userID, key string) (string, error) {
	var ids []string
	err := s.db.Model(&row{}).Where("user_id = ? AND label_key = ?", userID, key).Limit(1).Pluck("id", &ids).Error
	if err != nil || len(ids) == 0 {
		return "", err
	}
	return ids[0], nil
}
