package export_test

import (
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"lamplight/app"
	"lamplight/modules/identity/identitytest"
	"lamplight/platform/dates"
	"lamplight/platform/testkit"
)

type archive struct {
	SchemaVersion int            `json:"schemaVersion"`
	ExportedAt    string         `json:"exportedAt"`
	App           string         `json:"app"`
	Settings      map[string]any `json:"settings"`
	Reminder      map[string]any `json:"reminder"`
	Sharing       []any          `json:"sharing"`
	LogEntries    []struct {
		ID           string `json:"id"`
		Date         string `json:"date"`
		StartVerseID int    `json:"startVerseId"`
		EndVerseID   int    `json:"endVerseId"`
		CreatedAt    string `json:"createdAt"`
		UpdatedAt    string `json:"updatedAt"`
	} `json:"logEntries"`
	Notes []struct {
		ID       string `json:"id"`
		Content  string `json:"content"`
		Passages []struct {
			StartVerseID int `json:"startVerseId"`
			EndVerseID   int `json:"endVerseId"`
		} `json:"passages"`
		TagIDs    []string `json:"tagIds"`
		CreatedAt string   `json:"createdAt"`
	} `json:"notes"`
	Tags []struct {
		ID    string `json:"id"`
		Name  string `json:"name"`
		Color string `json:"color"`
	} `json:"tags"`
}

func TestIntegrationExportHTTP(t *testing.T) {
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
		// get downloads a file and checks its name.
		get := func(t *testing.T, h map[string]string, path, kind, ext string) string {
			t.Helper()
			req, _ := http.NewRequest(http.MethodGet, a.URL+path, nil)
			for k, v := range h {
				req.Header.Set(k, v)
			}
			before := dates.Today("Europe/Berlin", time.Now())
			res, err := a.Client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			body, _ := io.ReadAll(res.Body)
			after := dates.Today("Europe/Berlin", time.Now())
			if res.StatusCode != http.StatusOK {
				t.Fatalf("%s: %d %s", path, res.StatusCode, body)
			}
			got := res.Header.Get("Content-Disposition")
			name := func(day string) string {
				return `attachment; filename="lamplight-` + kind + "-" + day + "." + ext + `"`
			}
			if got != name(before) && got != name(after) {
				t.Fatalf("%s: Content-Disposition %q", path, got)
			}
			return string(body)
		}

		t.Run("signed out is 401", func(t *testing.T) {
			for _, p := range []string{"/api/export/archive.json", "/api/export/log.csv", "/api/export/notes.md", "/api/export/notes.csv", "/api/export?format=json"} {
				do(t, nil, "GET", p, "", http.StatusUnauthorized)
			}
		})

		do(t, alice, "PUT", "/api/settings", `{"timeZone":"Europe/Berlin","locale":"de"}`, http.StatusOK)
		do(t, bob, "PUT", "/api/settings", `{"timeZone":"Europe/Berlin"}`, http.StatusOK)

		t.Run("an empty account exports empty files", func(t *testing.T) {
			var ar archive
			if err := json.Unmarshal([]byte(get(t, bob, "/api/export/archive.json", "archive", "json")), &ar); err != nil {
				t.Fatal(err)
			}
			if ar.SchemaVersion != 3 || ar.App != "lamplight" || ar.ExportedAt == "" || ar.Settings["timeZone"] != "Europe/Berlin" ||
				ar.LogEntries == nil || len(ar.LogEntries) != 0 || ar.Notes == nil || len(ar.Notes) != 0 || ar.Tags == nil || len(ar.Tags) != 0 ||
				ar.Reminder != nil || ar.Sharing == nil || len(ar.Sharing) != 0 {
				t.Fatalf("%+v", ar)
			}
			if got := get(t, bob, "/api/export/log.csv", "log", "csv"); got != "" {
				t.Fatalf("%q", got)
			}
			if got := get(t, bob, "/api/export/log.csv?format=ids", "log-ids", "csv"); got != "date,start_verse_id,end_verse_id,passage\n" {
				t.Fatalf("%q", got)
			}
			if got := get(t, bob, "/api/export/notes.csv", "notes", "csv"); got != "created_at,updated_at,passages,tags,content\n" {
				t.Fatalf("%q", got)
			}
			if got := get(t, bob, "/api/export/notes.md?locale=en", "notes", "md"); !strings.HasPrefix(got, "# Lamplight notes\n\n") || strings.Contains(got, "##") {
				t.Fatalf("%q", got)
			}
		})

		do(t, alice, "POST", "/api/log-entries", `{"date":"2024-01-04","startVerseId":143003016,"endVerseId":143003016}`, http.StatusCreated)
		do(t, alice, "POST", "/api/log-entries", `{"date":"2024-01-03","startVerseId":101001001,"endVerseId":101003024}`, http.StatusCreated)
		do(t, bob, "POST", "/api/log-entries", `{"date":"2024-02-01","startVerseId":119023001,"endVerseId":119023006}`, http.StatusCreated)
		var tag struct{ ID string }
		_ = json.Unmarshal([]byte(do(t, alice, "POST", "/api/passage-note-tags", `{"label":"Promises","color":"#f0a"}`, http.StatusCreated)), &tag)
		do(t, alice, "POST", "/api/passage-notes", `{"content":"God so loved, \"the world\"\nsecond line","passages":[{"startVerseId":143003016,"endVerseId":143003016},{"startVerseId":101001001,"endVerseId":101003024}],"tags":["`+tag.ID+`"]}`, http.StatusCreated)
		do(t, bob, "POST", "/api/passage-notes", `{"content":"bob's own"}`, http.StatusCreated)

		t.Run("the archive holds the reader's log, notes, tags and settings", func(t *testing.T) {
			body := get(t, alice, "/api/export/archive.json", "archive", "json")
			var ar archive
			if err := json.Unmarshal([]byte(body), &ar); err != nil {
				t.Fatal(err)
			}
			if len(ar.LogEntries) != 2 || ar.LogEntries[0].Date != "2024-01-03" || ar.LogEntries[0].StartVerseID != 101001001 ||
				ar.LogEntries[0].EndVerseID != 101003024 || ar.LogEntries[0].ID == "" || ar.LogEntries[0].CreatedAt == "" || ar.LogEntries[1].Date != "2024-01-04" {
				t.Fatalf("log %+v", ar.LogEntries)
			}
			if len(ar.Tags) != 1 || ar.Tags[0].ID != tag.ID || ar.Tags[0].Name != "Promises" || ar.Tags[0].Color != "#ff00aa" {
				t.Fatalf("tags %+v", ar.Tags)
			}
			if len(ar.Notes) != 1 || !strings.HasPrefix(ar.Notes[0].Content, "God so loved") || len(ar.Notes[0].Passages) != 2 ||
				ar.Notes[0].Passages[0].StartVerseID != 143003016 || len(ar.Notes[0].TagIDs) != 1 || ar.Notes[0].TagIDs[0] != tag.ID {
				t.Fatalf("notes %+v", ar.Notes)
			}
			if ar.Settings["locale"] != "de" || strings.Contains(body, "bob") {
				t.Fatalf("%s", body)
			}
			// The two answers differ only in the moment they were made.
			stamp := regexp.MustCompile(`"exportedAt":"[^"]*"`)
			if alias := get(t, alice, "/api/export?format=json", "archive", "json"); stamp.ReplaceAllString(alias, "") != stamp.ReplaceAllString(body, "") {
				t.Fatalf("alias differs: %s", alias)
			}
		})

		t.Run("the simple log CSV is in the chosen language, quoted only when needed", func(t *testing.T) {
			cases := map[string]string{
				"":   "2024-01-03,1. Mose 1-3\n2024-01-04,\"Johannes 3,16\"\n",
				"de": "2024-01-03,1. Mose 1-3\n2024-01-04,\"Johannes 3,16\"\n",
				"en": "2024-01-03,Genesis 1-3\n2024-01-04,John 3:16\n",
				"fr": "2024-01-03,Genèse 1-3\n2024-01-04,Jean 3.16\n",
				"uk": "2024-01-03,Буття 1-3\n2024-01-04,Івана 3:16\n",
			}
			for loc, want := range cases {
				if got := get(t, alice, "/api/export/log.csv?format=simple&locale="+loc, "log", "csv"); got != want {
					t.Errorf("%s: %q", loc, got)
				}
			}
			if got := get(t, alice, "/api/export?format=csv&locale=en", "log", "csv"); got != cases["en"] {
				t.Errorf("alias: %q", got)
			}
			if got := get(t, bob, "/api/export/log.csv?locale=en", "log", "csv"); got != "2024-02-01,Psalm 23\n" {
				t.Errorf("bob: %q", got)
			}
		})

		t.Run("the log CSV with ids has a header", func(t *testing.T) {
			want := "date,start_verse_id,end_verse_id,passage\n2024-01-03,101001001,101003024,Genesis 1-3\n2024-01-04,143003016,143003016,John 3:16\n"
			if got := get(t, alice, "/api/export/log.csv?format=ids&locale=en", "log-ids", "csv"); got != want {
				t.Fatalf("%q", got)
			}
		})

		t.Run("notes as Markdown and CSV", func(t *testing.T) {
			md := get(t, alice, "/api/export/notes.md", "notes", "md")
			for _, want := range []string{"# Lamplight-Notizen\n", "## ", " · Johannes 3,16; 1. Mose 1-3\n", "*Schlagwörter: Promises*\n", "God so loved, \"the world\"\nsecond line\n"} {
				if !strings.Contains(md, want) {
					t.Errorf("markdown lacks %q:\n%s", want, md)
				}
			}
			csv := get(t, alice, "/api/export/notes.csv?locale=en", "notes", "csv")
			lines := strings.SplitN(csv, "\n", 2)
			if lines[0] != "created_at,updated_at,passages,tags,content" ||
				!strings.HasSuffix(lines[1], ",John 3:16; Genesis 1-3,Promises,\"God so loved, \"\"the world\"\"\nsecond line\"\n") {
				t.Fatalf("%q", csv)
			}
			if strings.Contains(md+csv, "bob") {
				t.Fatal("another reader's note")
			}
		})

		t.Run("a note a spreadsheet would run as a formula is exported as text", func(t *testing.T) {
			carol := identitytest.Bearer(identitytest.SignUp(t, a, "carol@example.com"))
			var tag struct{ ID string }
			_ = json.Unmarshal([]byte(do(t, carol, "POST", "/api/passage-note-tags", `{"label":"@risk","color":"#f0a"}`, http.StatusCreated)), &tag)
			do(t, carol, "POST", "/api/passage-notes", `{"content":"=HYPERLINK(\"https://evil.example\",\"open\")","passages":[{"startVerseId":143003016,"endVerseId":143003016}],"tags":["`+tag.ID+`"]}`, http.StatusCreated)
			csv := get(t, carol, "/api/export/notes.csv?locale=en", "notes", "csv")
			if !strings.HasSuffix(csv, ",John 3:16,'@risk,\"'=HYPERLINK(\"\"https://evil.example\"\",\"\"open\"\")\"\n") {
				t.Fatalf("%q", csv)
			}
		})

		t.Run("bad format or locale is a validation error", func(t *testing.T) {
			for p, field := range map[string]string{
				"/api/export/log.csv?format=xls": "format", "/api/export?format=pdf": "format", "/api/export": "format",
				"/api/export/log.csv?locale=xx": "locale", "/api/export/notes.md?locale=la": "locale",
			} {
				res := do(t, alice, "GET", p, "", http.StatusBadRequest)
				if res != `{"error":{"code":"validation_error","errors":[{"field":"`+field+`","code":"is_invalid"}]}}` {
					t.Errorf("%s: %s", p, res)
				}
			}
		})
	})
}
