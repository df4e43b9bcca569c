// Package store keeps the readers' secret links in the database.
package store

import (
	"context"
	"embed"
	"errors"
	"time"

	"gorm.io/gorm"

	"lamplight/platform/db"
	"lamplight/platform/uow"
)

//go:embed migrations
var migrationFS embed.FS

// Migrations creates the sharing_links table.
func Migrations() db.Migrations { return db.Embedded("sharing", migrationFS) }

// ErrNotFound means no link has that token or the reader has none.
var ErrNotFound = errors.New("sharing link not found")

// Link is a reader's secret link as stored.
type Link struct {
	UserID    string `gorm:"primaryKey"`
	Kind      string `gorm:"primaryKey"`
	TokenHash string
	// TokenSealed is the secret sealed for its owner ("" before sealing).
	TokenSealed string
	ReadNext    bool
	CreatedAt   time.Time
}

// TableName implements gorm's tabler.
func (Link) TableName() string { return "sharing_links" }

// Store is the links repository.
type Store struct {
	db *gorm.DB
	w  *uow.Writer
}

// New builds the repository.
func New(w *uow.Writer) *Store { return &Store{db: w.DB(), w: w} }

// Replace stores l in place of the reader's link of its kind, so the old
// token stops working in the same transaction.
func (s *Store) Replace(ctx context.Context, l Link) error {
	return s.w.Transact(ctx, func(tx *uow.Tx) error { return ReplaceIn(tx, l) })
}

// ReplaceIn is Replace inside a unit of work another module opened (an
// import restoring an archive).
func ReplaceIn(tx *uow.Tx, l Link) error {
	if err := tx.DB().Where("user_id = ? AND kind = ?", l.UserID, l.Kind).Delete(&Link{}).Error; err != nil {
		return err
	}
	return tx.DB().Create(&l).Error
}

// Delete removes the reader's link of kind; ErrNotFound when there is none.
func (s *Store) Delete(ctx context.Context, userID, kind string) error {
	res := s.db.WithContext(ctx).Where("user_id = ? AND kind = ?", userID, kind).Delete(&Link{})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// ByToken finds the link of kind with the token's hash.
func (s *Store) ByToken(ctx context.Context, kind, tokenHash string) (Link, error) {
	var l Link
	err := s.db.WithContext(ctx).Where("token_hash = ? AND kind = ?", tokenHash, kind).Take(&l).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return Link{}, ErrNotFound
	}
	return l, err
}

// OfUser lists the reader's links.
func (s *Store) OfUser(ctx context.Context, userID string) ([]Link, error) {
	var out []Link
	err := s.db.WithContext(ctx).Where("user_id = ?", userID).Order("kind").Find(&out).Error
	return out, err
}

// DeleteUser removes every link of a reader.
func (s *Store) DeleteUser(ctx context.Context, userID string) error {
	return s.db.WithContext(ctx).Where("user_id = ?", userID).Delete(&Link{}).Error
}
