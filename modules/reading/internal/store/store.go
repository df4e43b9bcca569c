// Package store keeps log entries in the database. Every read and write is
// scoped by the owner's id, so another reader's entry is simply not found.
package store

import (
	"cmp"
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"lamplight/modules/bible"
	"lamplight/modules/reading/readingapi"
	"lamplight/platform/db"
	"lamplight/platform/uow"
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
type Store struct {
	db *gorm.DB
	w  *uow.Writer
}

// New builds the repository on the units of work of w.
func New(w *uow.Writer) *Store { return &Store{db: w.DB(), w: w} }

// Tx is a unit of work on one reader's log, at a new log version. The
// version is taken when it starts; on PostgreSQL the version row stays
// locked until commit, so writes to one log are applied one after another.
type Tx struct {
	*uow.Tx
	tx      *gorm.DB
	userID  string
	Version int64
}

// Transact runs fn in one unit of work on userID's log, after incrementing
// the log's version.
func (s *Store) Transact(ctx context.Context, userID string, fn func(t *Tx) error) error {
	return s.w.Transact(ctx, func(u *uow.Tx) error {
		t, err := Join(u, userID)
		if err != nil {
			return err
		}
		return fn(t)
	})
}

// Join starts work on userID's log inside a unit of work another module
// began (an import), incrementing the log's version as Transact does.
func Join(u *uow.Tx, userID string) (*Tx, error) {
	var v versionRow
	err := u.DB().Raw(`INSERT INTO log_versions (user_id, version) VALUES (?, 1)
		ON CONFLICT (user_id) DO UPDATE SET version = log_versions.version + 1
		RETURNING user_id, version`, userID).Scan(&v).Error
	if err != nil {
		return nil, err
	}
	u.Stamp(readingapi.VersionStamp(userID), v.Version)
	return &Tx{Tx: u, tx: u.DB(), userID: userID, Version: v.Version}, nil
}

// EntryKey is what makes two entries the same reading: date and range.
type EntryKey struct {
	Date       string
	Start, End bible.VerseID
}

// Keys returns the date and range of every entry of the reader's log on
// dates, as the unit of work sees it: an import's chunk reads only its own
// dates, so a long log does not lengthen every chunk's hold on the write
// lock.
func (t *Tx) Keys(dates []string) (map[EntryKey]bool, error) {
	rows, err := t.tx.Model(&entryRow{}).Select("date, start_verse_id, end_verse_id").
		Where("user_id = ? AND date IN ?", t.userID, dates).Rows()
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[EntryKey]bool{}
	for rows.Next() {
		var (
			k    EntryKey
			s, e int
		)
		if err := rows.Scan(&k.Date, &s, &e); err != nil {
			return nil, err
		}
		k.Start, k.End = bible.VerseID(s), bible.VerseID(e)
		out[k] = true
	}
	return out, rows.Err()
}

// Insert adds entries with multi-row statements (a batch may hold a thousand).
// The statements are written here rather than by the ORM, whose per-row
// reflection was most of an import of 100,000 entries.
func (t *Tx) Insert(entries ...readingapi.Entry) error {
	// 8 columns a row stays under SQLite's default limit of bound variables.
	const batch = 100
	for from := 0; from < len(entries); from += batch {
		part := entries[from:min(from+batch, len(entries))]
		var q strings.Builder
		q.WriteString("INSERT INTO log_entries (id, user_id, date, start_verse_id, end_verse_id, version, created_at, updated_at) VALUES ")
		args := make([]any, 0, len(part)*8)
		for i, e := range part {
			if i > 0 {
				q.WriteByte(',')
			}
			q.WriteString("(?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, e.ID, t.userID, e.Date, int(e.Start), int(e.End), t.Version, e.CreatedAt, e.UpdatedAt)
		}
		if err := t.tx.Exec(q.String(), args...).Error; err != nil {
			return err
		}
	}
	return nil
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
// ordered by date and start verse.
func (s *Store) List(ctx context.Context, userID, from, to string) ([]readingapi.Entry, error) {
	_, entries, err := s.load(ctx, userID, from, to)
	return entries, err
}

// entryLine is how the database renders one entry for load: its columns
// joined by tabs, the timestamps in one layout on both dialects; joinLines
// joins the lines into one text.
var (
	entryLine = map[string]string{
		db.SQLite: `id || char(9) || date || char(9) || start_verse_id || char(9) || end_verse_id
		|| char(9) || created_at || char(9) || updated_at`,
		db.Postgres: `id || E'\t' || date || E'\t' || start_verse_id || E'\t' || end_verse_id
		|| E'\t' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US"+00:00"')
		|| E'\t' || to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US"+00:00"')`,
	}
	joinLines = map[string]string{
		db.SQLite:   `group_concat(line, char(10))`,
		db.Postgres: `string_agg(line, E'\n')`,
	}
)

// timeLayout is how the SQLite driver writes a time, and how entryLine
// renders one on PostgreSQL.
const timeLayout = "2006-01-02 15:04:05.999999999-07:00"

// load reads the reader's log version and entries in [from, to] in one
// statement, so they agree. The database joins each entry into a line and
// the lines into one text, split here: a ten-year log is thousands of rows,
// and fetching them one by one through the driver (a value per column, each
// timestamp parsed by trying layouts) was most of a projection's recompute.
func (s *Store) load(ctx context.Context, userID, from, to string) (int64, []readingapi.Entry, error) {
	where, args := "user_id = ?", []any{userID, userID}
	if from != "" {
		where += " AND date >= ?"
		args = append(args, from)
	}
	if to != "" {
		where += " AND date <= ?"
		args = append(args, to)
	}
	var (
		version int64
		text    sql.NullString
	)
	// The rows are ordered in a subquery rather than by the aggregate's own
	// ORDER BY: SQLite sorts for that even when the index already gives the
	// order. An aggregate is not bound to keep its input's order, so
	// parseEntries sorts again, which costs one pass over sorted lines.
	q := "SELECT COALESCE((SELECT version FROM log_versions WHERE user_id = ?), 0), (SELECT " +
		joinLines[s.db.Name()] + " FROM (SELECT " + entryLine[s.db.Name()] + " AS line FROM log_entries WHERE " +
		where + " ORDER BY date, start_verse_id, id) AS log_lines)"
	if err := s.db.WithContext(ctx).Raw(q, args...).Row().Scan(&version, &text); err != nil {
		return 0, nil, err
	}
	entries, err := parseEntries(text.String)
	return version, entries, err
}

// logOrder is the log's order: date, start verse, id.
func logOrder(a, b readingapi.Entry) int {
	return cmp.Or(strings.Compare(a.Date, b.Date), cmp.Compare(a.Start, b.Start), strings.Compare(a.ID, b.ID))
}

// parseTime reads timeLayout with a UTC offset, the only form either
// database writes here, by position: time.Parse was a fifth of loading a
// log. Anything else goes to time.Parse.
func parseTime(v string) (time.Time, error) {
	n := len(v)
	if n < 25 || v[4] != '-' || v[7] != '-' || v[10] != ' ' || v[13] != ':' || v[16] != ':' || v[n-3] != ':' || (v[n-6] != '+' && v[n-6] != '-') {
		return time.Parse(timeLayout, v)
	}
	num := func(s string) int {
		x := 0
		for i := 0; i < len(s); i++ {
			c := s[i]
			if c < '0' || c > '9' {
				return -1
			}
			x = x*10 + int(c-'0')
		}
		return x
	}
	year, month, day := num(v[0:4]), num(v[5:7]), num(v[8:10])
	hour, minute, sec := num(v[11:13]), num(v[14:16]), num(v[17:19])
	zh, zm := num(v[n-5:n-3]), num(v[n-2:])
	nsec, frac := 0, v[19:n-6]
	if frac != "" {
		if frac[0] != '.' || len(frac) < 2 || len(frac) > 10 {
			return time.Parse(timeLayout, v)
		}
		nsec = num(frac[1:])
		for range 10 - len(frac) {
			nsec *= 10
		}
	}
	if min(year, month, day, hour, minute, sec, zh, zm, nsec) < 0 || month > 12 || day > 31 || hour > 23 || minute > 59 || sec > 59 {
		return time.Parse(timeLayout, v)
	}
	offset := (zh*60 + zm) * 60
	if v[n-6] == '-' {
		offset = -offset
	}
	t := time.Date(year, time.Month(month), day, hour, minute, sec, nsec, time.UTC)
	return t.Add(-time.Duration(offset) * time.Second), nil
}

// parseEntries splits load's text. The strings share its memory.
func parseEntries(text string) ([]readingapi.Entry, error) {
	out := make([]readingapi.Entry, 0, strings.Count(text, "\n")+1)
	for line := range strings.SplitSeq(text, "\n") {
		if line == "" {
			continue
		}
		var f [6]string
		for i := range 5 {
			tab := strings.IndexByte(line, '\t')
			if tab < 0 {
				return nil, fmt.Errorf("log entry %q: %d columns", line, i+1)
			}
			f[i], line = line[:tab], line[tab+1:]
		}
		f[5] = line
		start, err1 := strconv.Atoi(f[2])
		end, err2 := strconv.Atoi(f[3])
		created, err3 := parseTime(f[4])
		updated, err4 := parseTime(f[5])
		if err := errors.Join(err1, err2, err3, err4); err != nil {
			return nil, fmt.Errorf("log entry %s: %w", f[0], err)
		}
		out = append(out, readingapi.Entry{
			ID: f[0], Date: f[1], Start: bible.VerseID(start), End: bible.VerseID(end),
			CreatedAt: created.UTC(), UpdatedAt: updated.UTC(),
		})
	}
	if !slices.IsSortedFunc(out, logOrder) {
		slices.SortFunc(out, logOrder)
	}
	return out, nil
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

// Snapshot reads the entries dated on or after from and the log version in
// one statement, so they agree.
func (s *Store) Snapshot(ctx context.Context, userID, from string) (readingapi.Log, error) {
	version, entries, err := s.load(ctx, userID, from, "")
	return readingapi.Log{Entries: entries, Version: version}, err
}

// Delta returns the log version, the entries written and the ids deleted
// after version since, in one statement so they agree, without a
// transaction: on SQLite a transaction here would take the write lock.
func (s *Store) Delta(ctx context.Context, userID string, since int64) (int64, []readingapi.Entry, []string, error) {
	join := joinLines[s.db.Name()]
	q := "SELECT COALESCE((SELECT version FROM log_versions WHERE user_id = ?), 0), (SELECT " +
		join + " FROM (SELECT " + entryLine[s.db.Name()] + " AS line FROM log_entries WHERE user_id = ? AND version > ?) AS log_lines), (SELECT " +
		strings.Replace(join, "line", "entry_id", 1) + " FROM log_entry_tombstones WHERE user_id = ? AND version > ?)"
	var (
		version        int64
		lines, deleted sql.NullString
	)
	// Prepared once per connection: parsing it was a tenth of the CPU of
	// many readers writing on SQLite.
	if err := s.db.Session(&gorm.Session{PrepareStmt: true}).WithContext(ctx).Raw(q, userID, userID, since, userID, since).Row().Scan(&version, &lines, &deleted); err != nil {
		return 0, nil, nil, err
	}
	entries, err := parseEntries(lines.String)
	if err != nil {
		return 0, nil, nil, err
	}
	var ids []string
	if deleted.String != "" {
		ids = strings.Split(deleted.String, "\n")
	}
	return version, entries, ids, nil
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

// ReadersActiveSince counts the readers who logged or edited an entry since t.
func (s *Store) ReadersActiveSince(ctx context.Context, t time.Time) (int64, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&entryRow{}).Where("updated_at >= ?", t).Distinct("user_id").Count(&n).Error
	return n, err
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
