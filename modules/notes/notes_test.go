package notes_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"go.uber.org/fx"
	"gorm.io/gorm"

	"lamplight/app"
	"lamplight/modules/identity/identitytest"
	"lamplight/platform/testkit"
)

type note struct {
	ID       string `json:"id"`
	Content  string `json:"content"`
	Passages []struct {
		StartVerseID int `json:"startVerseId"`
		EndVerseID   int `json:"endVerseId"`
	} `json:"passages"`
	Tags      []string `json:"tags"`
	CreatedAt string   `json:"createdAt"`
	UpdatedAt string   `json:"updatedAt"`
}

type page struct {
	Offset  int    `json:"offset"`
	Limit   int    `json:"limit"`
	Size    int    `json:"size"`
	Results []note `json:"results"`
}

// client sends requests as one signed-in reader.
type client struct {
	a *testkit.App
	h map[string]string
}

func (c client) do(t *testing.T, method, path, body string, want int) string {
	t.Helper()
	code, res := c.a.Do(t, method, path, body, c.h)
	if code != want {
		t.Fatalf("%s %s: %d %s, want %d", method, path, code, res, want)
	}
	return res
}

func (c client) json(t *testing.T, method, path, body string, want int, out any) {
	t.Helper()
	res := c.do(t, method, path, body, want)
	if err := json.Unmarshal([]byte(res), out); err != nil {
		t.Fatalf("%s: %v", res, err)
	}
}

func (c client) tag(t *testing.T, label string) string {
	t.Helper()
	var tag struct{ ID string }
	c.json(t, "POST", "/api/passage-note-tags", `{"label":"`+label+`","color":"#abc"}`, http.StatusCreated, &tag)
	return tag.ID
}

func TestIntegrationNotesHTTP(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		var db *gorm.DB
		a := testkit.StartApp(t, app.Options(b.Config, io.Discard, fstest.MapFS{}, identitytest.Options(), fx.Populate(&db)))
		alice := client{a, identitytest.Bearer(identitytest.SignUp(t, a, "alice@example.com"))}
		bob := client{a, identitytest.Bearer(identitytest.SignUp(t, a, "bob@example.com"))}
		promises, prayer := alice.tag(t, "Promises"), alice.tag(t, "Prayer")
		bobsTag := bob.tag(t, "Bob's")

		t.Run("signed out is 401", func(t *testing.T) {
			for _, p := range []string{"/api/passage-notes", "/api/passage-notes/counts", "/api/passage-notes/x"} {
				if code, _ := a.Get(t, p); code != http.StatusUnauthorized {
					t.Fatalf("%s: %d", p, code)
				}
			}
		})

		var first, second note
		t.Run("create answers 201 with the whole note", func(t *testing.T) {
			alice.json(t, "POST", "/api/passage-notes", `{"content":"**Génèse** 1","passages":[{"startVerseId":101001001,"endVerseId":101001031}],"tags":["`+promises+`","`+prayer+`"]}`, http.StatusCreated, &first)
			if first.ID == "" || first.Content != "**Génèse** 1" || len(first.Passages) != 1 || first.Passages[0].EndVerseID != 101001031 ||
				len(first.Tags) != 2 || first.CreatedAt == "" || first.UpdatedAt != first.CreatedAt {
				t.Fatalf("%+v", first)
			}
			res := alice.do(t, "POST", "/api/passage-notes", `{"passages":[{"startVerseId":143003016,"endVerseId":143003016}]}`, http.StatusCreated)
			if err := json.Unmarshal([]byte(res), &second); err != nil || !strings.Contains(res, `"content":"","passages":[{"startVerseId":143003016,"endVerseId":143003016}],"tags":[]`) {
				t.Fatalf("%s", res)
			}
		})

		t.Run("field errors", func(t *testing.T) {
			cases := []struct{ body, want string }{
				{`{"content":"` + strings.Repeat("a", 3001) + `"}`, `{"field":"content","code":"max_length","properties":{"maxlength":3000}}`},
				{`{"content":" "}`, `{"field":"content","code":"required"}`},
				{`{"content":"x","tags":["` + bobsTag + `"]}`, `{"field":"tags","code":"is_invalid"}`},
				{`{"passages":[{"startVerseId":143003016,"endVerseId":143003001}]}`, `{"field":"passages.0.endVerseId","code":"is_invalid","properties":{"reason":"start_after_end"}}`},
			}
			for _, c := range cases {
				res := alice.do(t, "POST", "/api/passage-notes", c.body, http.StatusBadRequest)
				if !strings.HasPrefix(res, `{"error":{"code":"validation_error","errors":[`) || !strings.Contains(res, c.want) {
					t.Errorf("%.60s: %s", c.body, res)
				}
			}
			alice.do(t, "POST", "/api/passage-notes", `{"passages":"Gen 1"}`, http.StatusBadRequest)
		})

		t.Run("list with the spec's query", func(t *testing.T) {
			var p page
			alice.json(t, "GET", "/api/passage-notes", "", http.StatusOK, &p)
			if p.Offset != 0 || p.Limit != 10 || p.Size != 2 || len(p.Results) != 2 || p.Results[0].ID != second.ID {
				t.Fatalf("%+v", p)
			}
			q := url.Values{
				"filterTags": {promises}, "filterTags[]": {prayer}, "filterTagMatching": {"all"}, "searchText": {"GENESE"},
				"filterPassageStartVerseId": {"101001010"}, "filterPassageEndVerseId": {"101002001"}, "filterPassageMatching": {"inclusive"},
				"sortOn": {"updatedAt"}, "sortDirection": {"asc"}, "limit": {"51"}, "offset": {"0"},
			}
			alice.json(t, "GET", "/api/passage-notes?"+q.Encode(), "", http.StatusOK, &p)
			if p.Limit != 50 || p.Size != 1 || p.Results[0].ID != first.ID || len(p.Results[0].Tags) != 2 || len(p.Results[0].Passages) != 1 {
				t.Fatalf("%+v", p)
			}
			alice.json(t, "GET", "/api/passage-notes?filterTagMatching=exact", "", http.StatusOK, &p)
			if p.Size != 1 || p.Results[0].ID != second.ID {
				t.Fatalf("untagged %+v", p)
			}
			res := alice.do(t, "GET", "/api/passage-notes?limit=x&filterPassageStartVerseId=101001001&sortDirection=up", "", http.StatusBadRequest)
			for _, f := range []string{`"field":"limit"`, `"field":"filterPassageEndVerseId","code":"required"`, `"field":"sortDirection"`} {
				if !strings.Contains(res, f) {
					t.Errorf("%s lacks %s", res, f)
				}
			}
		})

		t.Run("ids no row can have are 404, malformed text 400, never 500", func(t *testing.T) {
			cases := []struct {
				method, path, body string
				want               int
			}{
				{"GET", "/api/passage-notes/a%00b", "", http.StatusBadRequest},
				{"PUT", "/api/passage-notes/a%ffb", `{"content":"x"}`, http.StatusBadRequest},
				{"DELETE", "/api/passage-notes/a%01b", "", http.StatusNotFound},
				{"GET", "/api/passage-note-tags/a%00b", "", http.StatusBadRequest},
				{"PUT", "/api/passage-note-tags/a%ffb", `{"label":"x","color":"#fff"}`, http.StatusBadRequest},
				{"DELETE", "/api/passage-note-tags/a%00b", "", http.StatusBadRequest},
				{"GET", "/api/passage-notes?filterTags=a%00b", "", http.StatusBadRequest},
				{"GET", "/api/passage-notes?filterTags=a%ffb&filterTagMatching=exact", "", http.StatusBadRequest},
				{"POST", "/api/passage-notes", `{"content":"x","tags":["a\u0000b"]}`, http.StatusBadRequest},
			}
			for _, c := range cases {
				alice.do(t, c.method, c.path, c.body, c.want)
			}
			if res := alice.do(t, "GET", "/api/passage-notes?searchText=a%ffb%00", "", http.StatusBadRequest); !strings.Contains(res, `"invalid_request"`) {
				t.Fatal(res)
			}
		})

		t.Run("counts per book", func(t *testing.T) {
			if res := alice.do(t, "GET", "/api/passage-notes/counts?by=book", "", http.StatusOK); res != `{"1":1,"43":1}` {
				t.Fatal(res)
			}
			if res := bob.do(t, "GET", "/api/passage-notes/counts", "", http.StatusOK); res != `{}` {
				t.Fatal(res)
			}
			alice.do(t, "GET", "/api/passage-notes/counts?by=verse", "", http.StatusBadRequest)
		})

		t.Run("get, update and delete; another reader's note is 404", func(t *testing.T) {
			var got note
			alice.json(t, "GET", "/api/passage-notes/"+first.ID, "", http.StatusOK, &got)
			if got.ID != first.ID || got.Content != first.Content {
				t.Fatalf("%+v", got)
			}
			want := `{"error":{"code":"not_found","errors":[{"code":"note_not_found"}]}}`
			for _, m := range []string{"GET", "PUT", "DELETE"} {
				if res := bob.do(t, m, "/api/passage-notes/"+first.ID, `{"content":"mine"}`, http.StatusNotFound); res != want {
					t.Fatalf("%s: %s", m, res)
				}
			}
			var u note
			alice.json(t, "PUT", "/api/passage-notes/"+second.ID, `{"id":"`+second.ID+`","content":"John 3:16","passages":[],"tags":["`+prayer+`"]}`, http.StatusOK, &u)
			if u.Content != "John 3:16" || len(u.Passages) != 0 || !slices.Equal(u.Tags, []string{prayer}) || u.CreatedAt != second.CreatedAt {
				t.Fatalf("%+v", u)
			}
			if res := alice.do(t, "DELETE", "/api/passage-notes/"+second.ID, "", http.StatusOK); res != `{"deleted":true}` {
				t.Fatal(res)
			}
			alice.do(t, "GET", "/api/passage-notes/"+second.ID, "", http.StatusNotFound)
		})

		t.Run("deleting a tag in use takes it off the notes", func(t *testing.T) {
			var tags []struct {
				ID        string
				NoteCount int
			}
			alice.json(t, "GET", "/api/passage-note-tags", "", http.StatusOK, &tags)
			counts := map[string]int{}
			for _, tag := range tags {
				counts[tag.ID] = tag.NoteCount
			}
			if counts[promises] != 1 || counts[prayer] != 1 {
				t.Fatalf("note counts %+v", tags)
			}
			alice.do(t, "DELETE", "/api/passage-note-tags/"+promises, "", http.StatusOK)
			// Read right after the answer: the deletion took the tag off the
			// notes in its own unit of work, not later on an event.
			var got note
			alice.json(t, "GET", "/api/passage-notes/"+first.ID, "", http.StatusOK, &got)
			if !slices.Equal(got.Tags, []string{prayer}) {
				t.Fatalf("the deleted tag is still on the note: %+v", got)
			}
			if got.UpdatedAt != first.UpdatedAt {
				t.Fatalf("dropping a deleted tag is no edit: %+v", got)
			}
			var p page
			alice.json(t, "GET", "/api/passage-notes?filterTagMatching=exact&filterTags="+prayer, "", http.StatusOK, &p)
			if p.Size != 1 || !slices.Equal(p.Results[0].Tags, []string{prayer}) {
				t.Fatalf("%+v", p)
			}
			alice.do(t, "POST", "/api/passage-notes", `{"content":"x","tags":["`+promises+`"]}`, http.StatusBadRequest)
		})

		t.Run("notes written while their tag is deleted never keep it", func(t *testing.T) {
			tag := alice.tag(t, "Racing")
			body := `{"content":"race","tags":["` + tag + `","` + prayer + `"]}`
			var wg sync.WaitGroup
			codes := make(chan int, 41)
			// Half the writes re-tag a note the reader has, half write new ones.
			var edited note
			alice.json(t, "POST", "/api/passage-notes", `{"content":"to edit"}`, http.StatusCreated, &edited)
			for i := range 40 {
				if i == 10 {
					wg.Go(func() {
						code, _ := a.Do(t, "DELETE", "/api/passage-note-tags/"+tag, "", alice.h)
						codes <- -code
					})
				}
				wg.Go(func() {
					if i%2 == 0 {
						code, _ := a.Do(t, "PUT", "/api/passage-notes/"+edited.ID, body, alice.h)
						if code == http.StatusOK {
							code = http.StatusCreated // written, as a new note is
						}
						codes <- code
						return
					}
					code, _ := a.Do(t, "POST", "/api/passage-notes", body, alice.h)
					codes <- code
				})
			}
			wg.Wait()
			close(codes)
			seen := map[int]int{}
			for code := range codes {
				if code != http.StatusCreated && code != http.StatusBadRequest && code != -http.StatusOK {
					t.Fatalf("status %d", code)
				}
				seen[code]++
			}
			t.Logf("written %d, refused %d", seen[http.StatusCreated], seen[http.StatusBadRequest])
			var left, stale int64
			testkit.Eventually(t, 10*time.Second, func() bool {
				if err := db.Table("note_tags").Where("tag_id = ?", tag).Count(&left).Error; err != nil {
					t.Fatal(err)
				}
				if err := db.Table("passage_notes").Where("tag_set LIKE ?", "%"+tag+"%").Count(&stale).Error; err != nil {
					t.Fatal(err)
				}
				return left == 0 && stale == 0
			}, "no note keeps the deleted tag")
		})

		t.Run("deleting the account removes every note and tag row of the reader", func(t *testing.T) {
			var me struct{ ID string }
			alice.json(t, "GET", "/api/auth/user", "", http.StatusOK, &me)
			tables := []string{"passage_note_tags", "passage_notes", "note_passages", "note_books", "note_tags"}
			rows := func(table, userID string) int64 {
				var n int64
				if err := db.Table(table).Where("user_id = ?", userID).Count(&n).Error; err != nil {
					t.Fatal(err)
				}
				return n
			}
			for _, table := range tables {
				if rows(table, me.ID) == 0 {
					t.Fatalf("%s has no rows to delete", table)
				}
			}
			alice.do(t, "DELETE", "/api/auth/user", `{"password":"`+identitytest.Password+`"}`, http.StatusNoContent)
			testkit.Eventually(t, 10*time.Second, func() bool {
				for _, table := range tables {
					if rows(table, me.ID) != 0 {
						return false
					}
				}
				return true
			}, "a deleted reader's rows remain")
			var bobsTags []any
			bob.json(t, "GET", "/api/passage-note-tags", "", http.StatusOK, &bobsTags)
			if len(bobsTags) != 1 {
				t.Fatalf("bob's tags went too: %v", bobsTags)
			}
		})
	})
}
