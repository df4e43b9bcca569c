package imports_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"lamplight/app"
	"lamplight/modules/identity/identitytest"
	"lamplight/platform/testkit"
)

type result struct {
	Counts struct{ New, Existing, Invalid int } `json:"counts"`
	Rows   []struct {
		Line         int    `json:"line"`
		Status       string `json:"status"`
		Reason       string `json:"reason"`
		Date         string `json:"date"`
		StartVerseID int    `json:"startVerseId"`
		EndVerseID   int    `json:"endVerseId"`
		Text         string `json:"text"`
	} `json:"rows"`
	FirstDate        string `json:"firstDate"`
	LastDate         string `json:"lastDate"`
	LookBackDate     string `json:"lookBackDate"`
	MoveLookBackTo   string `json:"moveLookBackTo"`
	Notes            *struct{ New, Existing, Invalid int }
	Tags             *struct{ New, Existing, Invalid int }
	SettingsRestored bool `json:"settingsRestored"`
}

// comparable is an archive without what differs between two accounts:
// ids, the export moment and the language (the account's).
func comparable(t *testing.T, raw string) map[string]any {
	t.Helper()
	var a map[string]any
	if err := json.Unmarshal([]byte(raw), &a); err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
	delete(a, "exportedAt")
	delete(a["settings"].(map[string]any), "locale")
	names := map[string]string{}
	for _, tg := range a["tags"].([]any) {
		m := tg.(map[string]any)
		names[m["id"].(string)] = m["name"].(string)
		delete(m, "id")
	}
	for _, e := range a["logEntries"].([]any) {
		delete(e.(map[string]any), "id")
	}
	for _, n := range a["notes"].([]any) {
		m := n.(map[string]any)
		delete(m, "id")
		var tags []any
		for _, id := range m["tagIds"].([]any) {
			tags = append(tags, names[id.(string)])
		}
		m["tagIds"] = tags
	}
	return a
}

func TestIntegrationImport(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		a := testkit.StartApp(t, app.Options(b.Config, io.Discard, fstest.MapFS{}, identitytest.Options()))
		do := func(t *testing.T, h map[string]string, method, path, body string, want int) string {
			t.Helper()
			code, res := a.Do(t, method, path, body, h)
			if code != want {
				t.Fatalf("%s %s: %d %s, want %d", method, path, code, res, want)
			}
			return res
		}
		send := func(t *testing.T, h map[string]string, contentType, body string, dry bool, want int) (result, string) {
			t.Helper()
			path := "/api/import"
			if dry {
				path += "?dryRun=true"
			}
			hh := map[string]string{"Content-Type": contentType}
			for k, v := range h {
				hh[k] = v
			}
			raw := do(t, hh, "POST", path, body, want)
			var r result
			if want == http.StatusOK {
				if err := json.Unmarshal([]byte(raw), &r); err != nil {
					t.Fatal(err)
				}
			}
			return r, raw
		}
		archive := func(t *testing.T, h map[string]string) string {
			t.Helper()
			return do(t, h, "GET", "/api/export/archive.json", "", http.StatusOK)
		}
		// account is what path answers a reader, without what differs between
		// two accounts: ids, languages, and when links were made and
		// reminders are next due (both depend on the moment of the import).
		account := func(t *testing.T, h map[string]string, path string) any {
			t.Helper()
			var v any
			if err := json.Unmarshal([]byte(do(t, h, "GET", path, "", http.StatusOK)), &v); err != nil {
				t.Fatal(err)
			}
			var strip func(any)
			strip = func(v any) {
				switch x := v.(type) {
				case map[string]any:
					// A restored sharing link is a new one: its url carries its own secret.
					for _, k := range []string{"id", "locale", "createdAt", "updatedAt", "next", "version", "url"} {
						delete(x, k)
					}
					for _, e := range x {
						strip(e)
					}
				case []any:
					for _, e := range x {
						strip(e)
					}
				}
			}
			strip(v)
			return v
		}
		logCSV := func(t *testing.T, h map[string]string) string {
			t.Helper()
			return do(t, h, "GET", "/api/export/log.csv?locale=en", "", http.StatusOK)
		}

		t.Run("signed out is 401", func(t *testing.T) {
			send(t, nil, "text/csv", "2024-01-03,Gen 1\n", true, http.StatusUnauthorized)
		})

		t.Run("round trip: an archive restores into a new account", func(t *testing.T) {
			alice := identitytest.Bearer(identitytest.SignUp(t, a, "alice@example.com"))
			do(t, alice, "PUT", "/api/settings", `{"timeZone":"Europe/Berlin","locale":"de","lookBackDate":"2023-06-01","dailyVerseCountGoal":120,"restDaysPerWeek":2,"preferredBibleVersion":"LUT","welcomeDone":true}`, http.StatusOK)
			do(t, alice, "POST", "/api/log-entries", `{"date":"2024-01-04","startVerseId":143003016,"endVerseId":143003016}`, http.StatusCreated)
			do(t, alice, "POST", "/api/log-entries", `{"date":"2024-01-03","startVerseId":101001001,"endVerseId":101003024}`, http.StatusCreated)
			do(t, alice, "POST", "/api/log-entries", `{"date":"2023-05-20","startVerseId":119023001,"endVerseId":119023006}`, http.StatusCreated)
			var tag, tag2 struct{ ID string }
			_ = json.Unmarshal([]byte(do(t, alice, "POST", "/api/passage-note-tags", `{"label":"Promises","color":"#f0a","description":"kept"}`, http.StatusCreated)), &tag)
			_ = json.Unmarshal([]byte(do(t, alice, "POST", "/api/passage-note-tags", `{"label":"Prayer","color":"#00aa00"}`, http.StatusCreated)), &tag2)
			do(t, alice, "POST", "/api/passage-notes", `{"content":"God so loved\nsecond line","passages":[{"startVerseId":143003016,"endVerseId":143003016},{"startVerseId":101001001,"endVerseId":101003024}],"tags":["`+tag.ID+`","`+tag2.ID+`"]}`, http.StatusCreated)
			do(t, alice, "POST", "/api/passage-notes", `{"content":"no passage"}`, http.StatusCreated)
			do(t, alice, "PUT", "/api/reminders", `{"enabled":true,"time":"06:45","days":[1,3,5],"onlyIfUnread":false,"onlyIfPlanUnread":true,"channels":["email","push"]}`, http.StatusOK)
			do(t, alice, "POST", "/api/sharing/calendar-feed", `{"readNext":false}`, http.StatusOK)
			do(t, alice, "POST", "/api/sharing/progress-link", "", http.StatusOK)
			before := archive(t, alice)
			if !strings.Contains(before, `"schemaVersion":3`) || !strings.Contains(before, `"reminder":{"enabled":true,"time":"06:45"`) ||
				!strings.Contains(before, `"sharing":[{"kind":"calendar-feed","readNext":false},{"kind":"progress-link","readNext":false}]`) {
				t.Fatalf("the archive lacks the reminder or the links: %s", before)
			}

			carol := identitytest.Bearer(identitytest.SignUp(t, a, "carol@example.com"))
			empty := archive(t, carol)
			preview, _ := send(t, carol, "application/json", before, true, http.StatusOK)
			if preview.Counts.New != 3 || preview.Counts.Existing != 0 || preview.Counts.Invalid != 0 || len(preview.Rows) != 3 ||
				preview.Notes == nil || preview.Notes.New != 2 || preview.Tags == nil || preview.Tags.New != 2 || !preview.SettingsRestored ||
				preview.FirstDate != "2023-05-20" || preview.LastDate != "2024-01-04" || preview.LookBackDate != "2023-06-01" || preview.MoveLookBackTo != "2023-05-20" {
				t.Fatalf("preview %+v", preview)
			}
			if !reflect.DeepEqual(comparable(t, archive(t, carol)), comparable(t, empty)) {
				t.Fatal("a preview wrote")
			}
			done, _ := send(t, carol, "application/json", before, false, http.StatusOK)
			if done.Counts != preview.Counts || *done.Notes != *preview.Notes || *done.Tags != *preview.Tags {
				t.Fatalf("import %+v", done)
			}
			if got, want := comparable(t, archive(t, carol)), comparable(t, before); !reflect.DeepEqual(got, want) {
				g, _ := json.Marshal(got)
				w, _ := json.Marshal(want)
				t.Fatalf("archives differ:\n%s\n%s", g, w)
			}
			if links := do(t, carol, "GET", "/api/sharing", "", http.StatusOK); strings.Count(links, `"url":"http`) != 2 {
				t.Fatalf("the restored links are not shown: %s", links)
			}
			// The two accounts, field by field, as their own screens read them.
			for _, path := range []string{"/api/settings", "/api/reminders", "/api/sharing", "/api/passage-note-tags", "/api/progress"} {
				if got, want := account(t, carol, path), account(t, alice, path); !reflect.DeepEqual(got, want) {
					t.Errorf("%s differs:\n%v\n%v", path, got, want)
				}
			}

			again, _ := send(t, carol, "application/json", before, false, http.StatusOK)
			if again.Counts.New != 0 || again.Counts.Existing != 3 || again.Notes.New != 0 || again.Notes.Existing != 2 || again.Tags.Existing != 2 || again.SettingsRestored {
				t.Fatalf("again %+v", again)
			}
			if got, want := comparable(t, archive(t, carol)), comparable(t, before); !reflect.DeepEqual(got, want) {
				t.Fatal("importing again changed the account")
			}
		})

		t.Run("an archive merges into an account with data, keeping its settings", func(t *testing.T) {
			src := identitytest.Bearer(identitytest.SignUp(t, a, "src@example.com"))
			do(t, src, "POST", "/api/log-entries", `{"date":"2024-03-01","startVerseId":101001001,"endVerseId":101001031}`, http.StatusCreated)
			do(t, src, "POST", "/api/passage-note-tags", `{"label":"prayer","color":"#000000"}`, http.StatusCreated)
			do(t, src, "PUT", "/api/settings", `{"dailyVerseCountGoal":300}`, http.StatusOK)
			dst := identitytest.Bearer(identitytest.SignUp(t, a, "dst@example.com"))
			do(t, dst, "POST", "/api/log-entries", `{"date":"2024-03-02","startVerseId":102001001,"endVerseId":102001022}`, http.StatusCreated)
			do(t, dst, "POST", "/api/passage-note-tags", `{"label":"Prayer","color":"#ffffff"}`, http.StatusCreated)
			r, _ := send(t, dst, "application/json", archive(t, src), false, http.StatusOK)
			if r.Counts.New != 1 || r.Tags.Existing != 1 || r.SettingsRestored {
				t.Fatalf("%+v", r)
			}
			ar := comparable(t, archive(t, dst))
			if len(ar["logEntries"].([]any)) != 2 || len(ar["tags"].([]any)) != 1 || ar["settings"].(map[string]any)["dailyVerseCountGoal"] == 300.0 {
				t.Fatalf("%+v", ar)
			}
		})

		t.Run("a version 1 archive, without reminder and sharing, still restores", func(t *testing.T) {
			src := identitytest.Bearer(identitytest.SignUp(t, a, "old@example.com"))
			do(t, src, "POST", "/api/log-entries", `{"date":"2024-03-01","startVerseId":101001001,"endVerseId":101001031}`, http.StatusCreated)
			do(t, src, "PUT", "/api/settings", `{"dailyVerseCountGoal":250}`, http.StatusOK)
			var v1 map[string]any
			if err := json.Unmarshal([]byte(archive(t, src)), &v1); err != nil {
				t.Fatal(err)
			}
			v1["schemaVersion"] = 1
			delete(v1, "reminder")
			delete(v1, "sharing")
			body, _ := json.Marshal(v1)
			dst := identitytest.Bearer(identitytest.SignUp(t, a, "restored-old@example.com"))
			r, _ := send(t, dst, "application/json", string(body), false, http.StatusOK)
			if r.Counts.New != 1 || !r.SettingsRestored {
				t.Fatalf("%+v", r)
			}
			if got := comparable(t, archive(t, dst)); got["reminder"] != nil || len(got["sharing"].([]any)) != 0 || got["settings"].(map[string]any)["dailyVerseCountGoal"] != 250.0 {
				t.Fatalf("%+v", got)
			}
			v1["schemaVersion"] = 4
			body, _ = json.Marshal(v1)
			send(t, dst, "application/json", string(body), true, http.StatusBadRequest)
		})

		t.Run("the log CSV imports in each of the seven languages and mixed", func(t *testing.T) {
			want := "2024-01-01,Genesis 1-3\n2024-01-02,Psalm 23\n2024-01-03,John 3:16\n2024-01-04,1 Corinthians 13\n2024-01-05,Jude 1:3-8\n" +
				"2024-01-06,Revelation 22\n2024-01-07,Romans 8:28-39\n2024-01-08,Isaiah 53\n2024-01-09,Matthew 5:3-12\n2024-01-10,2 Kings 2\n"
			for _, loc := range []string{"en", "de", "es", "fr", "pt", "uk", "ko", "mixed"} {
				t.Run(loc, func(t *testing.T) {
					raw, err := os.ReadFile("testdata/log." + loc + ".csv")
					if err != nil {
						t.Fatal(err)
					}
					// The reader's language is English, another than the file's.
					h := identitytest.Bearer(identitytest.SignUp(t, a, "csv-"+loc+"@example.com"))
					r, _ := send(t, h, "text/csv", string(raw), true, http.StatusOK)
					if r.Counts.New != 10 || r.Counts.Invalid != 0 || r.Rows[9].Line != 10 {
						t.Fatalf("preview %+v", r)
					}
					send(t, h, "text/csv", string(raw), false, http.StatusOK)
					expect := want
					if loc == "mixed" {
						expect = strings.ReplaceAll(want, "-01-", "-02-")
					}
					if got := logCSV(t, h); got != expect {
						t.Fatalf("%s", got)
					}
					again, _ := send(t, h, "text/csv", string(raw), false, http.StatusOK)
					if again.Counts.New != 0 || again.Counts.Existing != 10 || again.Rows[0].Reason != "already_logged" {
						t.Fatalf("again %+v", again.Counts)
					}
				})
			}
		})

		t.Run("CSV with verse ids, pasted text, and bad rows", func(t *testing.T) {
			h := identitytest.Bearer(identitytest.SignUp(t, a, "text@example.com"))
			ids := "date,start_verse_id,end_verse_id,passage\r\n2024-01-03,101001001,101003024,Genesis 1-3\r\n2024-01-04,143003016,143003016,John 3:16\r\n"
			r, _ := send(t, h, "text/csv", ids, false, http.StatusOK)
			if r.Counts.New != 2 || r.Rows[0].Line != 2 || r.Rows[0].StartVerseID != 101001001 {
				t.Fatalf("%+v", r)
			}
			text := "2024-01-03 Gen 1-3\n2024-01-05: Matt 1; Ps 2\n3 Jan 2024 - John 3\n\nsomeday Gen 1\n2024-01-06 Nobook 2\n2024-01-06 Gen 1\n"
			r, _ = send(t, h, "text/plain", text, false, http.StatusOK)
			if r.Counts.New != 4 || r.Counts.Existing != 1 || r.Counts.Invalid != 2 {
				t.Fatalf("%+v", r)
			}
			if r.Rows[0].Reason != "already_logged" || r.Rows[1].Line != 2 || r.Rows[2].Line != 2 || r.Rows[3].Date != "2024-01-03" ||
				r.Rows[4].Line != 5 || r.Rows[4].Reason != "invalid_date" || r.Rows[4].Text != "someday Gen 1" || r.Rows[5].Reason != "invalid_book_name" {
				t.Fatalf("%+v", r.Rows)
			}
			repeated, _ := send(t, h, "text/plain", "2024-02-01 Gen 5\n2024-02-01 Genesis 5\n", true, http.StatusOK)
			if repeated.Counts.New != 1 || repeated.Rows[1].Reason != "repeated_in_file" {
				t.Fatalf("%+v", repeated)
			}
		})

		t.Run("a file that expands into too many rows is refused, and the answer lists a thousand rows", func(t *testing.T) {
			h := identitytest.Bearer(identitytest.SignUp(t, a, "expand@example.com"))
			// Each line names 400 chapters: 300 lines are 120,000 rows.
			line := "2024-01-03 " + strings.Repeat("Gen 1; ", 399) + "Gen 2\n"
			expanding := strings.Repeat(line, 300)
			for _, dry := range []bool{true, false} {
				_, raw := send(t, h, "text/plain", expanding, dry, http.StatusRequestEntityTooLarge)
				if !strings.Contains(raw, `"code":"import_too_many_rows"`) || !strings.Contains(raw, `"maxRows":100000`) {
					t.Fatal(raw)
				}
			}
			if got := logCSV(t, h); got != "" {
				t.Fatalf("written: %.200s", got)
			}
			var many strings.Builder
			for d := range 1500 {
				fmt.Fprintf(&many, "%s,Genesis 1\n", time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, d).Format(time.DateOnly))
			}
			r, _ := send(t, h, "text/csv", many.String(), false, http.StatusOK)
			if r.Counts.New != 1500 || len(r.Rows) != 1000 || r.Rows[999].Line != 1000 {
				t.Fatalf("%+v, %d rows", r.Counts, len(r.Rows))
			}
			if got := strings.Count(logCSV(t, h), "\n"); got != 1500 {
				t.Fatalf("%d entries written in chunks", got)
			}
		})

		t.Run("a reader sends at most 30 imports an hour", func(t *testing.T) {
			h := identitytest.Bearer(identitytest.SignUp(t, a, "often@example.com"))
			for range 30 {
				send(t, h, "text/csv", "2024-01-03,Gen 1\n", true, http.StatusOK)
			}
			hh := map[string]string{"Content-Type": "text/csv"}
			for k, v := range h {
				hh[k] = v
			}
			code, res := a.Do(t, "POST", "/api/import?dryRun=true", "2024-01-03,Gen 1\n", hh)
			if code != http.StatusTooManyRequests || !strings.Contains(res, "too_many_requests") {
				t.Fatalf("%d %s", code, res)
			}
		})

		t.Run("bad files answer a clear error and change nothing", func(t *testing.T) {
			h := identitytest.Bearer(identitytest.SignUp(t, a, "bad@example.com"))
			do(t, h, "POST", "/api/log-entries", `{"date":"2024-01-01","startVerseId":101001001,"endVerseId":101001031}`, http.StatusCreated)
			before := archive(t, h)
			cases := []struct {
				name, contentType, body string
				status                  int
				code                    string
			}{
				{"wrong type", "image/png", "2024-01-03,Gen 1\n", http.StatusBadRequest, "import_content_type"},
				{"no type", "", "2024-01-03,Gen 1\n", http.StatusBadRequest, "import_content_type"},
				{"empty", "text/csv", "\ufeff \r\n\n", http.StatusBadRequest, "import_empty"},
				{"binary", "text/csv", "\x89PNG\r\n\x1a\n\x00\x00\xff", http.StatusBadRequest, "import_unreadable"},
				{"not an archive", "application/json", `{"logEntries":[{"date":2}]}`, http.StatusBadRequest, "import_archive_invalid"},
				{"broken JSON", "application/json", `{"schemaVersion":1,"logEntries":[`, http.StatusBadRequest, "import_archive_invalid"},
				{"unknown version", "application/json", `{"schemaVersion":9,"logEntries":[]}`, http.StatusBadRequest, "import_archive_version"},
				{"too large", "text/csv", strings.Repeat("2024-01-03,Genesis 1\n", 1700000), http.StatusRequestEntityTooLarge, "payload_too_large"},
			}
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					hh := map[string]string{"Content-Type": c.contentType}
					for k, v := range h {
						hh[k] = v
					}
					code, res := a.Do(t, "POST", "/api/import", c.body, hh)
					if code != c.status || !strings.Contains(res, `"code":"`+c.code+`"`) {
						t.Fatalf("%d %s", code, res)
					}
					if got := archive(t, h); !reflect.DeepEqual(comparable(t, got), comparable(t, before)) {
						t.Fatal("the account changed")
					}
				})
			}
		})
	})
}
