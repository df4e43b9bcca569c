package identity_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"go.uber.org/fx"
	"gorm.io/gorm"

	lamplight "lamplight/app"
	"lamplight/modules/identity"
	"lamplight/modules/identity/identitytest"
	"lamplight/platform/config"
	"lamplight/platform/mail"
	"lamplight/platform/testkit"
)

var webFiles = fstest.MapFS{"index.html": {Data: []byte(`<!doctype html><div id="root"></div>`)}}

// fakeClock is identity's clock in tests; Advance expires codes and sessions.
type fakeClock struct {
	mu     sync.Mutex
	offset time.Duration
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.offset)
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.offset += d
}

// env is a running app with its database and clock.
type env struct {
	t      *testing.T
	app    *testkit.App
	db     *gorm.DB
	clock  *fakeClock
	client *http.Client
	admins *identity.Admins
	outbox *delivered
}

// delivered records the mail an app's senders delivered: the database keeps
// no content once a message is out, so tests read codes and links here, as
// a reader reads them in their mailbox.
type delivered struct {
	mu   sync.Mutex
	msgs []mail.Message
}

// recording wraps an app's sender.
type recording struct {
	next mail.Sender
	to   *delivered
}

func (r recording) Send(ctx context.Context, m mail.Message) error {
	if err := r.next.Send(ctx, m); err != nil {
		return err
	}
	r.to.mu.Lock()
	defer r.to.mu.Unlock()
	r.to.msgs = append(r.to.msgs, m)
	return nil
}

// mailboxes holds one record per database, so instances sharing one (whose
// workers deliver each other's mail) share it too.
var mailboxes = struct {
	sync.Mutex
	byDB map[string]*delivered
}{byDB: map[string]*delivered{}}

func mailbox(cfg config.Config) *delivered {
	mailboxes.Lock()
	defer mailboxes.Unlock()
	key := cfg.DatabaseURL + "|" + cfg.SQLitePath()
	if mailboxes.byDB[key] == nil {
		mailboxes.byDB[key] = &delivered{}
	}
	return mailboxes.byDB[key]
}

// start runs the whole app on cfg with cheap hashing, verification
// required, generous rate limits, and identity's clock under the test's
// control; tweak adjusts identity's configuration.
func start(t *testing.T, cfg config.Config, clock *fakeClock, tweak func(*identity.Config), extra ...fx.Option) *env {
	t.Helper()
	return startWithLog(t, cfg, clock, io.Discard, tweak, extra...)
}

func startWithLog(t *testing.T, cfg config.Config, clock *fakeClock, logOut io.Writer, tweak func(*identity.Config), extra ...fx.Option) *env {
	t.Helper()
	if clock == nil {
		clock = &fakeClock{}
	}
	e := &env{t: t, clock: clock, outbox: mailbox(cfg)}
	opts := append([]fx.Option{
		fx.Decorate(func(c identity.Config) identity.Config {
			identitytest.Cheap(&c)
			c.RequireEmailVerification = true
			if tweak != nil {
				tweak(&c)
			}
			return c
		}),
		fx.Decorate(func(identity.Clock) identity.Clock { return clock }),
		fx.Decorate(func(s mail.Sender) mail.Sender { return recording{next: s, to: e.outbox} }),
		fx.Populate(&e.db, &e.admins),
	}, extra...)
	e.app = testkit.StartApp(t, lamplight.Options(cfg, logOut, webFiles, opts...))
	e.client = &http.Client{Timeout: 30 * time.Second, Transport: e.app.Checked(nil), CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return e
}

// res is an HTTP answer.
type res struct {
	Status int
	Header http.Header
	Body   string
}

// JSON decodes the body into a map.
func (r res) JSON(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(r.Body), &m); err != nil {
		t.Fatalf("body is not a JSON object: %q", r.Body)
	}
	return m
}

// Cookie returns the Set-Cookie of the session cookie.
func (r res) Cookie() *http.Cookie {
	for _, c := range (&http.Response{Header: r.Header}).Cookies() {
		if c.Name == "lamplight_session" {
			return c
		}
	}
	return nil
}

// req sends a request; body is marshalled unless it is a string; headers
// are name/value pairs.
func (e *env) req(method, path string, body any, headers ...string) res {
	e.t.Helper()
	var r io.Reader
	if body != nil {
		if s, ok := body.(string); ok {
			r = strings.NewReader(s)
		} else {
			b, _ := json.Marshal(body)
			r = bytes.NewReader(b)
		}
	}
	hr, err := http.NewRequest(method, e.app.URL+path, r)
	if err != nil {
		e.t.Fatal(err)
	}
	if body != nil {
		hr.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		hr.Header.Set(headers[i], headers[i+1])
	}
	resp, err := e.client.Do(hr)
	if err != nil {
		e.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return res{Status: resp.StatusCode, Header: resp.Header, Body: string(b)}
}

// as sends a request with a bearer token.
func (e *env) as(token, method, path string, body any, headers ...string) res {
	e.t.Helper()
	return e.req(method, path, body, append([]string{"Authorization", "Bearer " + token}, headers...)...)
}

// expect fails unless the answer has the status and, when given, the
// body contains each fragment.
func expect(t *testing.T, r res, status int, fragments ...string) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d: %s", r.Status, status, r.Body)
	}
	for _, f := range fragments {
		if !strings.Contains(r.Body, f) {
			t.Fatalf("body lacks %s: %s", f, r.Body)
		}
	}
}

type mailRow struct {
	ToAddress string
	Subject   string
	TextBody  string
	HTMLBody  string
}

// mails lists the messages delivered to an address, oldest first, once
// every message queued to it is out.
func (e *env) mails(to string) []mailRow {
	e.t.Helper()
	testkit.Eventually(e.t, 20*time.Second, func() bool { return e.queued(to) == 0 }, "mail to "+to+" not delivered")
	e.outbox.mu.Lock()
	defer e.outbox.mu.Unlock()
	var out []mailRow
	for _, m := range e.outbox.msgs {
		if m.To == to {
			out = append(out, mailRow{ToAddress: m.To, Subject: m.Subject, TextBody: m.Text, HTMLBody: m.HTML})
		}
	}
	return out
}

// expectNothingUsableStored fails when a delivered message in the database
// still holds one of the secrets.
func (e *env) expectNothingUsableStored(secrets ...string) {
	e.t.Helper()
	var rows []struct{ ToAddress, Subject, TextBody, HTMLBody, Headers string }
	if err := e.db.Table("mail_messages").Find(&rows).Error; err != nil {
		e.t.Fatal(err)
	}
	if len(rows) == 0 {
		e.t.Fatal("no mail rows: nothing was checked")
	}
	for _, r := range rows {
		for _, s := range secrets {
			if strings.Contains(r.Subject+r.TextBody+r.HTMLBody+r.Headers, s) {
				e.t.Fatalf("mail to %s still holds %q in the database", r.ToAddress, s)
			}
		}
	}
}

// queued counts the messages to an address still waiting for delivery.
func (e *env) queued(to string) int64 {
	e.t.Helper()
	var n int64
	if err := e.db.Table("mail_messages").Where("to_address = ? AND status IN ?", to, []string{mail.StatusPending, mail.StatusSending}).Count(&n).Error; err != nil {
		e.t.Fatal(err)
	}
	return n
}

// lastMail is the newest message to an address.
func (e *env) lastMail(to string) mailRow {
	e.t.Helper()
	m := e.mails(to)
	if len(m) == 0 {
		e.t.Fatalf("no mail to %s", to)
	}
	return m[len(m)-1]
}

var (
	codePattern  = regexp.MustCompile(`\b(\d{6})\b`)
	tokenPattern = regexp.MustCompile(`token=([A-Za-z0-9_-]+)`)
)

// code is the one-time code of the newest mail to an address.
func (e *env) code(to string) string {
	e.t.Helper()
	m := codePattern.FindStringSubmatch(e.lastMail(to).TextBody)
	if m == nil {
		e.t.Fatalf("no code in mail to %s", to)
	}
	return m[1]
}

// linkToken is the token of the link in the newest mail to an address.
func (e *env) linkToken(to string) string {
	e.t.Helper()
	m := tokenPattern.FindStringSubmatch(e.lastMail(to).TextBody)
	if m == nil {
		e.t.Fatalf("no link in mail to %s", to)
	}
	return m[1]
}

const password = "correct horse"

// signUp registers and verifies an account and returns its token.
func (e *env) signUp(email string) string {
	e.t.Helper()
	expect(e.t, e.req("POST", "/api/auth/register", map[string]string{"email": email, "password": password}), 202)
	r := e.req("POST", "/api/auth/verify-email", map[string]string{"email": email, "code": e.code(email)})
	expect(e.t, r, 200)
	return r.JSON(e.t)["token"].(string)
}

// login signs in and returns the token.
func (e *env) login(email, pw string) string {
	e.t.Helper()
	r := e.req("POST", "/api/auth/login", map[string]string{"email": email, "password": pw})
	expect(e.t, r, 200)
	return r.JSON(e.t)["token"].(string)
}

// errorCodes lists the detail codes of an error body, as field/code or code.
func errorCodes(t *testing.T, r res) []string {
	t.Helper()
	var b struct {
		Error struct {
			Code   string `json:"code"`
			Errors []struct {
				Field string `json:"field"`
				Code  string `json:"code"`
			} `json:"errors"`
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(r.Body), &b); err != nil {
		t.Fatalf("not an error body: %s", r.Body)
	}
	out := []string{b.Error.Code}
	for _, d := range b.Error.Errors {
		if d.Field != "" {
			out = append(out, d.Field+"/"+d.Code)
		} else {
			out = append(out, d.Code)
		}
	}
	return out
}

// expectError fails unless the answer is status with exactly these codes
// (top-level code first, then details).
func expectError(t *testing.T, r res, status int, codes ...string) {
	t.Helper()
	got := errorCodes(t, r)
	if r.Status != status || strings.Join(got, " ") != strings.Join(codes, " ") {
		t.Fatalf("got %d %v, want %d %v: %s", r.Status, got, status, codes, r.Body)
	}
}

func decode(t *testing.T, body string, dst any) {
	t.Helper()
	if err := json.Unmarshal([]byte(body), dst); err != nil {
		t.Fatalf("decode %q: %v", body, err)
	}
}
