// Package store keeps passage notes, their passages and their tag ids in
// the database. Every read and write is scoped by the owner's id, so
// another reader's note is simply not found. A page of notes is read in
// four statements whatever its size: the count, the page, then all its
// passages and all its tag ids in one query each.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"lamplight/modules/bible"
	"lamplight/modules/notes/internal/domain"
	"lamplight/modules/notes/notesapi"
	"lamplight/platform/db"
	"lamplight/platform/uow"
)

//go:embed migrations
var migrationFS embed.FS

// Migrations creates the notes tables.
func Migrations() db.Migrations { return db.Embedded("notes", migrationFS) }

// ErrNotFound means no note with that id belongs to the reader.
var ErrNotFound = errors.New("note not found")

type noteRow struct {
	ID         string `gorm:"primaryKey"`
	UserID     string
	Content    string
	SearchText string
	// TagSet is domain.TagSet of the note's tags, kept with note_tags.
	TagSet    string
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (noteRow) TableName() string { return "passage_notes" }

type passageRow struct {
	NoteID       string `gorm:"primaryKey"`
	Position     int    `gorm:"primaryKey"`
	UserID       string
	StartVerseID int
	EndVerseID   int
}

func (passageRow) TableName() string { return "note_passages" }

type bookRow struct {
	NoteID string `gorm:"primaryKey"`
	Book   int    `gorm:"primaryKey"`
	UserID string
}

func (bookRow) TableName() string { return "note_books" }

type tagRow struct {
	NoteID string `gorm:"primaryKey"`
	TagID  string `gorm:"primaryKey"`
	UserID string
}

func (tagRow) TableName() string { return "note_tags" }

func (r noteRow) note() notesapi.Note {
	return notesapi.Note{
		ID: r.ID, Content: r.Content, Passages: []bible.Range{}, Tags: []string{},
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(),
	}
}

// Store is the notes repository.
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

// Insert adds a note with its passages and tags; search is its folded content.
func (s *Tx) Insert(userID string, n notesapi.Note, search string) error {
	err := s.db.Create(&noteRow{
		ID: n.ID, UserID: userID, Content: n.Content, SearchText: search, TagSet: domain.TagSet(n.Tags),
		CreatedAt: n.CreatedAt, UpdatedAt: n.UpdatedAt,
	}).Error
	if err != nil {
		return err
	}
	return s.insertChildren(userID, n)
}

func (s *Tx) insertChildren(userID string, n notesapi.Note) error {
	if len(n.Passages) > 0 {
		rows := make([]passageRow, len(n.Passages))
		for i, p := range n.Passages {
			rows[i] = passageRow{NoteID: n.ID, Position: i, UserID: userID, StartVerseID: int(p.Start), EndVerseID: int(p.End)}
		}
		if err := s.db.Create(&rows).Error; err != nil {
			return err
		}
		var books []bookRow
		for _, p := range n.Passages {
			if b := p.Start.Book(); !slices.ContainsFunc(books, func(r bookRow) bool { return r.Book == b }) {
				books = append(books, bookRow{NoteID: n.ID, Book: b, UserID: userID})
			}
		}
		if err := s.db.Create(&books).Error; err != nil {
			return err
		}
	}
	if len(n.Tags) > 0 {
		rows := make([]tagRow, len(n.Tags))
		for i, id := range n.Tags {
			rows[i] = tagRow{NoteID: n.ID, TagID: id, UserID: userID}
		}
		if err := s.db.Create(&rows).Error; err != nil {
			return err
		}
	}
	return nil
}

// Lock reads one of the reader's notes (without passages and tags) for a
// change; on PostgreSQL the note stays locked until the transaction ends,
// so changes apply in turn.
func (s *Tx) Lock(userID, id string) (notesapi.Note, error) {
	q := s.db
	if s.db.Name() == db.Postgres {
		q = q.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	return row(q, userID, id)
}

// Replace writes a note's content, passages and tags over the stored ones.
func (s *Tx) Replace(userID string, n notesapi.Note, search string) error {
	res := s.db.Model(&noteRow{}).Where("user_id = ? AND id = ?", userID, n.ID).Updates(map[string]any{
		"content": n.Content, "search_text": search, "tag_set": domain.TagSet(n.Tags), "updated_at": n.UpdatedAt,
	})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	for _, m := range []any{&passageRow{}, &bookRow{}, &tagRow{}} {
		if err := s.db.Where("user_id = ? AND note_id = ?", userID, n.ID).Delete(m).Error; err != nil {
			return err
		}
	}
	return s.insertChildren(userID, n)
}

// Delete removes one of the reader's notes; its passages, books and tags go
// with it (ON DELETE CASCADE).
func (s *Tx) Delete(userID, id string) error {
	res := s.db.Where("user_id = ? AND id = ?", userID, id).Delete(&noteRow{})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// Get reads one of the reader's notes with its passages and tags.
func (s *Store) Get(ctx context.Context, userID, id string) (notesapi.Note, error) {
	n, err := row(s.db.WithContext(ctx), userID, id)
	if err != nil {
		return notesapi.Note{}, err
	}
	notes := []notesapi.Note{n}
	if err := s.fill(ctx, userID, notes); err != nil {
		return notesapi.Note{}, err
	}
	return notes[0], nil
}

func row(q *gorm.DB, userID, id string) (notesapi.Note, error) {
	var r noteRow
	err := q.Where("user_id = ? AND id = ?", userID, id).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return notesapi.Note{}, ErrNotFound
	}
	if err != nil {
		return notesapi.Note{}, err
	}
	return r.note(), nil
}

// fill loads the passages and tag ids of notes in one query each.
func (s *Store) fill(ctx context.Context, userID string, notes []notesapi.Note) error {
	if len(notes) == 0 {
		return nil
	}
	ids := make([]string, len(notes))
	at := make(map[string]*notesapi.Note, len(notes))
	for i := range notes {
		ids[i] = notes[i].ID
		at[notes[i].ID] = &notes[i]
	}
	g := s.db.WithContext(ctx)
	// On SQLite the unary + keeps the reader's index (all her passages or
	// tags) from being walked instead of looking up these notes' rows.
	owner := "user_id = ?"
	if s.db.Name() == db.SQLite {
		owner = "+user_id = ?"
	}
	var passages []passageRow
	if err := g.Where(owner+" AND note_id IN ?", userID, ids).Order("note_id, position").Find(&passages).Error; err != nil {
		return err
	}
	for _, p := range passages {
		n := at[p.NoteID]
		n.Passages = append(n.Passages, bible.Range{Start: bible.VerseID(p.StartVerseID), End: bible.VerseID(p.EndVerseID)})
	}
	var tags []tagRow
	if err := g.Where(owner+" AND note_id IN ?", userID, ids).Order("note_id, tag_id").Find(&tags).Error; err != nil {
		return err
	}
	for _, t := range tags {
		n := at[t.NoteID]
		n.Tags = append(n.Tags, t.TagID)
	}
	return nil
}

// read runs the reads of one answer. On PostgreSQL they share one
// snapshot (a count agrees with its page) and are planned for this reader:
// one reader may have thousands of notes where most have a few, so a plan
// cached for "a reader" (after five runs of a prepared statement) can be
// wrong for her by a thousand times. Which index serves her is the
// planner's choice, from statistics kept fresh (Analyse).
func (s *Store) read(ctx context.Context, fn func(st *Store) error) error {
	if s.db.Name() != db.Postgres {
		return fn(s)
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec("SET LOCAL plan_cache_mode = force_custom_plan").Error; err != nil {
			return err
		}
		return fn(&Store{db: tx})
	}, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
}

// Analyse refreshes the planner's statistics of the notes tables on
// PostgreSQL and moves the trigram index's pending entries into the index
// proper, which every search would otherwise read whole. SQLite's
// searches do not depend on statistics: each way of answering is chosen
// by the store.
func (s *Store) Analyse(ctx context.Context) error {
	if s.db.Name() != db.Postgres {
		return nil
	}
	g := s.db.WithContext(ctx)
	if err := g.Exec("ANALYZE passage_notes, note_passages, note_tags, note_books").Error; err != nil {
		return err
	}
	return g.Exec("SELECT gin_clean_pending_list('passage_notes_user_search')").Error
}

// List returns a page of the reader's notes matching q, and how many match
// in all.
func (s *Store) List(ctx context.Context, userID string, q domain.Query) (notes []notesapi.Note, size int, err error) {
	err = s.read(ctx, func(st *Store) error {
		notes, size, err = st.list(ctx, userID, q)
		return err
	})
	return notes, size, err
}

// search is how a list query tests its search text.
type search int

const (
	// byLike: LIKE on PostgreSQL, where the planner chooses between the
	// trigram index and the reader's notes.
	byLike search = iota
	// byIndex: on SQLite, the few notes SQLite's trigram index found,
	// looked up by their numbers.
	byIndex
	// byText: SQLite tests the text of each note it reads (instr), for a
	// search under three characters, or for a search matching many
	// notes, whose page is found by walking the reader's notes in page
	// order.
	byText
)

// searchCandidates is how many matching notes SQLite looks up one by one
// (by their numbers in the trigram index) for a page; past it, walking the
// reader's notes in page order and stopping at a full page reads fewer
// notes.
const searchCandidates = 300

// inRange keeps a trigram index query to the rowids of one reader's
// notes (its argument is the reader's id, twice): each reader's notes have
// numbers of their own, base + 1, base + 2, ... (migration 00005).
const inRange = "rowid BETWEEN (SELECT base FROM note_search_readers WHERE user_id = ?)" +
	" AND (SELECT base + 4294967295 FROM note_search_readers WHERE user_id = ?)"

func (s *Store) list(ctx context.Context, userID string, q domain.Query) ([]notesapi.Note, int, error) {
	g := s.db.WithContext(ctx)
	how, found := byLike, []int64(nil)
	if q.Search != "" && s.db.Name() == db.SQLite {
		how = byText
		if utf8.RuneCountInString(q.Search) >= 3 {
			// One pass over the index finds the matching notes when they
			// are few; their numbers serve both the count and the page.
			err := g.Raw("SELECT rowid FROM passage_notes_search WHERE passage_notes_search MATCH ? AND "+inRange+" LIMIT ?",
				ftsPhrase(q.Search), userID, userID, searchCandidates+1).Scan(&found).Error
			if err != nil {
				return nil, 0, err
			}
			if len(found) <= searchCandidates {
				how = byIndex
			}
		}
	}
	if how == byLike && q.Search != "" && q.Offset == 0 {
		return s.firstSearchPage(ctx, userID, q)
	}
	var size int64
	switch {
	case how == byIndex && len(found) == 0:
	case how == byIndex && onlySearch(q):
		size = int64(len(found))
	case how == byText && len(found) > searchCandidates && onlySearch(q):
		// Counted in the index alone: no note is read.
		err := g.Raw("SELECT COUNT(*) FROM passage_notes_search WHERE passage_notes_search MATCH ? AND "+inRange,
			ftsPhrase(q.Search), userID, userID).Scan(&size).Error
		if err != nil {
			return nil, 0, err
		}
	default:
		where, args := filter(userID, q, how, found)
		if err := g.Raw("SELECT COUNT(*) FROM passage_notes n WHERE "+where, args...).Scan(&size).Error; err != nil {
			return nil, 0, err
		}
	}
	if size == 0 || q.Offset >= int(size) {
		return []notesapi.Note{}, int(size), nil
	}
	rows, err := s.page(ctx, userID, q, how, found, q.Limit)
	if err != nil {
		return nil, 0, err
	}
	return s.filled(ctx, userID, rows, int(size))
}

// searchProbe is how many notes the first page of a search on PostgreSQL
// reads at most before counting: when no more match, they are the count.
const searchProbe = domain.MaxLimit

// firstSearchPage answers the first page of a search on PostgreSQL. Up to
// searchProbe+1 matching notes are read in page order first: a rare word
// or phrase is then counted by that read alone (one pass over the trigram
// index instead of two), and a common one, read from the reader's notes
// newest first, stops after a few dozen.
func (s *Store) firstSearchPage(ctx context.Context, userID string, q domain.Query) ([]notesapi.Note, int, error) {
	rows, err := s.page(ctx, userID, q, byLike, nil, searchProbe+1)
	if err != nil {
		return nil, 0, err
	}
	size := int64(len(rows))
	if size > searchProbe {
		where, args := filter(userID, q, byLike, nil)
		if err := s.db.WithContext(ctx).Raw("SELECT COUNT(*) FROM passage_notes n WHERE "+where, args...).Scan(&size).Error; err != nil {
			return nil, 0, err
		}
	}
	return s.filled(ctx, userID, rows[:min(q.Limit, len(rows))], int(size))
}

// page reads up to limit notes matching q from q.Offset on, in q's order,
// without their passages and tags. The ids are found first, from indexes
// alone where the filters allow, so a deep offset skips index entries, not
// whole notes.
func (s *Store) page(ctx context.Context, userID string, q domain.Query, how search, found []int64, limit int) ([]noteRow, error) {
	column, dir := "n.created_at", " ASC"
	if q.SortOn == domain.SortUpdatedAt {
		column = "n.updated_at"
	}
	if q.Desc {
		dir = " DESC"
	}
	where, args := filter(userID, q, how, found)
	order := " ORDER BY " + column + dir + ", n.id" + dir
	var rows []noteRow
	err := s.db.WithContext(ctx).Raw("SELECT n.id, n.content, n.created_at, n.updated_at FROM passage_notes n"+
		" JOIN (SELECT n.id FROM passage_notes n WHERE "+where+order+" LIMIT ? OFFSET ?) page ON page.id = n.id"+order,
		append(args, limit, q.Offset)...).Scan(&rows).Error
	return rows, err
}

// filled is the notes of rows with their passages and tags, and size.
func (s *Store) filled(ctx context.Context, userID string, rows []noteRow, size int) ([]notesapi.Note, int, error) {
	notes := make([]notesapi.Note, 0, len(rows))
	for _, r := range rows {
		notes = append(notes, r.note())
	}
	if err := s.fill(ctx, userID, notes); err != nil {
		return nil, 0, err
	}
	return notes, size, nil
}

// onlySearch reports whether q filters by its search text alone.
func onlySearch(q domain.Query) bool {
	return q.Passage == nil && q.TagMatching != domain.MatchExact && len(q.Tags) == 0
}

// ftsPhrase is an FTS5 query for text as one phrase: with the trigram
// tokenizer, the notes that contain it.
func ftsPhrase(text string) string { return `"` + strings.ReplaceAll(text, `"`, `""`) + `"` }

// filter is the WHERE clause of a list query over passage_notes n; found
// is the numbers of the notes matching the search (byIndex).
func filter(userID string, q domain.Query, how search, found []int64) (string, []any) {
	conds, args := []string{"n.user_id = ?"}, []any{userID}
	add := func(cond string, a ...any) {
		conds = append(conds, cond)
		args = append(args, a...)
	}
	switch {
	case q.TagMatching == domain.MatchExact:
		// Untagged notes when no tag is given.
		add("n.tag_set = ?", domain.TagSet(q.Tags))
	case len(q.Tags) == 0:
	case q.TagMatching == domain.MatchAny:
		add("n.id IN (SELECT t.note_id FROM note_tags t WHERE t.user_id = ? AND t.tag_id IN ?)", userID, q.Tags)
	case q.TagMatching == domain.MatchAll:
		add("n.id IN (SELECT t.note_id FROM note_tags t WHERE t.user_id = ? AND t.tag_id IN ? GROUP BY t.note_id HAVING COUNT(*) = ?)",
			userID, q.Tags, len(q.Tags))
	}
	if q.Search != "" {
		// Every way finds the notes whose folded text contains the folded
		// search, so both databases match the same notes.
		switch how {
		case byIndex:
			// The unary + keeps SQLite from walking every note of the
			// reader by her index and probing the numbers: the few notes
			// are looked up instead.
			conds[0] = "+n.user_id = ?"
			add("n.search_id IN ?", found)
		case byText:
			add("instr(n.search_text, ?) > 0", q.Search)
		default:
			add(`n.search_text LIKE ? ESCAPE '\'`, "%"+escapeLike(q.Search)+"%")
		}
	}
	if p := q.Passage; p != nil {
		// Passages lie within one book, so a passage overlapping the span
		// starts no earlier than the first verse of the span's first book
		// and ends no later than the last verse of its final book. The
		// redundant bounds keep the index range scan (and the planner's
		// estimate) to the books concerned.
		lo, hi := p.First, p.Final
		if q.PassageMatching == domain.MatchInclusive {
			lo, hi = bookStart(p.First), bookEnd(p.Final)
		}
		add("n.id IN (SELECT p.note_id FROM note_passages p WHERE p.user_id = ?"+
			" AND p.start_verse_id BETWEEN ? AND ? AND p.end_verse_id BETWEEN ? AND ?)",
			userID, int(lo), int(p.Final), int(p.First), int(hi))
	}
	return strings.Join(conds, " AND "), args
}

func bookStart(v bible.VerseID) bible.VerseID { return bible.NewVerseID(v.Book(), 1, 1) }

func bookEnd(v bible.VerseID) bible.VerseID {
	b, _ := bible.BookByID(v.Book())
	return b.Last()
}

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// escapeLike makes s match itself in a LIKE pattern.
func escapeLike(s string) string { return likeEscaper.Replace(s) }

// CountsByBook returns how many of the reader's notes touch each book (a
// note counts once per book it has a passage in).
func (s *Store) CountsByBook(ctx context.Context, userID string) (map[int]int, error) {
	var rows []struct {
		Book  int
		Notes int
	}
	err := s.read(ctx, func(st *Store) error {
		return st.db.WithContext(ctx).Model(&bookRow{}).Select("book, COUNT(*) AS notes").
			Where("user_id = ?", userID).Group("book").Scan(&rows).Error
	})
	if err != nil {
		return nil, err
	}
	out := make(map[int]int, len(rows))
	for _, r := range rows {
		out[r.Book] = r.Notes
	}
	return out, nil
}

// NotesPerTag returns how many of the reader's notes carry each tag.
func (s *Store) NotesPerTag(ctx context.Context, userID string) (map[string]int, error) {
	var rows []struct {
		TagID string
		Notes int
	}
	err := s.read(ctx, func(st *Store) error {
		return st.db.WithContext(ctx).Model(&tagRow{}).Select("tag_id, COUNT(*) AS notes").
			Where("user_id = ?", userID).Group("tag_id").Scan(&rows).Error
	})
	if err != nil {
		return nil, err
	}
	out := make(map[string]int, len(rows))
	for _, r := range rows {
		out[r.TagID] = r.Notes
	}
	return out, nil
}

// RemoveTag drops a tag from every note of the reader, with their tag
// sets, and returns the ids of the notes that carried it.
func (s *Tx) RemoveTag(userID, tagID string) ([]string, error) {
	var ids []string
	if err := s.db.Model(&tagRow{}).Where("user_id = ? AND tag_id = ?", userID, tagID).Order("note_id").Pluck("note_id", &ids).Error; err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, nil
	}
	if err := s.db.Where("user_id = ? AND tag_id = ?", userID, tagID).Delete(&tagRow{}).Error; err != nil {
		return nil, err
	}
	for chunk := range slices.Chunk(ids, 1000) {
		var rest []tagRow
		if err := s.db.Where("user_id = ? AND note_id IN ?", userID, chunk).Find(&rest).Error; err != nil {
			return nil, err
		}
		left := make(map[string][]string, len(chunk))
		for _, t := range rest {
			left[t.NoteID] = append(left[t.NoteID], t.TagID)
		}
		// One statement per resulting tag set, not per note.
		bySet := map[string][]string{}
		for _, id := range chunk {
			set := domain.TagSet(left[id])
			bySet[set] = append(bySet[set], id)
		}
		for set, notes := range bySet {
			if err := s.db.Model(&noteRow{}).Where("user_id = ? AND id IN ?", userID, notes).UpdateColumn("tag_set", set).Error; err != nil {
				return nil, err
			}
		}
	}
	return ids, nil
}

// DeleteUser removes every row of a reader.
func (s *Store) DeleteUser(ctx context.Context, userID string) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, m := range []any{&tagRow{}, &bookRow{}, &passageRow{}, &noteRow{}} {
			if err := tx.Where("user_id = ?", userID).Delete(m).Error; err != nil {
				return err
			}
		}
		return nil
	})
}

// CreationTimes implements notesapi.Reader.
func (s *Store) CreationTimes(ctx context.Context, userID string) ([]time.Time, error) {
	var at []time.Time
	err := s.db.WithContext(ctx).Model(&noteRow{}).Where("user_id = ?", userID).Pluck("created_at", &at).Error
	return at, err
}

// CreatedIDs implements notesapi.Reader.
func (s *Store) CreatedIDs(ctx context.Context, userID string, from, to time.Time) ([]string, error) {
	var ids []string
	err := s.db.WithContext(ctx).Model(&noteRow{}).
		Where("user_id = ? AND created_at >= ? AND created_at < ?", userID, from.UTC(), to.UTC()).Pluck("id", &ids).Error
	return ids, err
}

// exportPage is how many notes EachNote reads and fills at a time.
const exportPage = 200

// EachNote implements notesapi.Reader: the ids in creation order first
// (small), then the notes a page at a time with their passages and tags.
func (s *Store) EachNote(ctx context.Context, userID string, fn func(notesapi.Note) error) error {
	var ids []string
	err := s.db.WithContext(ctx).Model(&noteRow{}).Where("user_id = ?", userID).
		Order("created_at, id").Pluck("id", &ids).Error
	if err != nil {
		return err
	}
	for len(ids) > 0 {
		page := ids[:min(exportPage, len(ids))]
		ids = ids[len(page):]
		var rows []noteRow
		err := s.db.WithContext(ctx).Select("id, content, created_at, updated_at").
			Where("user_id = ? AND id IN ?", userID, page).Find(&rows).Error
		if err != nil {
			return err
		}
		byID := make(map[string]noteRow, len(rows))
		for _, r := range rows {
			byID[r.ID] = r
		}
		notes := make([]notesapi.Note, 0, len(rows))
		for _, id := range page {
			if r, ok := byID[id]; ok {
				notes = append(notes, r.note())
			}
		}
		if err := s.fill(ctx, userID, notes); err != nil {
			return err
		}
		for _, n := range notes {
			if err := fn(n); err != nil {
				return err
			}
		}
	}
	return nil
}

// Join is the repository inside a unit of work another module began (an
// import).
func Join(u *uow.Tx) *Tx { return &Tx{Tx: u, db: u.DB()} }

// Has reports whether the reader has a note with this content written at
// this moment: the same note imported before.
func (s *Tx) Has(userID, content string, createdAt time.Time) (bool, error) {
	var rows []noteRow
	if err := s.db.Select("id, created_at").Where("user_id = ? AND content = ?", userID, content).Find(&rows).Error; err != nil {
		return false, err
	}
	for _, r := range rows {
		if r.CreatedAt.Equal(createdAt) {
			return true, nil
		}
	}
	return false, nil
}
