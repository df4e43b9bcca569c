package tags_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"lamplight/app"
	"lamplight/modules/identity/identitytest"
	"lamplight/platform/testkit"
)

type tag struct {
	ID          string `json:"id"`
	Label       string `json:"label"`
	Color       string `json:"color"`
	Description string `json:"description"`
	CreatedAt   string `json:"createdAt"`
	UpdatedAt   string `json:"updatedAt"`
	NoteCount   *int   `json:"noteCount"`
}

func TestIntegrationTagsHTTP(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		a := testkit.StartApp(t, app.Options(b.Config, io.Discard, fstest.MapFS{}, identitytest.Options()))
		alice := identitytest.Bearer(identitytest.SignUp(t, a, "alice@example.com"))
		bob := identitytest.Bearer(identitytest.SignUp(t, a, "bob@example.com"))
		do := func(t *testing.T, h map[string]string, method, path, body string, want int) string {
			t.Helper()
			code, res := a.Do(t, method, path, body, h)
			if code != want {
				t.Fatalf("%s %s: %d %s, want %d", method, path, code, res, want)
			}
			return res
		}

		t.Run("signed out is 401", func(t *testing.T) {
			for _, m := range []string{"GET", "POST"} {
				do(t, nil, m, "/api/passage-note-tags", `{}`, http.StatusUnauthorized)
			}
			do(t, nil, "DELETE", "/api/passage-note-tags/x", "", http.StatusUnauthorized)
		})

		var created tag
		t.Run("create answers 201 with the normalised tag", func(t *testing.T) {
			res := do(t, alice, "POST", "/api/passage-note-tags", `{"label":"  Promises ","color":"#F0A","description":"kept"}`, http.StatusCreated)
			if err := json.Unmarshal([]byte(res), &created); err != nil {
				t.Fatal(err)
			}
			if created.ID == "" || created.Label != "Promises" || created.Color != "#ff00aa" || created.Description != "kept" ||
				created.CreatedAt == "" || created.UpdatedAt == "" || created.NoteCount != nil {
				t.Fatalf("%s", res)
			}
		})

		t.Run("field errors", func(t *testing.T) {
			cases := []struct{ body, want string }{
				{`{"label":"` + strings.Repeat("a", 33) + `","color":"#fff"}`, `{"field":"label","code":"max_length","properties":{"maxlength":32}}`},
				{`{"label":"PROMISES","color":"#fff"}`, `{"field":"label","code":"unique"}`},
				{`{"label":"","color":"#fff"}`, `{"field":"label","code":"required"}`},
				{`{"label":"x","color":"#ffff"}`, `{"field":"color","code":"is_invalid"}`},
				{`{"label":"x","color":"#fff","description":"` + strings.Repeat("d", 1501) + `"}`, `{"field":"description","code":"max_length","properties":{"maxlength":1500}}`},
			}
			for _, c := range cases {
				res := do(t, alice, "POST", "/api/passage-note-tags", c.body, http.StatusBadRequest)
				if !strings.HasPrefix(res, `{"error":{"code":"validation_error","errors":[`) || !strings.Contains(res, c.want) {
					t.Errorf("%.60s: %s", c.body, res)
				}
			}
			do(t, alice, "POST", "/api/passage-note-tags", `{"label":`, http.StatusBadRequest)
		})

		t.Run("update replaces every field; list has note counts", func(t *testing.T) {
			res := do(t, alice, "PUT", "/api/passage-note-tags/"+created.ID, `{"id":"ignored","label":"Promises kept","color":"#abc"}`, http.StatusOK)
			var u tag
			_ = json.Unmarshal([]byte(res), &u)
			if u.ID != created.ID || u.Label != "Promises kept" || u.Color != "#aabbcc" || u.Description != "" || u.CreatedAt != created.CreatedAt {
				t.Fatalf("%s", res)
			}
			var list []tag
			_ = json.Unmarshal([]byte(do(t, alice, "GET", "/api/passage-note-tags", "", http.StatusOK)), &list)
			if len(list) != 1 || list[0].Label != "Promises kept" || list[0].NoteCount == nil || *list[0].NoteCount != 0 {
				t.Fatalf("%+v", list)
			}
			got := do(t, alice, "GET", "/api/passage-note-tags/"+created.ID, "", http.StatusOK)
			if !strings.Contains(got, `"label":"Promises kept"`) {
				t.Fatal(got)
			}
		})

		t.Run("another reader's tag is 404", func(t *testing.T) {
			want := `{"error":{"code":"not_found","errors":[{"code":"tag_not_found"}]}}`
			for _, m := range []string{"GET", "PUT", "DELETE"} {
				if res := do(t, bob, m, "/api/passage-note-tags/"+created.ID, `{"label":"x","color":"#fff"}`, http.StatusNotFound); res != want {
					t.Fatalf("%s: %s", m, res)
				}
			}
			if res := do(t, bob, "GET", "/api/passage-note-tags", "", http.StatusOK); res != "[]" {
				t.Fatalf("bob sees %s", res)
			}
		})

		t.Run("delete answers deleted true", func(t *testing.T) {
			if res := do(t, alice, "DELETE", "/api/passage-note-tags/"+created.ID, "", http.StatusOK); res != `{"deleted":true}` {
				t.Fatal(res)
			}
			do(t, alice, "DELETE", "/api/passage-note-tags/"+created.ID, "", http.StatusNotFound)
		})
	})
}
