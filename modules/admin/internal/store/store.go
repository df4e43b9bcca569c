// Package store keeps the admin module's audit log.
package store

import (
	"context"
	"embed"
	"time"

	"gorm.io/gorm"

	"lamplight/platform/db"
)

//go:embed migrations
var migrationFS embed.FS

// Migrations creates the audit log.
func Migrations() db.Migrations { return db.Embedded("admin", migrationFS) }

// Entry is one admin action.
type Entry struct {
	ID          string
	At          time.Time
	ActorID     string
	ActorEmail  string
	Action      string
	TargetID    string
	TargetEmail string
}

type row Entry

func (row) TableName() string { return "admin_audit" }

// Store is the audit log repository.
type Store struct{ db *gorm.DB }

// New builds the repository.
func New(g *gorm.DB) *Store { return &Store{db: g} }

// Add records an action.
func (s *Store) Add(ctx context.Context, e Entry) error {
	r := row(e)
	return s.db.WithContext(ctx).Create(&r).Error
}

// Page answers the number of actions and a page of them, newest first.
func (s *Store) Page(ctx context.Context, limit, offset int) (int, []Entry, error) {
	var n int64
	if err := s.db.WithContext(ctx).Model(&row{}).Count(&n).Error; err != nil {
		return 0, nil, err
	}
	var rows []row
	err := s.db.WithContext(ctx).Order("at DESC, id DESC").Limit(limit).Offset(offset).Find(&rows).Error
	out := make([]Entry, len(rows))
	for i, r := range rows {
		out[i] = Entry(r)
		out[i].At = r.At.UTC()
	}
	return int(n), out, err
}

// ForgetAddress blanks a deleted account's address wherever it appears.
func (s *Store) ForgetAddress(ctx context.Context, userID string) error {
	g := s.db.WithContext(ctx)
	if err := g.Model(&row{}).Where("actor_id = ?", userID).Update("actor_email", "").Error; err != nil {
		return err
	}
	return g.Model(&row{}).Where("target_id = ?", userID).Update("target_email", "").Error
}

// AddIn records an action inside another module's transaction.
func AddIn(tx *gorm.DB, e Entry) error {
	r := row(e)
	return tx.Create(&r).Error
}
