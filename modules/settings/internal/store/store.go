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
	"lamplight/platform/uow"
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
	WelcomeDone           bool
	Theme                 string
	StartPage             string
	TagSort               string
	Version               int64
	UpdatedAt             time.Time
}

func (row) TableName() string { return "user_settings" }

func (r row) settings() settingsapi.Settings {
	return settingsapi.Settings{
		LookBackDate: r.LookBackDate, DailyVerseCountGoal: r.DailyVerseCountGoal,
		PreferredBibleVersion: r.PreferredBibleVersion, PreferredBibleApp: r.PreferredBibleApp,
		Locale: r.Locale, TimeZone: r.TimeZone, RestDaysPerWeek: r.RestDaysPerWeek, WelcomeDone: r.WelcomeDone, Theme: r.Theme, StartPage: r.StartPage, TagSort: r.TagSort, Version: r.Version,
	}
}

func fromSettings(userID string, s settingsapi.Settings, now time.Time) row {
	return row{
		UserID: userID, LookBackDate: s.LookBackDate, DailyVerseCountGoal: s.DailyVerseCountGoal,
		PreferredBibleVersion: s.PreferredBibleVersion, PreferredBibleApp: s.PreferredBibleApp,
		Locale: s.Locale, TimeZone: s.TimeZone, RestDaysPerWeek: s.RestDaysPerWeek, WelcomeDone: s.WelcomeDone, Theme: s.Theme, StartPage: s.StartPage, TagSort: s.TagSort, Version: s.Version, UpdatedAt: now,
	}
}

// Store is the settings repository.
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

// Find returns the reader's settings; found is false while they have none.
func (s *Store) Find(ctx context.Context, userID string) (_ settingsapi.Settings, found bool, _ error) {
	var r row
	if err := s.db.WithContext(ctx).Where("user_id = ?", userID).Limit(1).Find(&r).Error; err != nil {
		return settingsapi.Settings{}, false, err
	}
	return r.settings(), r.UserID != "", nil
}

// Create stores defaults as the reader's first settings, so values derived
// from the day they were made (the look-back date) stay put. Of two first
// reads at once, the loser keeps the winner's row; created tells which.
func (s *Store) Create(ctx context.Context, userID string, defaults settingsapi.Settings) (_ settingsapi.Settings, created bool, _ error) {
	defaults.Version = 1
	r := fromSettings(userID, defaults, time.Now().UTC())
	res := s.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&r)
	if res.Error != nil {
		return settingsapi.Settings{}, false, res.Error
	}
	if err := s.db.WithContext(ctx).Where("user_id = ?", userID).Take(&r).Error; err != nil {
		return settingsapi.Settings{}, false, err
	}
	return r.settings(), res.RowsAffected == 1, nil
}

// Update applies change to the reader's settings row, locked on PostgreSQL
// so concurrent updates apply in turn, and bumps the version.
func (t *Tx) Update(userID string, change func(*settingsapi.Settings) error) (settingsapi.Settings, error) {
	var r row
	q := t.db
	if q.Name() == db.Postgres {
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
	if err := t.db.Save(&updated).Error; err != nil {
		return settingsapi.Settings{}, err
	}
	t.Stamp(settingsapi.VersionStamp(userID), cur.Version)
	return cur, nil
}

// DeleteUser removes the reader's settings.
func (s *Store) DeleteUser(ctx context.Context, userID string) error {
	return s.db.WithContext(ctx).Where("user_id = ?", userID).Delete(&row{}).Error
}

// Join is the repository inside a unit of work another module began (an
// import).
func Join(u *uow.Tx) *Tx { return &Tx{Tx: u, db: u.DB()} }
