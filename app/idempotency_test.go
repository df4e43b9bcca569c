package app_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/fx"
	"gorm.io/gorm"

	"lamplight/app"
	"lamplight/modules/identity/identitytest"
	"lamplight/platform/config"
	"lamplight/platform/idempotency"
	"lamplight/platform/testkit"
)

type idempotentApp struct {
	*testkit.App
	clock *testkit.Clock
	db    *gorm.DB
}

func startIdempotentApp(t *testing.T, cfg config.Config) *idempotentApp {
	a := &idempotentApp{clock: &testkit.Clock{}}
	a.App = testkit.StartApp(t, app.Options(cfg, io.Discard, webFiles, identitytest.Options(),
		fx.Decorate(func(k *idempotency.Keys) *idempotency.Keys { k.Now = a.clock.Now; return k }),
		fx.Populate(&a.db)))
	return a
}

// answer is what a client sees of a response.
type answer struct {
	status   int
	body     string
	location string
	ctype    string
	replayed string
}

func (a *idempotentApp) send(t *testing.T, h map[string]string, path, key, body string) answer {
	t.Helper()
	return a.sendMethod(t, h, http.MethodPost, path, key, body)
}

func (a *idempotentApp) sendMethod(t *testing.T, h map[string]string, method, path, key, body string) answer {
	t.Helper()
	req, err := http.NewRequest(method, a.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range h {
		req.Header.Set(k, v)
	}
	if key != "" {
		req.Header.Set(idempotency.Header, key)
	}
	res, err := a.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	return answer{res.StatusCode, string(b), res.Header.Get("Location"), res.Header.Get("Content-Type"), res.Header.Get(idempotency.ReplayedHeader)}
}

// count is the number of items a list answers, or the size of a page.
func (a *idempotentApp) count(t *testing.T, h map[string]string, path string) int {
	t.Helper()
	code, body := a.Do(t, http.MethodGet, path, "", h)
	if code != http.StatusOK {
		t.Fatalf("GET %s: %d %s", path, code, body)
	}
	var items []json.RawMessage
	if err := json.Unmarshal([]byte(body), &items); err == nil {
		return len(items)
	}
	var page struct{ Size int }
	if err := json.Unmarshal([]byte(body), &page); err != nil {
		t.Fatalf("GET %s: %s", path, body)
	}
	return page.Size
}

func entry(day int) string {
	return fmt.Sprintf(`{"date":"2024-01-%02d","startVerseId":101001001,"endVerseId":101001005}`, day)
}

func TestIntegrationIdempotencyKey(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test")
	}
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		a := startIdempotentApp(t, b.Config)
		alice := identitytest.Bearer(identitytest.SignUp(t, a.App, "alice@example.org"))
		bob := identitytest.Bearer(identitytest.SignUp(t, a.App, "bob@example.org"))

		t.Run("every creating route writes once and replays its first answer", func(t *testing.T) {
			routes := []struct{ path, body, list string }{
				{"/api/log-entries", entry(1), "/api/log-entries"},
				{"/api/log-entries/batch", `{"entries":[` + entry(2) + `,` + entry(3) + `]}`, "/api/log-entries"},
				{"/api/passage-note-tags", `{"label":"Hope","color":"#abc"}`, "/api/passage-note-tags"},
				{"/api/passage-notes", `{"content":"Grace","passages":[{"startVerseId":101001001,"endVerseId":101001002}]}`, "/api/passage-notes"},
			}
			for _, r := range routes {
				before := a.count(t, alice, r.list)
				first := a.send(t, alice, r.path, "same-key", r.body)
				if first.status != http.StatusCreated || first.replayed != "" {
					t.Fatalf("%s: %+v", r.path, first)
				}
				again := a.send(t, alice, r.path, "same-key", r.body)
				if again.status != first.status || again.body != first.body || again.ctype != first.ctype ||
					again.location != first.location || again.replayed != "true" {
					t.Fatalf("%s: replay %+v, first %+v", r.path, again, first)
				}
				wrote := a.count(t, alice, r.list) - before
				if want := strings.Count(r.body, `"date"`); r.list == "/api/log-entries" && wrote != want || r.list != "/api/log-entries" && wrote != 1 {
					t.Fatalf("%s: %d written", r.path, wrote)
				}
			}
		})

		// The web app queues edits and deletes made offline and sends them again when an answer
		// was lost: the repeat must not answer 404 for an entry or note it deleted itself.
		t.Run("edits and deletes sent again with their key are answered as the first time", func(t *testing.T) {
			for _, r := range []struct{ create, body, edit string }{
				{"/api/log-entries", entry(10), entry(11)},
				{"/api/passage-notes", `{"content":"Peace","passages":[]}`, `{"content":"Joy","passages":[]}`},
			} {
				code, body := a.Do(t, http.MethodPost, r.create, r.body, alice)
				if code != http.StatusCreated {
					t.Fatalf("%s: %d %s", r.create, code, body)
				}
				var created struct{ ID string }
				_ = json.Unmarshal([]byte(body), &created)
				path := r.create + "/" + created.ID
				for _, w := range []struct{ method, key, body string }{{http.MethodPut, "edit-key", r.edit}, {http.MethodDelete, "delete-key", ""}} {
					first := a.sendMethod(t, alice, w.method, path, w.key, w.body)
					again := a.sendMethod(t, alice, w.method, path, w.key, w.body)
					if first.status != http.StatusOK || again.status != first.status || again.body != first.body || again.replayed != "true" {
						t.Fatalf("%s %s: first %+v, again %+v", w.method, path, first, again)
					}
				}
			}
		})

		t.Run("the key with another body is refused and writes nothing", func(t *testing.T) {
			first := a.send(t, alice, "/api/log-entries", "body-key", entry(4))
			before := a.count(t, alice, "/api/log-entries")
			other := a.send(t, alice, "/api/log-entries", "body-key", entry(5))
			if other.status != http.StatusConflict || !strings.Contains(other.body, `"idempotency_key_reused"`) {
				t.Fatalf("first %+v, other body %+v", first, other)
			}
			if a.count(t, alice, "/api/log-entries") != before {
				t.Fatal("the other body was written")
			}
		})

		t.Run("readers' keys are independent", func(t *testing.T) {
			x := a.send(t, alice, "/api/passage-note-tags", "shared-key", `{"label":"Mine","color":"#abc"}`)
			y := a.send(t, bob, "/api/passage-note-tags", "shared-key", `{"label":"Mine","color":"#abc"}`)
			if x.status != http.StatusCreated || y.status != http.StatusCreated || y.replayed != "" || x.body == y.body {
				t.Fatalf("alice %+v, bob %+v", x, y)
			}
			if n := a.count(t, bob, "/api/passage-note-tags"); n != 1 {
				t.Fatalf("bob has %d tags", n)
			}
		})

		t.Run("a 4xx first answer is replayed, not run again", func(t *testing.T) {
			code, body := a.Do(t, http.MethodPost, "/api/passage-note-tags", `{"label":"Taken","color":"#abc"}`, alice)
			if code != http.StatusCreated {
				t.Fatalf("%d %s", code, body)
			}
			var taken struct{ ID string }
			_ = json.Unmarshal([]byte(body), &taken)
			first := a.send(t, alice, "/api/passage-note-tags", "taken-key", `{"label":"TAKEN","color":"#abc"}`)
			if first.status != http.StatusBadRequest || !strings.Contains(first.body, `"unique"`) {
				t.Fatalf("%+v", first)
			}
			if code, body := a.Do(t, http.MethodDelete, "/api/passage-note-tags/"+taken.ID, "", alice); code != http.StatusOK {
				t.Fatalf("%d %s", code, body)
			}
			before := a.count(t, alice, "/api/passage-note-tags")
			again := a.send(t, alice, "/api/passage-note-tags", "taken-key", `{"label":"TAKEN","color":"#abc"}`)
			if again.status != first.status || again.body != first.body || again.replayed != "true" {
				t.Fatalf("replay %+v, first %+v", again, first)
			}
			if a.count(t, alice, "/api/passage-note-tags") != before {
				t.Fatal("the replayed request ran")
			}
		})

		t.Run("concurrent requests with one key write once", func(t *testing.T) {
			before := a.count(t, alice, "/api/log-entries")
			const n = 8
			answers := make(chan answer, n)
			var start sync.WaitGroup
			start.Add(1)
			for range n {
				go func() {
					start.Wait()
					answers <- a.send(t, alice, "/api/log-entries", "race-key", entry(6))
				}()
			}
			start.Done()
			created := 0
			for range n {
				switch got := <-answers; {
				case got.status == http.StatusCreated:
					created++
				case got.status == http.StatusConflict && strings.Contains(got.body, "idempotency_in_progress"):
				default:
					t.Errorf("unexpected answer %+v", got)
				}
			}
			if created == 0 {
				t.Error("no request got the created entry")
			}
			if wrote := a.count(t, alice, "/api/log-entries") - before; wrote != 1 {
				t.Fatalf("%d requests with one key wrote %d entries", n, wrote)
			}
		})

		t.Run("after 24 hours the key can be used again", func(t *testing.T) {
			first := a.send(t, bob, "/api/log-entries", "day-key", entry(7))
			a.clock.Advance(24*time.Hour - time.Minute)
			if kept := a.send(t, bob, "/api/log-entries", "day-key", entry(7)); kept.replayed != "true" || kept.body != first.body {
				t.Fatalf("a minute before expiry: %+v", kept)
			}
			a.clock.Advance(time.Minute)
			before := a.count(t, bob, "/api/log-entries")
			later := a.send(t, bob, "/api/log-entries", "day-key", entry(8))
			if first.status != http.StatusCreated || later.status != http.StatusCreated || later.replayed != "" {
				t.Fatalf("first %+v, later %+v", first, later)
			}
			if a.count(t, bob, "/api/log-entries") != before+1 {
				t.Fatal("the expired key did not write")
			}
		})

		t.Run("a deleted account's keys are deleted", func(t *testing.T) {
			carol := identitytest.Bearer(identitytest.SignUp(t, a.App, "carol@example.org"))
			a.send(t, carol, "/api/log-entries", "carol-key", entry(9))
			keys := func() int64 {
				var n int64
				if err := a.db.Table("idempotency_keys").Where("idempotency_key = ?", "carol-key").Count(&n).Error; err != nil {
					t.Fatal(err)
				}
				return n
			}
			if keys() != 1 {
				t.Fatal("the key was not stored")
			}
			body := fmt.Sprintf(`{"password":%q}`, identitytest.Password)
			if code, res := a.Do(t, http.MethodDelete, "/api/auth/user", body, carol); code != http.StatusNoContent {
				t.Fatalf("delete account: %d %s", code, res)
			}
			testkit.Eventually(t, 30*time.Second, func() bool { return keys() == 0 }, "carol's keys are kept")
		})
	})
}

// A retry that reaches another instance gets the first answer too.
func TestIntegrationIdempotencyKeyAcrossInstances(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test")
	}
	backends := testkit.Backends(t)
	b := backends[len(backends)-1]
	if !b.Postgres() {
		t.Skip("needs TEST_DATABASE_URL and TEST_REDIS_URL")
	}
	one, two := startIdempotentApp(t, b.Config), startIdempotentApp(t, b.Config)
	reader := identitytest.Bearer(identitytest.SignUp(t, one.App, "dave@example.org"))
	first := one.send(t, reader, "/api/log-entries", "k", entry(1))
	again := two.send(t, reader, "/api/log-entries", "k", entry(1))
	if first.status != http.StatusCreated || again.body != first.body || again.replayed != "true" {
		t.Fatalf("first %+v, on the other instance %+v", first, again)
	}
	if n := two.count(t, reader, "/api/log-entries"); n != 1 {
		t.Fatalf("%d entries", n)
	}
}
