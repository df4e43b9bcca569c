package engagement

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"

	"gorm.io/gorm"

	"lamplight/platform/db"
)

//go:embed migrations
var migrationFS embed.FS

// Migrations creates the projection's tables.
func Migrations() db.Migrations { return db.Embedded("engagement", migrationFS) }

// store keeps the projection's facts. Every write replaces the facts it
// concerns with values computed from their source and raises the version
// in the same transaction.
type store struct{ db *gorm.DB }

type readingDay struct {
	Day     string
	GoalMet bool
}

type noteDay struct {
	Day   string
	Notes int
}

// write runs fn in a transaction that also raises the version.
func (s *store) write(ctx context.Context, fn func(tx *gorm.DB) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// The version row first: its lock makes concurrent writes (an
		// event's and a rebuild's) take turns on PostgreSQL, so the second
		// deletes the rows the first inserted instead of inserting them
		// again beside them (a duplicate key).
		if err := tx.Exec(`UPDATE engagement_version SET version = version + 1 WHERE id = 1`).Error; err != nil {
			return err
		}
		return fn(tx)
	})
}

// writeReader is write for a fact of userID, skipped once the reader is
// deleted: a handler that saw the account just before it went must not
// bring a row back after deleteReader. Writes take turns on the version
// row, so the deletion is either committed and seen here, or comes after
// and removes what fn wrote.
func (s *store) writeReader(ctx context.Context, userID string, fn func(tx *gorm.DB) error) error {
	return s.write(ctx, func(tx *gorm.DB) error {
		var deleted int64
		if err := tx.Raw(`SELECT COUNT(*) FROM engagement_deletions WHERE id = ?`, deletionID(userID)).Scan(&deleted).Error; err != nil {
			return err
		}
		if deleted > 0 {
			return nil
		}
		return fn(tx)
	})
}

// deletionID is the key a deleted reader is recorded under: a hash, so the
// report keeps no id of a reader who left.
func deletionID(userID string) string {
	sum := sha256.Sum256([]byte("engagement-deletion:" + userID))
	return hex.EncodeToString(sum[:])
}

func (s *store) version(ctx context.Context) (int64, error) {
	var v int64
	err := s.db.WithContext(ctx).Raw(`SELECT version FROM engagement_version WHERE id = 1`).Scan(&v).Error
	return v, err
}

// putAccount sets the reader's signup date.
func (s *store) putAccount(ctx context.Context, userID, signupDate string) error {
	return s.writeReader(ctx, userID, func(tx *gorm.DB) error {
		return tx.Exec(`INSERT INTO engagement_accounts (user_id, signup_date) VALUES (?, ?)
			ON CONFLICT (user_id) DO UPDATE SET signup_date = excluded.signup_date`, userID, signupDate).Error
	})
}

// readingDays returns the reader's stored reading days among dates, in
// date order.
func (s *store) readingDays(ctx context.Context, userID string, dates []string) ([]readingDay, error) {
	var days []readingDay
	err := s.db.WithContext(ctx).Raw(`SELECT day, goal_met FROM engagement_reading_days WHERE user_id = ? AND day IN ? ORDER BY day`,
		userID, dates).Scan(&days).Error
	return days, err
}

// replaceReadingDays replaces the reader's reading days among dates (all of
// them when dates is nil) with days.
func (s *store) replaceReadingDays(ctx context.Context, userID string, dates []string, days []readingDay) error {
	return s.writeReader(ctx, userID, func(tx *gorm.DB) error {
		q := tx.Where("user_id = ?", userID)
		if dates != nil {
			q = q.Where("day IN ?", dates)
		}
		if err := q.Table("engagement_reading_days").Delete(nil).Error; err != nil {
			return err
		}
		rows := make([]map[string]any, len(days))
		for i, d := range days {
			rows[i] = map[string]any{"user_id": userID, "day": d.Day, "goal_met": d.GoalMet}
		}
		if len(rows) == 0 {
			return nil
		}
		return tx.Table("engagement_reading_days").CreateInBatches(rows, 500).Error
	})
}

// replaceNoteDays replaces every note day of the reader.
func (s *store) replaceNoteDays(ctx context.Context, userID string, days []noteDay) error {
	return s.writeReader(ctx, userID, func(tx *gorm.DB) error {
		if err := tx.Exec(`DELETE FROM engagement_note_days WHERE user_id = ?`, userID).Error; err != nil {
			return err
		}
		rows := make([]map[string]any, len(days))
		for i, d := range days {
			rows[i] = map[string]any{"user_id": userID, "day": d.Day, "notes": d.Notes}
		}
		if len(rows) == 0 {
			return nil
		}
		return tx.Table("engagement_note_days").CreateInBatches(rows, 500).Error
	})
}

// putNoteDay sets one day's count of notes; a day without notes has no row.
func (s *store) putNoteDay(ctx context.Context, userID string, d noteDay) error {
	return s.writeReader(ctx, userID, func(tx *gorm.DB) error {
		if d.Notes == 0 {
			return tx.Exec(`DELETE FROM engagement_note_days WHERE user_id = ? AND day = ?`, userID, d.Day).Error
		}
		return tx.Exec(`INSERT INTO engagement_note_days (user_id, day, notes) VALUES (?, ?, ?)
			ON CONFLICT (user_id, day) DO UPDATE SET notes = excluded.notes`, userID, d.Day, d.Notes).Error
	})
}

// markReminder records that a reminder for day was sent or opened; marking
// twice is marking once.
func (s *store) markReminder(ctx context.Context, userID, day string, opened bool) error {
	col := "sent"
	if opened {
		col = "opened"
	}
	return s.writeReader(ctx, userID, func(tx *gorm.DB) error {
		return tx.Exec(`INSERT INTO engagement_reminder_days (user_id, day, sent, opened) VALUES (?, ?, ?, ?)
			ON CONFLICT (user_id, day) DO UPDATE SET `+col+` = TRUE`, userID, day, !opened, opened).Error
	})
}

// deleteReader drops every fact of the reader and records the deletion on
// day, under a hash of the id so a redelivered event counts once.
func (s *store) deleteReader(ctx context.Context, userID, day string) error {
	return s.write(ctx, func(tx *gorm.DB) error {
		for _, t := range []string{"engagement_accounts", "engagement_reading_days", "engagement_note_days", "engagement_reminder_days"} {
			if err := tx.Exec(`DELETE FROM `+t+` WHERE user_id = ?`, userID).Error; err != nil {
				return err
			}
		}
		return tx.Exec(`INSERT INTO engagement_deletions (id, day) VALUES (?, ?) ON CONFLICT (id) DO NOTHING`,
			deletionID(userID), day).Error
	})
}

// facts is what a report is computed from.
type facts struct {
	// reading holds the reading days from the start of the widest window.
	reading  []factRow
	accounts []factRow
	notes    map[string]int
	sent     []factRow
	deleted  map[string]int
}

type factRow struct {
	UserID  string
	Day     string
	GoalMet bool
}

func (s *store) facts(ctx context.Context, readFrom, from, to, retentionTo string) (facts, error) {
	var f facts
	g := s.db.WithContext(ctx)
	// Days before a reader's account existed (an imported history) are
	// not activity: a reader counts from their signup date on.
	if err := g.Raw(`SELECT r.user_id, r.day, r.goal_met FROM engagement_reading_days r
		LEFT JOIN engagement_accounts a ON a.user_id = r.user_id
		WHERE r.day >= ? AND r.day <= ? AND (a.signup_date IS NULL OR r.day >= a.signup_date)`,
		readFrom, retentionTo).Scan(&f.reading).Error; err != nil {
		return f, err
	}
	if err := g.Raw(`SELECT user_id, signup_date AS day FROM engagement_accounts WHERE signup_date >= ? AND signup_date <= ?`,
		readFrom, to).Scan(&f.accounts).Error; err != nil {
		return f, err
	}
	if err := g.Raw(`SELECT user_id, day FROM engagement_reminder_days WHERE sent AND day >= ? AND day <= ?`,
		from, to).Scan(&f.sent).Error; err != nil {
		return f, err
	}
	var err error
	if f.notes, err = s.perDay(ctx, `SELECT n.day, SUM(n.notes) AS n FROM engagement_note_days n
		LEFT JOIN engagement_accounts a ON a.user_id = n.user_id
		WHERE n.day >= ? AND n.day <= ? AND (a.signup_date IS NULL OR n.day >= a.signup_date) GROUP BY n.day`, from, to); err != nil {
		return f, err
	}
	f.deleted, err = s.perDay(ctx, `SELECT day, COUNT(*) AS n FROM engagement_deletions WHERE day >= ? AND day <= ? GROUP BY day`, from, to)
	return f, err
}

func (s *store) perDay(ctx context.Context, sql string, args ...any) (map[string]int, error) {
	var rows []struct {
		Day string
		N   int
	}
	if err := s.db.WithContext(ctx).Raw(sql, args...).Scan(&rows).Error; err != nil {
		return nil, err
	}
	out := make(map[string]int, len(rows))
	for _, r := range rows {
		out[r.Day] = r.N
	}
	return out, nil
}

func (s *store) deletionDays(ctx context.Context) (map[string]int, error) {
	return s.perDay(ctx, `SELECT day, COUNT(*) AS n FROM engagement_deletions GROUP BY day`)
}
