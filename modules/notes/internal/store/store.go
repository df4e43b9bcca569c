// Package store keeps passage notes, their passages and their tag ids in
// the database. Every read and write is scoped by the owner's id, so
// another reader's note is simply not found. A page of notes is read in
// three queries whatever its size: the notes, then all their passages,
// then all their tag ids.
package store

import (
	"context"
	"embed"
	"errors"
	"io/fs"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"lamplight/modules/bible"
	"lamplight/modules/notes/internal/domain"
	"lamplight/modules/notes/notesapi"
	"lamplight/platform/db"
)

//go:embed migrations
var migrationFS embed.FS

// Migrations creates the notes tables.
func Migrations() db.Migrations {
	sub, err := fs.Sub(migrationFS, "migrations")
	if err != nil {
		panic(err)
	}
	return db.Migrations{Name: "notes", FS: sub}
}

// ErrNotFound means no note with that id belongs to the reader.
var ErrNotFound = errors.New("note not found")

type noteRow struct {
	ID         string `gorm:"primaryKey"`
	UserID     string
	Content    string
	SearchText string
	CreatedAt  time.Time
	UpdatedAt  time.Time
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
type Store struct{ db *gorm.DB }

// New wraps the database.
func New(g *gorm.DB) *Store { return &Store{db: g} }

// With returns the repository inside a transaction.
func (s *Store) With(tx *gorm.DB) *Store { return &Store{db: tx} }

// Insert adds a note with its passages and tags; search is its folded content.
func (s *Store) Insert(userID string, n notesapi.Note, search string) error {
	err := s.db.Create(&noteRow{
		ID: n.ID, UserID: userID, Content: n.Content, SearchText: search, CreatedAt: n.CreatedAt, UpdatedAt: n.UpdatedAt,
	}).Error
	if err != nil {
		return err
	}
	return s.insertChildren(userID, n)
}

func (s *Store) insertChildren(userID string, n notesapi.Note) error {
	if len(n.Passages) > 0 {
		rows := make([]passageRow, len(n.Passages))
		for i, p := range n.Passages {
			rows[i] = passageRow{NoteID: n.ID, Position: i, UserID: userID, StartVerseID: int(p.Start), EndVerseID: int(p.End)}
		}
		if err := s.db.Create(&rows).Error; err != nil {
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

// Lock reads one of the reader's notes for a change; on PostgreSQL the
// note stays locked until the transaction ends, so changes apply in turn.
func (s *Store) Lock(ctx context.Context, userID, id string) (notesapi.Note, error) {
	q := s.db.WithContext(ctx)
	if s.db.Name() == db.Postgres {
		q = q.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	return s.get(ctx, q, userID, id)
}

// Replace writes a note's content, passages and tags over the stored ones.
func (s *Store) Replace(userID string, n notesapi.Note, search string) error {
	res := s.db.Model(&noteRow{}).Where("user_id = ? AND id = ?", userID, n.ID).Updates(map[string]any{
		"content": n.Content, "search_text": search, "updated_at": n.UpdatedAt,
	})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	for _, m := range []any{&passageRow{}, &tagRow{}} {
		if err := s.db.Where("user_id = ? AND note_id = ?", userID, n.ID).Delete(m).Error; err != nil {
			return err
		}
	}
	return s.insertChildren(userID, n)
}

// Delete removes one of the reader's notes; its passages and tags go with
// it (ON DELETE CASCADE).
func (s *Store) Delete(userID, id string) error {
	res := s.db.Where("user_id = ? AND id = ?", userID, id).Delete(&noteRow{})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// Get reads one of the reader's notes.
func (s *Store) Get(ctx context.Context, userID, id string) (notesapi.Note, error) {
	return s.get(ctx, s.db.WithContext(ctx), userID, id)
}

func (s *Store) get(ctx context.Context, q *gorm.DB, userID, id string) (notesapi.Note, error) {
	var r noteRow
	err := q.Where("user_id = ? AND id = ?", userID, id).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return notesapi.Note{}, ErrNotFound
	}
	if err != nil {
		return notesapi.Note{}, err
	}
	notes := []notesapi.Note{r.note()}
	return notes[0], s.fill(ctx, userID, notes)
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
	var passages []passageRow
	if err := g.Where("user_id = ? AND note_id IN ?", userID, ids).Order("note_id, position").Find(&passages).Error; err != nil {
		return err
	}
	for _, p := range passages {
		n := at[p.NoteID]
		n.Passages = append(n.Passages, bible.Range{Start: bible.VerseID(p.StartVerseID), End: bible.VerseID(p.EndVerseID)})
	}
	var tags []tagRow
	if err := g.Where("user_id = ? AND note_id IN ?", userID, ids).Order("note_id, tag_id").Find(&tags).Error; err != nil {
		return err
	}
	for _, t := range tags {
		n := at[t.NoteID]
		n.Tags = append(n.Tags, t.TagID)
	}
	return nil
}

// List returns a page of the reader's notes matching q, and how many match
// in all.
func (s *Store) List(ctx context.Context, userID string, q domain.Query) ([]notesapi.Note, int, error) {
	where, args := filter(userID, q)
	g := s.db.WithContext(ctx)
	var size int64
	if err := g.Raw("SELECT COUNT(*) FROM passage_notes n WHERE "+where, args...).Scan(&size).Error; err != nil {
		return nil, 0, err
	}
	notes := []notesapi.Note{}
	if size == 0 || q.Offset >= int(size) {
		return notes, int(size), nil
	}
	column, dir := "n.created_at", " ASC"
	if q.SortOn == domain.SortUpdatedAt {
		column = "n.updated_at"
	}
	if q.Desc {
		dir = " DESC"
	}
	var rows []noteRow
	err := g.Raw("SELECT n.id, n.content, n.created_at, n.updated_at FROM passage_notes n WHERE "+where+
		" ORDER BY "+column+dir+", n.id"+dir+" LIMIT ? OFFSET ?", append(args, q.Limit, q.Offset)...).Scan(&rows).Error
	if err != nil {
		return nil, 0, err
	}
	for _, r := range rows {
		notes = append(notes, r.note())
	}
	return notes, int(size), s.fill(ctx, userID, notes)
}

// filter is the WHERE clause of a list query over passage_notes n.
func filter(userID string, q domain.Query) (string, []any) {
	conds, args := []string{"n.user_id = ?"}, []any{userID}
	add := func(cond string, a ...any) {
		conds = append(conds, cond)
		args = append(args, a...)
	}
	switch {
	case q.TagMatching == domain.MatchExact && len(q.Tags) == 0:
		add("NOT EXISTS (SELECT 1 FROM note_tags t WHERE t.note_id = n.id)")
	case len(q.Tags) == 0:
	case q.TagMatching == domain.MatchAny:
		add("n.id IN (SELECT t.note_id FROM note_tags t WHERE t.user_id = ? AND t.tag_id IN ?)", userID, q.Tags)
	case q.TagMatching == domain.MatchAll:
		add("n.id IN (SELECT t.note_id FROM note_tags t WHERE t.user_id = ? AND t.tag_id IN ? GROUP BY t.note_id HAVING COUNT(*) = ?)",
			userID, q.Tags, len(q.Tags))
	case q.TagMatching == domain.MatchExact:
		add("n.id IN (SELECT t.note_id FROM note_tags t WHERE t.user_id = ? GROUP BY t.note_id"+
			" HAVING COUNT(*) = ? AND SUM(CASE WHEN t.tag_id IN ? THEN 1 ELSE 0 END) = ?)",
			userID, len(q.Tags), q.Tags, len(q.Tags))
	}
	if q.Search != "" {
		add(`n.search_text LIKE ? ESCAPE '\'`, "%"+escapeLike(q.Search)+"%")
	}
	if p := q.Passage; p != nil {
		if q.PassageMatching == domain.MatchExclusive {
			add("n.id IN (SELECT p.note_id FROM note_passages p WHERE p.user_id = ? AND p.start_verse_id >= ? AND p.end_verse_id <= ?)",
				userID, int(p.First), int(p.Final))
		} else {
			add("n.id IN (SELECT p.note_id FROM note_passages p WHERE p.user_id = ? AND p.start_verse_id <= ? AND p.end_verse_id >= ?)",
				userID, int(p.Final), int(p.First))
		}
	}
	return strings.Join(conds, " AND "), args
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
	err := s.db.WithContext(ctx).Raw(`SELECT (start_verse_id - 100000000) / 1000000 AS book, COUNT(DISTINCT note_id) AS notes
		FROM note_passages WHERE user_id = ? GROUP BY (start_verse_id - 100000000) / 1000000`, userID).Scan(&rows).Error
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
	err := s.db.WithContext(ctx).Model(&tagRow{}).Select("tag_id, COUNT(*) AS notes").
		Where("user_id = ?", userID).Group("tag_id").Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	out := make(map[string]int, len(rows))
	for _, r := range rows {
		out[r.TagID] = r.Notes
	}
	return out, nil
}

// RemoveTag drops a tag from every note of the reader and returns the ids
// of the notes that carried it.
func (s *Store) RemoveTag(userID, tagID string) ([]string, error) {
	var ids []string
	if err := s.db.Model(&tagRow{}).Where("user_id = ? AND tag_id = ?", userID, tagID).Order("note_id").Pluck("note_id", &ids).Error; err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, nil
	}
	return ids, s.db.Where("user_id = ? AND tag_id = ?", userID, tagID).Delete(&tagRow{}).Error
}

// DeleteUser removes every row of a reader.
func (s *Store) DeleteUser(ctx context.Context, userID string) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, m := range []any{&tagRow{}, &passageRow{}, &noteRow{}} {
			if err := tx.Where("user_id = ?", userID).Delete(m).Error; err != nil {
				return err
			}
		}
		return nil
	})
}
