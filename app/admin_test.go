package app_test

import (
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"go.uber.org/fx"

	"lamplight/modules/identity"
	"lamplight/modules/identity/identitytest"
	"lamplight/platform/dates"
	"lamplight/platform/testkit"
)

// TestIntegrationAdminAPI runs the admin pages' API on a reader who logged
// reading, wrote a note and made a tag: every /api/admin route answers an
// admin, none of its answers holds the passage, the note or the tag, and
// every action is in the audit log.
func TestIntegrationAdminAPI(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		var engine *gin.Engine
		var admins *identity.Admins
		a := start(t, b.Config, identitytest.Options(), fx.Populate(&engine, &admins))
		reader := identitytest.Bearer(identitytest.SignUp(t, a, "reader@example.com"))
		other := identitytest.Bearer(identitytest.SignUp(t, a, "other@example.com"))
		admin := identitytest.Bearer(identitytest.SignUp(t, a, "admin@example.com"))
		if _, err := admins.Grant(context.Background(), "admin@example.com"); err != nil {
			t.Fatal(err)
		}
		today := time.Now().UTC().Format(dates.Layout)
		do := func(method, path, body string, h map[string]string, want int) string {
			t.Helper()
			code, res := a.Do(t, method, path, body, h)
			if code != want {
				t.Fatalf("%s %s: %d %s", method, path, code, res)
			}
			return res
		}
		// What the reader wrote, which no admin answer may hold.
		secrets := []string{"Zebra-Note-Words", "Zebra-Tag-Label", "101001001", "101001003"}
		tag := do(http.MethodPost, "/api/passage-note-tags", `{"label":"Zebra-Tag-Label","color":"#abc"}`, reader, http.StatusCreated)
		var tg struct{ ID string }
		_ = json.Unmarshal([]byte(tag), &tg)
		do(http.MethodPost, "/api/log-entries", `{"date":"`+today+`","startVerseId":101001001,"endVerseId":101001003}`, reader, http.StatusCreated)
		do(http.MethodPost, "/api/passage-notes", `{"content":"Zebra-Note-Words","passages":[{"startVerseId":101001001,"endVerseId":101001003}],"tagIds":["`+tg.ID+`"]}`, reader, http.StatusCreated)

		var page struct {
			Size    int
			Results []struct {
				ID      string
				Email   string
				Entries int
			}
		}
		if err := json.Unmarshal([]byte(do(http.MethodGet, "/api/admin/users?search=READ&sort=entries", "", admin, http.StatusOK)), &page); err != nil || page.Size != 1 || page.Results[0].Email != "reader@example.com" || page.Results[0].Entries != 1 {
			t.Fatalf("search: %+v %v", page, err)
		}
		readerID := page.Results[0].ID
		_ = json.Unmarshal([]byte(do(http.MethodGet, "/api/admin/users?sort=entries&limit=2", "", admin, http.StatusOK)), &page)
		if page.Size != 3 || len(page.Results) != 2 || page.Results[0].ID != readerID {
			t.Fatalf("by entries: %+v", page)
		}
		do(http.MethodGet, "/api/admin/users?limit=101", "", admin, http.StatusBadRequest)
		do(http.MethodGet, "/api/admin/users?sort=notes", "", admin, http.StatusBadRequest)

		var detail struct {
			Sessions int
			Counts   struct{ Entries, Notes, Tags, Feedback int }
		}
		_ = json.Unmarshal([]byte(do(http.MethodGet, "/api/admin/users/"+readerID, "", admin, http.StatusOK)), &detail)
		if detail.Counts.Entries != 1 || detail.Counts.Notes != 1 || detail.Counts.Tags != 1 || detail.Sessions != 1 {
			t.Fatalf("detail: %+v", detail)
		}

		// Actions, each audited.
		_ = json.Unmarshal([]byte(do(http.MethodGet, "/api/admin/users?search=admin@", "", admin, http.StatusOK)), &page)
		adminID := page.Results[0].ID
		do(http.MethodPut, "/api/admin/users/"+adminID+"/admin", `{"isAdmin":false}`, admin, http.StatusConflict)
		do(http.MethodPut, "/api/admin/users/"+readerID+"/admin", `{"isAdmin":true}`, admin, http.StatusOK)
		do(http.MethodPut, "/api/admin/users/"+readerID+"/admin", `{"isAdmin":false}`, admin, http.StatusOK)
		// Sign-up here does not verify the address.
		do(http.MethodPost, "/api/admin/users/"+readerID+"/verification", "", admin, http.StatusOK)
		do(http.MethodPost, "/api/admin/users/"+readerID+"/sign-out", "", admin, http.StatusOK)
		do(http.MethodGet, "/api/auth/user", "", reader, http.StatusUnauthorized)
		do(http.MethodPost, "/api/admin/users/"+adminID+"/delete", `{"confirmEmail":"admin@example.com"}`, admin, http.StatusConflict)
		_ = json.Unmarshal([]byte(do(http.MethodGet, "/api/admin/users?search=other", "", admin, http.StatusOK)), &page)
		otherID := page.Results[0].ID
		do(http.MethodPost, "/api/admin/users/"+otherID+"/delete", `{"confirmEmail":"someone@example.com"}`, admin, http.StatusBadRequest)
		do(http.MethodPost, "/api/admin/users/"+otherID+"/delete", `{"confirmEmail":"Other@example.com"}`, admin, http.StatusOK)
		do(http.MethodGet, "/api/auth/user", "", other, http.StatusUnauthorized)
		do(http.MethodGet, "/api/admin/users/"+otherID, "", admin, http.StatusNotFound)

		var audit struct {
			Size    int
			Results []struct {
				Action string
				Actor  struct{ Email string }
				Target struct{ ID, Email string }
			}
		}
		_ = json.Unmarshal([]byte(do(http.MethodGet, "/api/admin/audit", "", admin, http.StatusOK)), &audit)
		var lines []string
		for _, l := range audit.Results {
			lines = append(lines, l.Actor.Email+" "+l.Action+" "+l.Target.Email)
		}
		want := []string{
			"admin@example.com delete_account ",
			"admin@example.com sign_out_everywhere reader@example.com",
			"admin@example.com resend_verification reader@example.com",
			"admin@example.com revoke_admin reader@example.com",
			"admin@example.com grant_admin reader@example.com",
		}
		if audit.Size != 5 || strings.Join(lines, "\n") != strings.Join(want, "\n") {
			t.Fatalf("audit (%d):\n%s", audit.Size, strings.Join(lines, "\n"))
		}

		// The engagement projection sees the events: the reading today, the
		// accounts and the deletion.
		testkit.Eventually(t, 10*time.Second, func() bool {
			var r struct {
				Days []struct{ ActiveReaders, NewAccounts, DeletedAccounts, NotesWritten int }
			}
			_ = json.Unmarshal([]byte(do(http.MethodGet, "/api/admin/engagement?from="+dates.AddDays(today, -1)+"&to="+today, "", admin, http.StatusOK)), &r)
			d := r.Days[1]
			return d.ActiveReaders == 1 && d.NewAccounts == 2 && d.DeletedAccounts == 1 && d.NotesWritten == 1
		}, "engagement today")
		report := do(http.MethodGet, "/api/admin/users-report", "", admin, http.StatusOK)
		if !strings.Contains(report, `"deleted":1`) || !strings.Contains(report, `"accounts":2`) {
			t.Fatalf("users report: %s", report)
		}
		if csv := do(http.MethodGet, "/api/admin/engagement?format=csv", "", admin, http.StatusOK); !strings.HasPrefix(csv, "date,active_readers,") {
			t.Fatalf("engagement csv: %s", csv)
		}
		if csv := do(http.MethodGet, "/api/admin/users-report?format=csv", "", admin, http.StatusOK); !strings.HasPrefix(csv, "week,new_accounts,") {
			t.Fatalf("report csv: %s", csv)
		}
		do(http.MethodGet, "/api/admin/engagement?from=2024-01-01&to=2023-01-01", "", admin, http.StatusBadRequest)

		// Every admin GET, with the reader's id where one is asked for.
		param := regexp.MustCompile(`:\w+|\*\w+`)
		for _, r := range engine.Routes() {
			if !strings.HasPrefix(r.Path, "/api/admin/") || r.Method != http.MethodGet {
				continue
			}
			for _, q := range []string{"", "?format=csv", "?format=csv&table=cohorts", "?sort=entries"} {
				path := param.ReplaceAllString(r.Path, readerID) + q
				code, body := a.Do(t, r.Method, path, "", admin)
				if code != http.StatusOK {
					t.Errorf("GET %s: %d %s", path, code, body)
				}
				for _, s := range secrets {
					if strings.Contains(body, s) {
						t.Errorf("GET %s answers what the reader wrote (%s): %s", path, s, body)
					}
				}
			}
		}
	})
}
