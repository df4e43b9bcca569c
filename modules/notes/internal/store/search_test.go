package store_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"lamplight/modules/notes/internal/store"
	"lamplight/platform/db"
	"lamplight/platform/testkit"
)

// The SQLite search index follows every write to the notes, including a
// note written before it existed, and finds what LIKE finds.
func TestIntegrationSearchIndexFollowsWrites(t *testing.T) {
	g := testkit.DB(t, testkit.Backends(t)[0], firstMigration(t))
	exec := func(sql string, args ...any) {
		t.Helper()
		if err := g.Exec(sql, args...).Error; err != nil {
			t.Fatal(err)
		}
	}
	insertFor := func(userID, id, text string) {
		exec(`INSERT INTO passage_notes (id, user_id, content, search_text, created_at, updated_at)
			VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`, id, userID, text, text)
	}
	insert := func(id, text string) { insertFor("u", id, text) }
	insert("old", "amazing grace before the index")
	insertFor("v", "old-v", "grace of another reader")
	if err := db.Migrate(context.Background(), g, []db.Migrations{store.Migrations()}, nil); err != nil {
		t.Fatal(err)
	}
	insert("n1", "grace and peace")
	insert("n2", `a "quoted" word, 100% sure`)
	insert("n3", "faith hope love")
	exec("UPDATE passage_notes SET search_text = 'only peace now' WHERE id = 'n1'")
	insert("n4", "grace again")
	exec("DELETE FROM passage_notes WHERE id = 'n4'")
	insert("n5", "grace at last")
	insertFor("v", "v1", "peace to another reader")

	// Each reader's notes are numbered within her own range of the index.
	var outside int
	g.Raw(`SELECT COUNT(*) FROM passage_notes n JOIN note_search_readers r ON r.user_id = n.user_id
		WHERE n.search_id NOT BETWEEN r.base + 1 AND r.base + r.last`).Scan(&outside)
	var ranges int
	g.Raw(`SELECT COUNT(DISTINCT base / 4294967296) FROM note_search_readers`).Scan(&ranges)
	if outside != 0 || ranges != 2 {
		t.Errorf("%d notes outside their reader's range, %d ranges", outside, ranges)
	}

	for _, term := range []string{"grace", "peace", `"quoted"`, "100%", "th hope", "nothing"} {
		var byIndex, byLike []string
		g.Raw(`SELECT id FROM passage_notes WHERE search_id IN
			(SELECT rowid FROM passage_notes_search WHERE passage_notes_search MATCH ?) ORDER BY id`,
			`"`+strings.ReplaceAll(term, `"`, `""`)+`"`).Scan(&byIndex)
		g.Raw(`SELECT id FROM passage_notes WHERE instr(search_text, ?) > 0 ORDER BY id`, term).Scan(&byLike)
		if !slices.Equal(byIndex, byLike) {
			t.Errorf("%q: index finds %v, the text %v", term, byIndex, byLike)
		}
	}
}
