// Package store keeps log entries in the database. Every read and write is
// scoped by the owner's id, so another reader's entry is simply not found.
package store

import (
	"context"
	"embed"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"lamplight/modules/bible"
	"lamplight/modules/reading/readingapi"
	"lamplight/platform/db"
)

//go:embed migrations
var migrationFS embed.FS

// Migrations creates the reading tables.
func Migrations() db.Migrations { return db.Embedded("reading", migrationFS) }

// ErrNotFound means no entry with that id belongs to the reader.
var ErrNotFound = errors.New("log entry not found")

type entryRow struct {
	ID           string `gorm:"primaryKey"`
	UserID       string
	Date         string
	StartVerseID int
	EndVerseID   int
	Version      int64
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

func (entryRow) TableName() string { return "log_entries" }

type versionRow struct {
	UserID  string `gorm:"primaryKey"`
	Version int64
}

func (versionRow) TableName() string { return "log_versions" }

type tombstoneRow struct {
	UserID  string `gorm:"primaryKey"`
	EntryID string `gorm:"primaryKey"`
	Version int64
}

func (tombstoneRow) TableName() string { return "log_entry_tombstones" }

func (r entryRow) entry() readingapi.Entry {
	return readingapi.Entry{
		ID: r.ID, Date: r.Date, Start: bible.VerseID(r.StartVerseID), End: bible.VerseID(r.EndVerseID),
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(),
	}
}

// Store is the reading repository.
type Store struct{ db *gorm.DB }

// New wraps the database.
func New(g *gorm.DB) *Store { return &Store{db: g} }

// Tx is a write transaction on one reader's log. The version is taken when
// the transaction starts; on PostgreSQL the version row stays locked until
// commit, so writes to one log are applied one after another.
type Tx struct {
	tx      *gorm.DB
	userID  string
	Version int64
}

// BumpVersion increments the reader's log version in tx and returns a Tx.
func BumpVersion(tx *gorm.DB, userID string) (*Tx, error) {
	var v versionRow
	err := tx.Raw(`INSERT INTO log_versions (user_id, version) VALUES (?, 1)
		ON CONFLICT (user_id) DO UPDATE SET version = log_versions.version + 1
		RETURNING user_id, version`, userID).Scan(&v).Error
	if err != nil {
		return nil, err
	}
	return &Tx{tx: tx, userID: userID, Version: v.Version}, nil
}

// Insert adds entries with multi-row statements (a batch may hold a thousand).
func (t *Tx) Insert(entries ...readingapi.Entry) error {
	rows := make([]entryRow, len(entries))
	for i, e := range entries {
		rows[i] = entryRow{
			ID: e.ID, UserID: t.userID, Date: e.Date, StartVerseID: int(e.Start), EndVerseID: int(e.End),
			Version: t.Version, CreatedAt: e.CreatedAt, UpdatedAt: e.UpdatedAt,
		}
	}
	// 8 columns a row stays under SQLite's default limit of bound variables.
	return t.tx.CreateInBatches(rows, 100).Error
}

// Get reads one of the reader's entries.
func (t *Tx) Get(id string) (readingapi.Entry, error) {
	var r entryRow
	err := t.tx.Where("user_id = ? AND id = ?", t.userID, id).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return readingapi.Entry{}, ErrNotFound
	}
	return r.entry(), err
}

// Update changes an entry's date and range.
func (t *Tx) Update(e readingapi.Entry) error {
	res := t.tx.Model(&entryRow{}).Where("user_id = ? AND id = ?", t.userID, e.ID).Updates(map[string]any{
		"date": e.Date, "start_verse_id": int(e.Start), "end_verse_id": int(e.End),
		"version": t.Version, "updated_at": e.UpdatedAt,
	})
	if res.Error == nil && res.RowsAffected == 0 {
		return ErrNotFound
	}
	return res.Error
}

// Delete removes an entry and leaves a tombstone for clients that sync.
func (t *Tx) Delete(id string) error {
	res := t.tx.Where("user_id = ? AND id = ?", t.userID, id).Delete(&entryRow{})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return t.tx.Clauses(clause.OnConflict{UpdateAll: true}).
		Create(&tombstoneRow{UserID: t.userID, EntryID: id, Version: t.Version}).Error
}

// List returns the reader's entries in [from, to] ("" leaves a side open),
// ordered by date and start verse. It scans rows directly: a ten-year log is
// thousands of rows, and every projection recompute starts here.
func (s *Store) List(ctx context.Context, userID, from, to string) ([]readingapi.Entry, error) {
	q := "SELECT id, date, start_verse_id, end_verse_id, created_at, updated_at FROM log_entries WHERE user_id = ?"
	args := []any{userID}
	if from != "" {
		q += " AND date >= ?"
		args = append(args, from)
	}
	if to != "" {
		q += " AND date <= ?"
		args = append(args, to)
	}
	rows, err := s.db.WithContext(ctx).Raw(q+" ORDER BY date, start_verse_id, id", args...).Rows()
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []readingapi.Entry{}
	for rows.Next() {
		var (
			e          readingapi.Entry
			start, end int
		)
		if err := rows.Scan(&e.ID, &e.Date, &start, &end, &e.CreatedAt, &e.UpdatedAt); err != nil {
			return nil, err
		}
		e.Start, e.End = bible.VerseID(start), bible.VerseID(end)
		e.CreatedAt, e.UpdatedAt = e.CreatedAt.UTC(), e.UpdatedAt.UTC()
		out = append(out, e)
	}
	return out, rows.Err()
}

// Get reads one of the reader's entries outside a write.
func (s *Store) Get(ctx context.Context, userID, id string) (readingapi.Entry, error) {
	return (&Tx{tx: s.db.WithContext(ctx), userID: userID}).Get(id)
}

// Version returns the reader's current log version (0 when never written).
func (s *Store) Version(ctx context.Context, userID string) (int64, error) {
	var v versionRow
	err := s.db.WithContext(ctx).Where("user_id = ?", userID).Limit(1).Find(&v).Error
	return v.Version, err
}

// Snapshot reads entries and version in one transaction so they agree.
func (s *Store) Snapshot(ctx context.Context, userID, from string) (readingapi.Log, error) {
	var log readingapi.Log
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		inner := &Store{db: tx}
		var err error
		if log.Version, err = inner.Version(ctx, userID); err != nil {
			return err
		}
		log.Entries, err = inner.List(ctx, userID, from, "")
		return err
	})
	return log, err
}

// Changes returns entries written and ids deleted after version since.
func (s *Store) Changes(ctx context.Context, userID string, since int64) (readingapi.Log, []string, error) {
	var (
		log     readingapi.Log
		deleted []string
	)
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		inner := &Store{db: tx}
		var err error
		if log.Version, err = inner.Version(ctx, userID); err != nil {
			return err
		}
		var rows []entryRow
		if err := tx.Where("user_id = ? AND version > ?", userID, since).Order("date, start_verse_id, id").Find(&rows).Error; err != nil {
			return err
		}
		for _, r := range rows {
			log.Entries = append(log.Entries, r.entry())
		}
		return tx.Model(&tombstoneRow{}).Where("user_id = ? AND version > ?", userID, since).
			Order("version").Pluck("entry_id", &deleted).Error
	})
	return log, deleted, err
}

// UsersWithEntries lists readers who have written to their log.
func (s *Store) UsersWithEntries(ctx context.Context) ([]string, error) {
	var ids []string
	err := s.db.WithContext(ctx).Model(&versionRow{}).Order("user_id").Pluck("user_id", &ids).Error
	return ids, err
}

// DeleteUser removes every row of a reader.
func (s *Store) DeleteUser(ctx context.Context, userID string) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, m := range []any{&entryRow{}, &tombstoneRow{}, &versionRow{}} {
			if err := tx.Where("user_id = ?", userID).Delete(m).Error; err != nil {
				return err
			}
		}
		return nil
	})
}
