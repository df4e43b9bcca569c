// Package store keeps each reader's settings in one row.
package store

import (
	"context"
	"embed"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/db"
)

//go:embed migrations
var migrationFS embed.FS

// Migrations creates the settings table.
func Migrations() db.Migrations { return db.Embedded("settings", migrationFS) }

type row struct {
	UserID                string `gorm:"primaryKey"`
	LookBackDate          string
	DailyVerseCountGoal   int
	PreferredBibleVersion string
	PreferredBibleApp     string
	Locale                string
	TimeZone              string
	RestDaysPerWeek       int
	Version               int64
	UpdatedAt             time.Time
}

func (row) TableName() string { return "user_settings" }

func (r row) settings() settingsapi.Settings {
	return settingsapi.Settings{
		LookBackDate: r.LookBackDate, DailyVerseCountGoal: r.DailyVerseCountGoal,
		PreferredBibleVersion: r.PreferredBibleVersion, PreferredBibleApp: r.PreferredBibleApp,
		Locale: r.Locale, TimeZone: r.TimeZone, RestDaysPerWeek: r.RestDaysPerWeek, Version: r.Version,
	}
}

func fromSettings(userID string, s settingsapi.Settings, now time.Time) row {
	return row{
		UserID: userID, LookBackDate: s.LookBackDate, DailyVerseCountGoal: s.DailyVerseCountGoal,
		PreferredBibleVersion: s.PreferredBibleVersion, PreferredBibleApp: s.PreferredBibleApp,
		Locale: s.Locale, TimeZone: s.TimeZone, RestDaysPerWeek: s.RestDaysPerWeek, Version: s.Version, UpdatedAt: now,
	}
}

// Store is the settings repository.
type Store struct{ db *gorm.DB }

// New wraps the database.
func New(g *gorm.DB) *Store { return &Store{db: g} }

// GetOrCreate returns the reader's settings, storing defaults the first time
// so values derived from the day they were made (the look-back date) stay put.
func (s *Store) GetOrCreate(ctx context.Context, userID string, defaults settingsapi.Settings) (settingsapi.Settings, error) {
	var r row
	g := s.db.WithContext(ctx)
	if err := g.Where("user_id = ?", userID).Limit(1).Find(&r).Error; err != nil {
		return settingsapi.Settings{}, err
	}
	if r.UserID != "" {
		return r.settings(), nil
	}
	defaults.Version = 1
	created := fromSettings(userID, defaults, time.Now().UTC())
	// Two first reads at once: the loser keeps the winner's row.
	if err := g.Clauses(clause.OnConflict{DoNothing: true}).Create(&created).Error; err != nil {
		return settingsapi.Settings{}, err
	}
	if err := g.Where("user_id = ?", userID).Take(&r).Error; err != nil {
		return settingsapi.Settings{}, err
	}
	return r.settings(), nil
}

// Update applies change to the reader's settings row inside tx, locked on
// PostgreSQL so concurrent updates apply in turn, and bumps the version.
func (s *Store) Update(tx *gorm.DB, userID string, change func(*settingsapi.Settings) error) (settingsapi.Settings, error) {
	var r row
	q := tx
	if tx.Name() == db.Postgres {
		q = q.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	if err := q.Where("user_id = ?", userID).Take(&r).Error; err != nil {
		return settingsapi.Settings{}, err
	}
	cur := r.settings()
	if err := change(&cur); err != nil {
		return settingsapi.Settings{}, err
	}
	cur.Version = r.Version + 1
	updated := fromSettings(userID, cur, time.Now().UTC())
	if err := tx.Save(&updated).Error; err != nil {
		return settingsapi.Settings{}, err
	}
	return cur, nil
}

// DeleteUser removes the reader's settings.
func (s *Store) DeleteUser(ctx context.Context, userID string) error {
	return s.db.WithContext(ctx).Where("user_id = ?", userID).Delete(&row{}).Error
}
