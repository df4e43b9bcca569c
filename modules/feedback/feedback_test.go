package feedback_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"go.uber.org/fx"
	"gorm.io/gorm"

	"lamplight/app"
	"lamplight/modules/feedback"
	"lamplight/modules/identity"
	"lamplight/modules/identity/identitytest"
	"lamplight/platform/idempotency"
	"lamplight/platform/mail"
	"lamplight/platform/testkit"
)

type item struct {
	ID        string  `json:"id"`
	Kind      string  `json:"kind"`
	Message   string  `json:"message"`
	Email     string  `json:"email"`
	Page      string  `json:"page"`
	Locale    string  `json:"locale"`
	Status    string  `json:"status"`
	CreatedAt string  `json:"createdAt"`
	UpdatedAt string  `json:"updatedAt"`
	RepliedAt *string `json:"repliedAt"`
	UserID    *string `json:"userId"`
}

type page struct {
	Items  []item         `json:"items"`
	Total  int            `json:"total"`
	Limit  int            `json:"limit"`
	Offset int            `json:"offset"`
	Counts map[string]int `json:"counts"`
}

// mailbox records what the app's mail sender delivered.
type mailbox struct {
	mu   sync.Mutex
	msgs []mail.Message
}

type recording struct {
	next mail.Sender
	box  *mailbox
}

func (r recording) Send(ctx context.Context, m mail.Message) error {
	r.box.mu.Lock()
	r.box.msgs = append(r.box.msgs, m)
	r.box.mu.Unlock()
	return r.next.Send(ctx, m)
}

// to lists the messages of a kind delivered to address.
func (b *mailbox) to(address, kind string) []mail.Message {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []mail.Message
	for _, m := range b.msgs {
		if m.To == address && m.Kind == kind {
			out = append(out, m)
		}
	}
	return out
}

type answer struct {
	status int
	body   string
	header http.Header
}

type env struct {
	a      *testkit.App
	db     *gorm.DB
	box    *mailbox
	reader map[string]string
	admin  map[string]string
}

// send posts as someone at ip (the app trusts 127.0.0.1 as a proxy, so
// X-Forwarded-For is the sender's address and each test has its own budget).
func (e *env) send(t *testing.T, method, path, ip string, h map[string]string, body string) answer {
	t.Helper()
	req, err := http.NewRequest(method, e.a.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("X-Forwarded-For", ip)
	for k, v := range h {
		req.Header.Set(k, v)
	}
	res, err := e.a.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return answer{res.StatusCode, string(b), res.Header}
}

func (e *env) expect(t *testing.T, method, path string, h map[string]string, body string, want int) string {
	t.Helper()
	res := e.send(t, method, path, "198.51.100.1", h, body)
	if res.status != want {
		t.Fatalf("%s %s: %d %s, want %d", method, path, res.status, res.body, want)
	}
	return res.body
}

func (e *env) list(t *testing.T, query string) page {
	t.Helper()
	var p page
	if err := json.Unmarshal([]byte(e.expect(t, "GET", "/api/admin/feedback"+query, e.admin, "", http.StatusOK)), &p); err != nil {
		t.Fatal(err)
	}
	return p
}

func start(t *testing.T, b testkit.Backend) *env {
	cfg := b.Config
	cfg.TrustedProxies = []string{"127.0.0.1"}
	e := &env{box: &mailbox{}}
	var admins *identity.Admins
	e.a = testkit.StartApp(t, app.Options(cfg, io.Discard, fstest.MapFS{}, identitytest.Options(),
		fx.Decorate(func(c feedback.Config) feedback.Config { c.RateLimitScale = 1; return c }),
		fx.Decorate(func(s mail.Sender) mail.Sender { return recording{next: s, box: e.box} }),
		fx.Populate(&admins, &e.db)))
	e.reader = identitytest.Bearer(identitytest.SignUp(t, e.a, "reader@example.com"))
	e.admin = identitytest.Bearer(identitytest.SignUp(t, e.a, "admin@example.com"))
	if _, err := admins.Grant(context.Background(), "admin@example.com"); err != nil {
		t.Fatal(err)
	}
	return e
}

func decode(t *testing.T, body string) item {
	t.Helper()
	var it item
	if err := json.Unmarshal([]byte(body), &it); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	return it
}

func at(t *testing.T, s string) time.Time {
	t.Helper()
	v, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestIntegrationFeedbackHTTP(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		e := start(t, b)

		var anonymous, signedIn item
		t.Run("signed out, an email is required", func(t *testing.T) {
			res := e.send(t, "POST", "/api/feedback", "192.0.2.1", nil, `{"kind":"bug","message":"The calendar is blank"}`)
			if res.status != http.StatusBadRequest || res.body != `{"error":{"code":"validation_error","errors":[{"field":"email","code":"required"}]}}` {
				t.Fatalf("%d %s", res.status, res.body)
			}
			res = e.send(t, "POST", "/api/feedback", "192.0.2.1", nil, `{"kind":"bug","message":" The calendar is blank ","email":" Visitor@Example.com ","page":"/de/calendar"}`)
			if res.status != http.StatusCreated {
				t.Fatalf("%d %s", res.status, res.body)
			}
			anonymous = decode(t, res.body)
			if anonymous.ID == "" || anonymous.Kind != "bug" || anonymous.Message != "The calendar is blank" || anonymous.Email != "visitor@example.com" ||
				anonymous.Page != "/de/calendar" || anonymous.Status != "open" || anonymous.CreatedAt == "" || strings.Contains(res.body, "userId") {
				t.Fatalf("%s", res.body)
			}
		})

		t.Run("every admin is told of new feedback", func(t *testing.T) {
			testkit.Eventually(t, 20*time.Second, func() bool { return len(e.box.to("admin@example.com", "feedback_received")) > 0 }, "notice delivered")
			m := e.box.to("admin@example.com", "feedback_received")[0]
			if m.Kind != "feedback_received" || m.Subject != "New feedback on Lamplight: bug report" ||
				!strings.HasPrefix(m.Text, "From visitor@example.com (page /de/calendar):\n\n> The calendar is blank\n") ||
				!strings.Contains(m.Text, "\n"+e.a.URL+"/admin/feedback\n") {
				t.Fatalf("%+v", m)
			}
			if len(e.box.to("reader@example.com", "feedback_received")) != 0 {
				t.Fatal("a reader was told")
			}
		})

		t.Run("signed in, the account's address is used", func(t *testing.T) {
			res := e.send(t, "POST", "/api/feedback", "192.0.2.2", e.reader, `{"kind":"feature","message":"Dark mode, please","email":"someone@else.example"}`)
			if res.status != http.StatusCreated {
				t.Fatalf("%d %s", res.status, res.body)
			}
			signedIn = decode(t, res.body)
			if signedIn.Email != "reader@example.com" || signedIn.Page != "" {
				t.Fatalf("%s", res.body)
			}
		})

		t.Run("a message is 1 to 1,500 characters", func(t *testing.T) {
			for _, m := range []string{"x", strings.Repeat("ü", 1500)} {
				if res := e.send(t, "POST", "/api/feedback", "192.0.2.3", e.reader, `{"kind":"comment","message":"`+m+`"}`); res.status != http.StatusCreated {
					t.Fatalf("%d %.200s", res.status, res.body)
				}
			}
			cases := map[string]string{
				strings.Repeat("m", 1501): `{"field":"message","code":"max_length","properties":{"maxlength":1500}}`,
				"   ":                     `{"field":"message","code":"required"}`,
			}
			for m, want := range cases {
				res := e.send(t, "POST", "/api/feedback", "192.0.2.3", e.reader, `{"kind":"comment","message":"`+m+`"}`)
				if res.status != http.StatusBadRequest || !strings.Contains(res.body, want) {
					t.Fatalf("%d %s", res.status, res.body)
				}
			}
			res := e.send(t, "POST", "/api/feedback", "192.0.2.3", nil, `{"kind":"praise","message":"x","email":"nope","page":"https://example.com/"}`)
			for _, want := range []string{`{"field":"kind","code":"is_invalid"}`, `{"field":"email","code":"is_invalid"}`, `{"field":"page","code":"is_invalid"}`} {
				if res.status != http.StatusBadRequest || !strings.Contains(res.body, want) {
					t.Fatalf("%s missing: %d %s", want, res.status, res.body)
				}
			}
		})

		t.Run("the sixth message in a minute from one address is refused", func(t *testing.T) {
			body := `{"kind":"comment","message":"again","email":"busy@example.com"}`
			for i := range 5 {
				if res := e.send(t, "POST", "/api/feedback", "192.0.2.4", nil, body); res.status != http.StatusCreated {
					t.Fatalf("message %d: %d %s", i+1, res.status, res.body)
				}
			}
			res := e.send(t, "POST", "/api/feedback", "192.0.2.4", nil, body)
			if res.status != http.StatusTooManyRequests || !strings.Contains(res.body, `"too_many_requests"`) {
				t.Fatalf("%d %s", res.status, res.body)
			}
			if s, err := strconv.Atoi(res.header.Get("Retry-After")); err != nil || s < 1 || s > 60 {
				t.Fatalf("Retry-After %q", res.header.Get("Retry-After"))
			}
			// Signed in or not, it is the address that counts.
			if res := e.send(t, "POST", "/api/feedback", "192.0.2.4", e.reader, body); res.status != http.StatusTooManyRequests {
				t.Fatalf("%d %s", res.status, res.body)
			}
			if res := e.send(t, "POST", "/api/feedback", "192.0.2.5", nil, body); res.status != http.StatusCreated {
				t.Fatalf("another address: %d %s", res.status, res.body)
			}
		})

		t.Run("a retried send with its Idempotency-Key is answered once", func(t *testing.T) {
			body := `{"kind":"bug","message":"Retried","email":"retry@example.com"}`
			key := map[string]string{idempotency.Header: "feedback-key-1"}
			first := e.send(t, "POST", "/api/feedback", "192.0.2.6", key, body)
			again := e.send(t, "POST", "/api/feedback", "192.0.2.6", key, body)
			if first.status != http.StatusCreated || again.status != http.StatusCreated || again.body != first.body ||
				again.header.Get(idempotency.ReplayedHeader) != "true" {
				t.Fatalf("%d %s / %d %s", first.status, first.body, again.status, again.body)
			}
			if res := e.send(t, "POST", "/api/feedback", "192.0.2.6", key, `{"kind":"bug","message":"Other","email":"retry@example.com"}`); res.status != http.StatusConflict ||
				!strings.Contains(res.body, "idempotency_key_reused") {
				t.Fatalf("%d %s", res.status, res.body)
			}
			// Signed out, keys belong to the address; signed in, to the account.
			other := e.send(t, "POST", "/api/feedback", "192.0.2.7", key, body)
			mine := e.send(t, "POST", "/api/feedback", "192.0.2.6", map[string]string{idempotency.Header: "feedback-key-1", "Authorization": e.reader["Authorization"]}, body)
			if other.status != http.StatusCreated || other.header.Get(idempotency.ReplayedHeader) != "" ||
				mine.status != http.StatusCreated || mine.header.Get(idempotency.ReplayedHeader) != "" {
				t.Fatalf("%d %s / %d %s", other.status, other.body, mine.status, mine.body)
			}
			var n int64
			e.db.Table("feedback").Where("message = ?", "Retried").Count(&n)
			if n != 3 {
				t.Fatalf("%d rows", n)
			}
		})

		t.Run("admins list one status at a time, newest first, with counts", func(t *testing.T) {
			all := e.list(t, "?limit=100")
			if all.Total != len(all.Items) || all.Total < 10 || all.Limit != 100 || all.Offset != 0 ||
				all.Counts["open"] != all.Total || all.Counts["resolved"] != 0 || all.Counts["archived"] != 0 {
				t.Fatalf("%+v", all)
			}
			for i := 1; i < len(all.Items); i++ {
				if at(t, all.Items[i-1].CreatedAt).Before(at(t, all.Items[i].CreatedAt)) {
					t.Fatalf("not newest first: %s before %s", all.Items[i-1].CreatedAt, all.Items[i].CreatedAt)
				}
			}
			var paged []item
			for offset := 0; offset < all.Total; offset += 3 {
				p := e.list(t, "?status=open&limit=3&offset="+strconv.Itoa(offset))
				if p.Total != all.Total || p.Limit != 3 || p.Offset != offset || len(p.Items) > 3 {
					t.Fatalf("%+v", p)
				}
				paged = append(paged, p.Items...)
			}
			for i := range paged {
				if paged[i].ID != all.Items[i].ID {
					t.Fatalf("page order differs at %d", i)
				}
			}
			if p := e.list(t, ""); p.Limit != 10 || len(p.Items) != 10 {
				t.Fatalf("default page: %d items, limit %d", len(p.Items), p.Limit)
			}
			var found item
			for _, it := range all.Items {
				if it.ID == signedIn.ID {
					found = it
				}
			}
			if found.UserID == nil || *found.UserID == "" || found.Locale != "en" || found.RepliedAt != nil || found.UpdatedAt != found.CreatedAt {
				t.Fatalf("%+v", found)
			}
			for _, it := range all.Items {
				if it.ID == anonymous.ID && (it.UserID != nil || it.Locale != "de") {
					t.Fatalf("%+v", it)
				}
			}
			res := e.expect(t, "GET", "/api/admin/feedback?status=done&limit=101&offset=-1", e.admin, "", http.StatusBadRequest)
			for _, f := range []string{"status", "limit", "offset"} {
				if !strings.Contains(res, `"field":"`+f+`","code":"is_invalid"`) {
					t.Fatalf("%s: %s", f, res)
				}
			}
		})

		t.Run("resolve, archive and reopen", func(t *testing.T) {
			before := e.list(t, "")
			resolved := decode(t, e.expect(t, "PATCH", "/api/admin/feedback/"+signedIn.ID, e.admin, `{"status":"resolved"}`, http.StatusOK))
			if resolved.Status != "resolved" || resolved.ID != signedIn.ID || at(t, resolved.UpdatedAt).Before(at(t, resolved.CreatedAt)) || resolved.Email != "reader@example.com" {
				t.Fatalf("%+v", resolved)
			}
			p := e.list(t, "?status=resolved")
			if p.Total != 1 || p.Items[0].ID != signedIn.ID || p.Counts["open"] != before.Counts["open"]-1 || p.Counts["resolved"] != 1 {
				t.Fatalf("%+v", p)
			}
			e.expect(t, "PATCH", "/api/admin/feedback/"+signedIn.ID, e.admin, `{"status":"archived"}`, http.StatusOK)
			if p := e.list(t, "?status=archived"); p.Total != 1 || p.Counts["resolved"] != 0 {
				t.Fatalf("%+v", p)
			}
			if it := decode(t, e.expect(t, "PATCH", "/api/admin/feedback/"+signedIn.ID, e.admin, `{"status":"open"}`, http.StatusOK)); it.Status != "open" {
				t.Fatalf("%+v", it)
			}
			res := e.expect(t, "PATCH", "/api/admin/feedback/"+signedIn.ID, e.admin, `{"status":"done"}`, http.StatusBadRequest)
			if res != `{"error":{"code":"validation_error","errors":[{"field":"status","code":"is_invalid"}]}}` {
				t.Fatal(res)
			}
			res = e.expect(t, "PATCH", "/api/admin/feedback/no-such-id", e.admin, `{"status":"open"}`, http.StatusNotFound)
			if res != `{"error":{"code":"not_found","errors":[{"code":"feedback_not_found"}]}}` {
				t.Fatal(res)
			}
		})

		t.Run("a reply is emailed in the sender's language with the original quoted", func(t *testing.T) {
			it := decode(t, e.expect(t, "POST", "/api/admin/feedback/"+anonymous.ID+"/reply", e.admin, `{"message":"Danke! Ist behoben."}`, http.StatusOK))
			if it.RepliedAt == nil || it.Status != "open" || it.UpdatedAt != *it.RepliedAt {
				t.Fatalf("%+v", it)
			}
			testkit.Eventually(t, 20*time.Second, func() bool { return len(e.box.to("visitor@example.com", "feedback_reply")) == 1 }, "reply delivered")
			m := e.box.to("visitor@example.com", "feedback_reply")[0]
			if m.Subject != "Antwort auf dein Feedback zu Lamplight" || m.Kind != "feedback_reply" ||
				!strings.Contains(m.Text, "Danke! Ist behoben.") || !strings.Contains(m.Text, "\n> The calendar is blank\n") {
				t.Fatalf("%+v", m)
			}
			// Once delivered, the database keeps who and what kind, not what was said.
			testkit.Eventually(t, 20*time.Second, func() bool {
				var rows []struct{ Status, TextBody string }
				e.db.Table("mail_messages").Where("to_address = ?", "visitor@example.com").Find(&rows)
				return len(rows) == 1 && rows[0].Status == mail.StatusSent && rows[0].TextBody == ""
			}, "reply scrubbed")
			if res := e.expect(t, "POST", "/api/admin/feedback/"+anonymous.ID+"/reply", e.admin, `{"message":" "}`, http.StatusBadRequest); !strings.Contains(res, `"field":"message","code":"required"`) {
				t.Fatal(res)
			}
			e.expect(t, "POST", "/api/admin/feedback/no-such-id/reply", e.admin, `{"message":"x"}`, http.StatusNotFound)
		})

		t.Run("delete answers 204, then 404", func(t *testing.T) {
			if res := e.expect(t, "DELETE", "/api/admin/feedback/"+anonymous.ID, e.admin, "", http.StatusNoContent); res != "" {
				t.Fatal(res)
			}
			e.expect(t, "DELETE", "/api/admin/feedback/"+anonymous.ID, e.admin, "", http.StatusNotFound)
		})

		t.Run("every admin action is in the audit log, naming the sender", func(t *testing.T) {
			var audit struct {
				Results []struct {
					Actor  struct{ ID, Email string } `json:"actor"`
					Action string                     `json:"action"`
					Target struct{ ID, Email string } `json:"target"`
				} `json:"results"`
			}
			if err := json.Unmarshal([]byte(e.expect(t, "GET", "/api/admin/audit", e.admin, "", http.StatusOK)), &audit); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, l := range audit.Results {
				if l.Actor.Email != "admin@example.com" || l.Actor.ID == "" {
					t.Fatalf("%+v", l)
				}
				got = append(got, l.Action+" "+l.Target.Email+" "+strconv.FormatBool(l.Target.ID != ""))
			}
			// Newest first; the failed requests (invalid status, unknown id) left no line.
			want := []string{
				"delete_feedback visitor@example.com false",
				"reply_feedback visitor@example.com false",
				"reopen_feedback reader@example.com true",
				"archive_feedback reader@example.com true",
				"resolve_feedback reader@example.com true",
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})

		t.Run("the admin API answers 401 signed out and 403 to a reader", func(t *testing.T) {
			routes := []struct{ method, path, body string }{
				{"GET", "/api/admin/feedback", ""},
				{"PATCH", "/api/admin/feedback/" + signedIn.ID, `{"status":"resolved"}`},
				{"DELETE", "/api/admin/feedback/" + signedIn.ID, ""},
				{"POST", "/api/admin/feedback/" + signedIn.ID + "/reply", `{"message":"x"}`},
			}
			for _, r := range routes {
				if res := e.expect(t, r.method, r.path, nil, r.body, http.StatusUnauthorized); res != `{"error":{"code":"unauthenticated"}}` {
					t.Fatal(res)
				}
				if res := e.expect(t, r.method, r.path, e.reader, r.body, http.StatusForbidden); res != `{"error":{"code":"forbidden"}}` {
					t.Fatal(res)
				}
			}
			if it := decode(t, e.expect(t, "PATCH", "/api/admin/feedback/"+signedIn.ID, e.admin, `{"status":"open"}`, http.StatusOK)); it.Status != "open" {
				t.Fatal("a refused request changed the feedback")
			}
		})

		t.Run("a deleted account's feedback goes with it", func(t *testing.T) {
			count := func(user bool) int64 {
				var n int64
				q := e.db.Table("feedback").Where("email = ?", "reader@example.com")
				if user {
					q = q.Where("user_id IS NOT NULL")
				}
				q.Count(&n)
				return n
			}
			if count(true) == 0 {
				t.Fatal("nothing to delete")
			}
			e.expect(t, "DELETE", "/api/auth/user", e.reader, `{"password":"`+identitytest.Password+`"}`, http.StatusNoContent)
			testkit.Eventually(t, 20*time.Second, func() bool { return count(false) == 0 }, "feedback deleted")
			if p := e.list(t, "?limit=100"); p.Total == 0 {
				t.Fatal("everyone's feedback went")
			}
		})
	})
}
