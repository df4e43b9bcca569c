package engagement

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"maps"
	"slices"
	"strings"

	"gorm.io/gorm"

	"lamplight/platform/db"
)

//go:embed migrations
var migrationFS embed.FS

// Migrations creates the projection's tables.
func Migrations() db.Migrations { return db.Embedded("engagement", migrationFS) }

// store keeps the projection's facts and the days' figures summed from
// them. Every write replaces the facts it concerns with values computed
// from their source and moves the figures of the days they count on by the
// difference, in one transaction under the reader's turn.
type store struct{ db *gorm.DB }

// window is the days whose facts a change reads, as dates (both included).
type window struct{ from, to string }

var wholeHistory = window{"0000-00-00", "9999-99-99"}

// around is the window holding every input of the figures that a change of
// the reading days on dates can move: a month before the first and after
// the last.
func around(dates []string) window {
	lo, hi := dates[0], dates[0]
	for _, d := range dates[1:] {
		lo, hi = min(lo, d), max(hi, d)
	}
	return window{date(day(lo) - monthWindow), date(day(hi) + monthWindow)}
}

// readerID is the key a reader's turn and deletion are kept under: a hash,
// so the projection keeps no id of a reader who left.
func readerID(userID string) string {
	sum := sha256.Sum256([]byte("engagement-deletion:" + userID))
	return hex.EncodeToString(sum[:])
}

// facts reads the reader's facts in w, her signup day, and her turn's count
// and deletion, in one statement.
func (s *store) facts(ctx context.Context, g *gorm.DB, userID string, w window) (readerFacts, error) {
	var rows []struct {
		Kind string
		Day  string
		N    int64
	}
	err := g.WithContext(ctx).Raw(`SELECT 'a' AS kind, signup_date AS day, 0 AS n FROM engagement_accounts WHERE user_id = ?
		UNION ALL SELECT 'r', day, CASE WHEN goal_met THEN 1 ELSE 0 END FROM engagement_reading_days WHERE user_id = ? AND day >= ? AND day <= ?
		UNION ALL SELECT 'n', day, notes FROM engagement_note_days WHERE user_id = ? AND day >= ? AND day <= ?
		UNION ALL SELECT 's', day, 1 FROM engagement_reminder_days WHERE user_id = ? AND sent AND day >= ? AND day <= ?
		UNION ALL SELECT 'q', COALESCE(deleted_on, ''), seq FROM engagement_readers WHERE id = ?`,
		userID, userID, w.from, w.to, userID, w.from, w.to, userID, w.from, w.to, readerID(userID)).Scan(&rows).Error
	f := newFacts()
	for _, r := range rows {
		switch r.Kind {
		case "a":
			f.hasAccount, f.signup = true, day(r.Day)
		case "r":
			f.reading[day(r.Day)] = r.N == 1
		case "n":
			f.notes[day(r.Day)] = int(r.N)
		case "s":
			f.sent[day(r.Day)] = true
		case "q":
			f.deleted, f.seq = r.Day, r.N
		}
	}
	return f, err
}

// write is the writes of one change, run under the reader's turn with the
// facts in the change's window as they are then; it answers the facts
// after it and the days whose figures may move.
type write func(tx *gorm.DB, before readerFacts) (after readerFacts, within []span, err error)

// update runs fn under the reader's turn and moves the days' figures by
// the change of her facts. seen are the facts read before the turn (nil:
// none); when no other write of the reader came between, they are used
// instead of reading again. Nothing is written for a deleted reader: a
// handler that saw the account just before it went must not bring a row
// back, and the deletion takes the same turn.
func (s *store) update(ctx context.Context, userID string, w window, seen *readerFacts, fn write) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		seq, deleted, err := turn(tx, userID)
		if err != nil || deleted != "" {
			return err
		}
		var before readerFacts
		if seen != nil && seen.seq+1 == seq {
			before = *seen
		} else if before, err = s.facts(ctx, tx, userID, w); err != nil {
			return err
		}
		after, within, err := fn(tx, before)
		if err != nil || len(within) == 0 {
			return err
		}
		return addDays(tx, change(before, after, within).rows())
	})
}

// turn takes the reader's turn (her row's lock on PostgreSQL; SQLite
// writes one at a time anyway) and answers her write count and deletion.
func turn(tx *gorm.DB, userID string) (seq int64, deleted string, err error) {
	err = tx.Raw(`INSERT INTO engagement_readers (id, seq) VALUES (?, 1)
		ON CONFLICT (id) DO UPDATE SET seq = engagement_readers.seq + 1
		RETURNING seq, COALESCE(deleted_on, '')`, readerID(userID)).Row().Scan(&seq, &deleted)
	return seq, deleted, err
}

// addDays adds the changes to the days' figures, in day order so two
// writers meet their rows in the same order.
func addDays(tx *gorm.DB, rows []dayCounts) error {
	set := make([]string, nFields)
	for i, c := range columns {
		set[i] = c + " = engagement_days." + c + " + excluded." + c
	}
	return insertDays(tx, rows, " ON CONFLICT (day) DO UPDATE SET "+strings.Join(set, ", "))
}

func insertDays(tx *gorm.DB, rows []dayCounts, conflict string) error {
	const batch = 500
	for len(rows) > 0 {
		n := min(batch, len(rows))
		values := make([]string, n)
		args := make([]any, 0, n*(nFields+1))
		for i, r := range rows[:n] {
			values[i] = "(?" + strings.Repeat(", ?", nFields) + ")"
			args = append(args, date(r.day))
			for _, v := range r.c {
				args = append(args, v)
			}
		}
		sql := "INSERT INTO engagement_days (day, " + strings.Join(columns[:], ", ") + ") VALUES " + strings.Join(values, ", ") + conflict
		if err := tx.Exec(sql, args...).Error; err != nil {
			return err
		}
		rows = rows[n:]
	}
	return nil
}

// putReadingDays writes the reader's reading days that differ from
// before among days, and deletes those that are gone.
func putReadingDays(tx *gorm.DB, userID string, before, after map[int]bool, days []int) error {
	var gone []string
	var put []any
	for _, d := range days {
		was, had := before[d]
		is, has := after[d]
		switch {
		case had && !has:
			gone = append(gone, date(d))
		case has && (!had || was != is):
			put = append(put, []any{userID, date(d), is})
		}
	}
	if len(gone) > 0 {
		if err := tx.Exec(`DELETE FROM engagement_reading_days WHERE user_id = ? AND day IN ?`, userID, gone).Error; err != nil {
			return err
		}
	}
	return insertRows(tx, `INSERT INTO engagement_reading_days (user_id, day, goal_met) VALUES `,
		` ON CONFLICT (user_id, day) DO UPDATE SET goal_met = excluded.goal_met`, put)
}

// insertRows inserts rows (each a []any of the same length) in batches.
func insertRows(tx *gorm.DB, insert, conflict string, rows []any) error {
	const batch = 1000
	for len(rows) > 0 {
		n := min(batch, len(rows))
		values := make([]string, n)
		var args []any
		for i, r := range rows[:n] {
			vals := r.([]any)
			values[i] = "(?" + strings.Repeat(", ?", len(vals)-1) + ")"
			args = append(args, vals...)
		}
		if err := tx.Exec(insert+strings.Join(values, ", ")+conflict, args...).Error; err != nil {
			return err
		}
		rows = rows[n:]
	}
	return nil
}

// replace writes the reader's account, reading days and note days as
// after has them, replacing every stored one; reminders stay as recorded.
func replace(tx *gorm.DB, userID string, after readerFacts) error {
	return replaceAll(tx, map[string]readerFacts{userID: after})
}

// replaceAll is replace for many readers, in a few statements.
func replaceAll(tx *gorm.DB, readers map[string]readerFacts) error {
	ids := slices.Sorted(maps.Keys(readers))
	for _, t := range []string{"engagement_reading_days", "engagement_note_days"} {
		if err := tx.Exec(`DELETE FROM `+t+` WHERE user_id IN ?`, ids).Error; err != nil {
			return err
		}
	}
	var accounts, reading, notes []any
	for _, u := range ids {
		f := readers[u]
		if f.hasAccount {
			accounts = append(accounts, []any{u, date(f.signup)})
		}
		for d, goal := range f.reading {
			reading = append(reading, []any{u, date(d), goal})
		}
		for d, n := range f.notes {
			notes = append(notes, []any{u, date(d), n})
		}
	}
	if err := insertRows(tx, `INSERT INTO engagement_accounts (user_id, signup_date) VALUES `,
		` ON CONFLICT (user_id) DO UPDATE SET signup_date = excluded.signup_date`, accounts); err != nil {
		return err
	}
	if err := insertRows(tx, `INSERT INTO engagement_reading_days (user_id, day, goal_met) VALUES `, "", reading); err != nil {
		return err
	}
	return insertRows(tx, `INSERT INTO engagement_note_days (user_id, day, notes) VALUES `, "", notes)
}

// turns takes the turns of many readers (in key order, so two writers take
// them in the same order) and answers those deleted.
func turns(tx *gorm.DB, userIDs []string) (map[string]bool, error) {
	byKey := make(map[string]string, len(userIDs))
	for _, u := range userIDs {
		byKey[readerID(u)] = u
	}
	var rows []any
	for _, k := range slices.Sorted(maps.Keys(byKey)) {
		rows = append(rows, []any{k, 1})
	}
	deleted := map[string]bool{}
	const batch = 1000
	for len(rows) > 0 {
		n := min(batch, len(rows))
		values := make([]string, n)
		var args []any
		for i, r := range rows[:n] {
			values[i] = "(?, ?)"
			args = append(args, r.([]any)...)
		}
		var gone []string
		if err := tx.Raw(`INSERT INTO engagement_readers (id, seq) VALUES `+strings.Join(values, ", ")+`
			ON CONFLICT (id) DO UPDATE SET seq = engagement_readers.seq + 1
			RETURNING CASE WHEN deleted_on IS NULL THEN '' ELSE id END`, args...).Scan(&gone).Error; err != nil {
			return nil, err
		}
		for _, k := range gone {
			if k != "" {
				deleted[byKey[k]] = true
			}
		}
		rows = rows[n:]
	}
	return deleted, nil
}

// putNoteDay sets one day's count of notes; a day without notes has no row.
func putNoteDay(tx *gorm.DB, userID string, d int, n int) error {
	if n == 0 {
		return tx.Exec(`DELETE FROM engagement_note_days WHERE user_id = ? AND day = ?`, userID, date(d)).Error
	}
	return tx.Exec(`INSERT INTO engagement_note_days (user_id, day, notes) VALUES (?, ?, ?)
		ON CONFLICT (user_id, day) DO UPDATE SET notes = excluded.notes`, userID, date(d), n).Error
}

// markReminder records that a reminder for day was sent or opened; marking
// twice is marking once.
func markReminder(tx *gorm.DB, userID, day string, opened bool) error {
	col := "sent"
	if opened {
		col = "opened"
	}
	return tx.Exec(`INSERT INTO engagement_reminder_days (user_id, day, sent, opened) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id, day) DO UPDATE SET `+col+` = TRUE`, userID, day, !opened, opened).Error
}

// deleteReader drops every fact of the reader, takes her off the days'
// figures and records the deletion on day; a second deletion of the same
// reader (a redelivered event) changes nothing.
func (s *store) deleteReader(ctx context.Context, userID, on string) error {
	return s.update(ctx, userID, wholeHistory, nil, func(tx *gorm.DB, before readerFacts) (readerFacts, []span, error) {
		for _, t := range []string{"engagement_accounts", "engagement_reading_days", "engagement_note_days", "engagement_reminder_days"} {
			if err := tx.Exec(`DELETE FROM `+t+` WHERE user_id = ?`, userID).Error; err != nil {
				return before, nil, err
			}
		}
		if err := tx.Exec(`UPDATE engagement_readers SET deleted_on = ? WHERE id = ?`, on, readerID(userID)).Error; err != nil {
			return before, nil, err
		}
		t := change(before, newFacts(), always)
		t.add(day(on), day(on), fDeleted, 1)
		return before, nil, addDays(tx, t.rows())
	})
}

// days reads the figures of the days from to to.
func (s *store) days(ctx context.Context, from, to string) (map[int]counts, error) {
	rows, err := s.db.WithContext(ctx).Raw(`SELECT day, `+strings.Join(columns[:], ", ")+` FROM engagement_days
		WHERE day >= ? AND day <= ?`, from, to).Rows()
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int]counts{}
	for rows.Next() {
		var d string
		var c counts
		dest := []any{&d}
		for i := range c {
			dest = append(dest, &c[i])
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		out[day(d)] = c
	}
	return out, rows.Err()
}

// deletionDays are the days with deleted accounts and their numbers.
func (s *store) deletionDays(ctx context.Context) (map[string]int, error) {
	var rows []struct {
		Day     string
		Deleted int
	}
	if err := s.db.WithContext(ctx).Raw(`SELECT day, deleted FROM engagement_days WHERE deleted > 0`).Scan(&rows).Error; err != nil {
		return nil, err
	}
	out := make(map[string]int, len(rows))
	for _, r := range rows {
		out[r.Day] = r.Deleted
	}
	return out, nil
}

// seq is the reader's count of writes (tests).
func (s *store) seq(ctx context.Context, userID string) (int64, error) {
	var n int64
	err := s.db.WithContext(ctx).Raw(`SELECT COALESCE(MAX(seq), 0) FROM engagement_readers WHERE id = ?`, readerID(userID)).Scan(&n).Error
	return n, err
}
