package store_test

import (
	"context"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"lamplight/modules/notes/internal/store"
	"lamplight/platform/db"
	"lamplight/platform/testkit"
)

// firstMigration is the notes migrations as they were before 00002.
func firstMigration(t *testing.T) db.Migrations {
	all := store.Migrations()
	only := fstest.MapFS{}
	err := fs.WalkDir(all.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.Contains(path, "00001_") {
			return err
		}
		data, err := fs.ReadFile(all.FS, path)
		only[path] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return db.Migrations{Name: all.Name, FS: only}
}

func TestIntegrationBackfills(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		g := testkit.DB(t, b, firstMigration(t))
		for _, sql := range []string{
			`INSERT INTO passage_notes (id, user_id, content, search_text, created_at, updated_at) VALUES
				('n1', 'u', 'a', 'a', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP),
				('n2', 'u', 'b', 'b', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`,
			`INSERT INTO note_tags (note_id, tag_id, user_id) VALUES ('n1', 'tag-b', 'u'), ('n1', 'Tag-c', 'u'), ('n1', 'tag-a', 'u')`,
			`INSERT INTO note_passages (note_id, position, user_id, start_verse_id, end_verse_id) VALUES
				('n1', 0, 'u', 101001001, 101001031), ('n1', 1, 'u', 143003016, 143003016), ('n1', 2, 'u', 101003001, 101003024),
				('n2', 0, 'u', 166022021, 166022021)`,
		} {
			if err := g.Exec(sql).Error; err != nil {
				t.Fatal(err)
			}
		}
		if err := db.Migrate(context.Background(), g, []db.Migrations{store.Migrations()}, nil); err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		var rows []struct{ ID, TagSet string }
		g.Raw("SELECT id, tag_set FROM passage_notes").Scan(&rows)
		for _, r := range rows {
			got[r.ID] = r.TagSet
		}
		// Byte order, as domain.TagSet sorts.
		if got["n1"] != "Tag-c,tag-a,tag-b" || got["n2"] != "" || len(got) != 2 {
			t.Fatalf("tag sets %v", got)
		}
		var books []struct {
			NoteID string
			Book   int
		}
		g.Raw("SELECT note_id, book FROM note_books WHERE user_id = 'u' ORDER BY note_id, book").Scan(&books)
		if fmt.Sprint(books) != "[{n1 1} {n1 43} {n2 66}]" {
			t.Fatalf("books %v", books)
		}
	})
}
