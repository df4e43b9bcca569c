package reminders_test

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"io"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/http"
	"net/http/httptest"
	netmail "net/mail"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"code.dny.dev/ssrf"
	"github.com/emersion/go-smtp"
	"go.uber.org/fx"
	"gorm.io/gorm"

	"lamplight/app"
	"lamplight/modules/bible"
	"lamplight/modules/identity/identitytest"
	"lamplight/modules/reminders"
	"lamplight/modules/reminders/remindersapi"
	"lamplight/platform"
	"lamplight/platform/bus"
	"lamplight/platform/config"
	"lamplight/platform/testkit"
)

// clock is a fake clock a test sets and moves.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

// inbox is a real SMTP server on loopback that keeps every message received.
type inbox struct {
	ln   net.Listener
	mu   sync.Mutex
	msgs []*netmail.Message
}

type session struct{ in *inbox }

func (s session) Reset()                               {}
func (s session) Logout() error                        { return nil }
func (s session) Mail(string, *smtp.MailOptions) error { return nil }
func (s session) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (s session) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	m, err := netmail.ReadMessage(bytes.NewReader(b))
	if err != nil {
		return err
	}
	s.in.mu.Lock()
	s.in.msgs = append(s.in.msgs, m)
	s.in.mu.Unlock()
	return nil
}

func newInbox(t *testing.T) *inbox {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	in := &inbox{ln: ln}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return session{in}, nil }))
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return in
}

// to returns the reminders received for address.
func (in *inbox) to(address string) []*netmail.Message {
	in.mu.Lock()
	defer in.mu.Unlock()
	var out []*netmail.Message
	for _, m := range in.msgs {
		if strings.Contains(m.Header.Get("To"), address) && m.Header.Get("List-Unsubscribe") != "" {
			out = append(out, m)
		}
	}
	return out
}

// text is a received message's plain-text part, decoded.
func text(t *testing.T, m *netmail.Message) string {
	t.Helper()
	b, _ := io.ReadAll(m.Body)
	header, body := textproto(m.Header), string(b)
	_, params, _ := mime.ParseMediaType(m.Header.Get("Content-Type"))
	if boundary := params["boundary"]; boundary != "" {
		for _, part := range strings.Split(body, "--"+boundary) {
			if h, b, ok := strings.Cut(part, "\r\n\r\n"); ok && strings.Contains(h, "text/plain") {
				header, body = h, b
			}
		}
	}
	if strings.Contains(strings.ToLower(header), "quoted-printable") {
		d, err := io.ReadAll(quotedprintable.NewReader(strings.NewReader(body)))
		if err != nil {
			t.Fatal(err)
		}
		body = string(d)
	}
	return strings.ReplaceAll(body, "\r\n", "\n")
}

// textproto renders the headers that matter to decoding.
func textproto(h netmail.Header) string {
	return h.Get("Content-Type") + "\n" + h.Get("Content-Transfer-Encoding")
}

// events records the reminders events delivered on the bus.
type events struct {
	mu     sync.Mutex
	sent   []remindersapi.ReminderSent
	opened []remindersapi.ReminderOpened
}

func (ev *events) handlers() []bus.Handler {
	return []bus.Handler{
		bus.On("test.reminder-sent", func(_ context.Context, e remindersapi.ReminderSent) error {
			ev.mu.Lock()
			defer ev.mu.Unlock()
			ev.sent = append(ev.sent, e)
			return nil
		}),
		bus.On("test.reminder-opened", func(_ context.Context, e remindersapi.ReminderOpened) error {
			ev.mu.Lock()
			defer ev.mu.Unlock()
			ev.opened = append(ev.opened, e)
			return nil
		}),
	}
}

func (ev *events) counts() (int, int) {
	ev.mu.Lock()
	defer ev.mu.Unlock()
	return len(ev.sent), len(ev.opened)
}

type env struct {
	ev    *events
	a     *testkit.App
	svc   *reminders.Service
	db    *gorm.DB
	clock *clock
	inbox *inbox
}

const site = "https://lamplight.example"

// loopbackPush lets deliveries reach the tests' push services: TLS on
// 127.0.0.1, any port, with httptest's certificate.
func loopbackPush(guard *ssrf.Guardian) fx.Option {
	return fx.Decorate(func(n reminders.PushNetwork) reminders.PushNetwork {
		n.Guard = guard
		n.RootCAs = x509.NewCertPool()
		n.RootCAs.AddCert(testCert)
		return n
	})
}

// testCert is the certificate every httptest TLS server presents.
var testCert = func() *x509.Certificate {
	srv := httptest.NewTLSServer(http.NotFoundHandler())
	defer srv.Close()
	return srv.Certificate()
}()

func start(t *testing.T, cfg config.Config, in *inbox, c *clock, opts ...fx.Option) *env {
	e := &env{clock: c, inbox: in, ev: &events{}}
	hs := e.ev.handlers()
	cfg.SMTPURL = "smtp://" + in.ln.Addr().String()
	if len(opts) == 0 {
		opts = []fx.Option{loopbackPush(ssrf.New(ssrf.WithAnyPort(), ssrf.WithAllowedV4Prefixes(netip.MustParsePrefix("127.0.0.1/32"))))}
	}
	e.a = testkit.StartApp(t, app.Options(cfg, io.Discard, fstest.MapFS{}, identitytest.Options(), fx.Options(opts...),
		fx.Decorate(func(rc reminders.Config) reminders.Config { rc.SiteURL = site; return rc }),
		fx.Decorate(func(s *reminders.Service) *reminders.Service { s.SetClock(c.Now); return s }),
		fx.Provide(fx.Annotate(func() bus.Handler { return hs[0] }, fx.ResultTags(platform.GroupHandlers))),
		fx.Provide(fx.Annotate(func() bus.Handler { return hs[1] }, fx.ResultTags(platform.GroupHandlers))),
		fx.Populate(&e.svc, &e.db)))
	return e
}

func (e *env) do(t *testing.T, h map[string]string, method, path, body string, want int) string {
	t.Helper()
	code, res := e.a.Do(t, method, path, body, h)
	if code != want {
		t.Fatalf("%s %s: %d %s, want %d", method, path, code, res, want)
	}
	return res
}

func (e *env) reader(t *testing.T, email, zone, locale string) map[string]string {
	t.Helper()
	h := identitytest.Bearer(identitytest.SignUp(t, e.a, email))
	e.do(t, h, "PUT", "/api/settings", `{"timeZone":"`+zone+`","locale":"`+locale+`"}`, 200)
	return h
}

func (e *env) count(t *testing.T, table, userCol, userID string) int64 {
	t.Helper()
	var n int64
	if err := e.db.Table(table).Where(userCol+" = ?", userID).Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

func userID(t *testing.T, e *env, h map[string]string) string {
	var u struct {
		ID string `json:"id"`
	}
	_ = json.Unmarshal([]byte(e.do(t, h, "GET", "/api/auth/user", "", 200)), &u)
	if u.ID == "" {
		t.Fatal("no user id")
	}
	return u.ID
}

func at(s string) time.Time {
	v, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return v
}

// unsubscribeURL is the List-Unsubscribe URL of a received reminder.
func unsubscribeURL(t *testing.T, m *netmail.Message) string {
	t.Helper()
	v := m.Header.Get("List-Unsubscribe")
	if !strings.HasPrefix(v, "<"+site+"/api/reminders/unsubscribe?token=") || !strings.HasSuffix(v, ">") {
		t.Fatalf("List-Unsubscribe %q", v)
	}
	if p := m.Header.Get("List-Unsubscribe-Post"); p != "List-Unsubscribe=One-Click" {
		t.Fatalf("List-Unsubscribe-Post %q", p)
	}
	return strings.TrimSuffix(strings.TrimPrefix(v, "<"), ">")
}

func TestIntegrationReminders(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		c := &clock{t: at("2026-03-06T12:00:00Z")}
		e := start(t, b.Config, newInbox(t), c)
		ctx := context.Background()

		berlin := e.reader(t, "berlin@example.com", "Europe/Berlin", "de")
		id := userID(t, e, berlin)

		t.Run("the default is off, and a reminder is saved as sent", func(t *testing.T) {
			got := e.do(t, berlin, "GET", "/api/reminders", "", 200)
			if !strings.Contains(got, `"enabled":false,"time":"07:30","days":[1,2,3,4,5,6,7],"onlyIfUnread":true,"onlyIfPlanUnread":false,"channels":["email"],"paused":false,"timeZone":"Europe/Berlin","next":null`) {
				t.Fatal(got)
			}
			e.do(t, berlin, "PUT", "/api/reminders", `{"enabled":true,"time":"7:30","days":[8],"channels":["fax"]}`, 400)
			got = e.do(t, berlin, "PUT", "/api/reminders", `{"enabled":true,"time":"07:30","days":[1,2,3,4,5,6,7],"onlyIfUnread":true,"channels":["email"]}`, 200)
			// 2026-03-07 07:30 in Berlin (CET).
			if !strings.Contains(got, `"enabled":true`) || !strings.Contains(got, `"next":"2026-03-07T06:30:00Z"`) {
				t.Fatal(got)
			}
		})

		t.Run("nothing goes out before the time; at it, one email in the reader's language", func(t *testing.T) {
			c.Set(at("2026-03-07T06:29:00Z"))
			if err := e.svc.RunDue(ctx); err != nil {
				t.Fatal(err)
			}
			if n := e.count(t, "reminder_occurrences", "user_id", id); n != 0 {
				t.Fatalf("%d sent early", n)
			}
			c.Set(at("2026-03-07T06:30:00Z"))
			for range 3 {
				if err := e.svc.RunDue(ctx); err != nil {
					t.Fatal(err)
				}
			}
			testkit.Eventually(t, 20*time.Second, func() bool { return len(e.inbox.to("berlin@example.com")) > 0 }, "reminder received over SMTP")
			msgs := e.inbox.to("berlin@example.com")
			if len(msgs) != 1 {
				t.Fatalf("%d reminders", len(msgs))
			}
			m := msgs[0]
			unsubscribeURL(t, m)
			subject, _ := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
			body := text(t, m)
			if subject != "Zeit zum Lesen" || !strings.Contains(body, "Tagesziel: 0 von 86 Versen gelesen.") || !strings.Contains(body, site+"/api/reminders/open?token=") ||
				!strings.Contains(body, "Diese Erinnerungen abbestellen:\n"+site+"/de/daily-reminder-unsubscribe?token=") {
				t.Fatalf("%s\n%s", subject, body)
			}
			testkit.Eventually(t, 20*time.Second, func() bool { n, _ := e.ev.counts(); return n > 0 }, "ReminderSent delivered")
			e.ev.mu.Lock()
			sent := e.ev.sent
			e.ev.mu.Unlock()
			if len(sent) != 1 || sent[0].UserID != id || sent[0].LocalDate != "2026-03-07" || sent[0].Channel != "email" || !sent[0].At.Equal(at("2026-03-07T06:30:00Z")) {
				t.Fatalf("%+v", sent)
			}
		})

		t.Run("a one-click POST with no session turns reminders off", func(t *testing.T) {
			raw := unsubscribeURL(t, e.inbox.to("berlin@example.com")[0])
			u, _ := url.Parse(raw)
			// Asking whether the link works changes nothing.
			e.do(t, nil, "GET", u.RequestURI(), "", 204)
			if got := e.do(t, berlin, "GET", "/api/reminders", "", 200); !strings.Contains(got, `"enabled":true`) {
				t.Fatal(got)
			}
			req, _ := http.NewRequest("POST", e.a.URL+u.RequestURI(), strings.NewReader("List-Unsubscribe=One-Click"))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != 204 {
				t.Fatalf("%d", res.StatusCode)
			}
			if got := e.do(t, berlin, "GET", "/api/reminders", "", 200); !strings.Contains(got, `"enabled":false`) {
				t.Fatal(got)
			}
			// Turned on again, the old link no longer works.
			e.do(t, berlin, "PUT", "/api/reminders", `{"enabled":true,"time":"07:30","days":[1,2,3,4,5,6,7],"channels":["email"]}`, 200)
			e.do(t, nil, "POST", u.RequestURI(), "", 404)
			e.do(t, nil, "GET", u.RequestURI(), "", 404)
			e.do(t, nil, "GET", "/api/reminders/unsubscribe?token=nope", "", 404)
		})

		t.Run("three unanswered reminders pause; the last one says so", func(t *testing.T) {
			// Days 8, 9, 10 March: sent and left alone; the 11th pauses.
			for _, day := range []string{"08", "09", "10", "11"} {
				c.Set(at("2026-03-" + day + "T06:30:00Z"))
				if err := e.svc.RunDue(ctx); err != nil {
					t.Fatal(err)
				}
			}
			if n := e.count(t, "reminder_occurrences", "user_id", id); n != 4 {
				t.Fatalf("%d reminders sent, want 4 (the 7th and three more)", n)
			}
			got := e.do(t, berlin, "GET", "/api/reminders", "", 200)
			if !strings.Contains(got, `"paused":true`) || !strings.Contains(got, `"next":null`) {
				t.Fatal(got)
			}
			testkit.Eventually(t, 20*time.Second, func() bool { return len(e.inbox.to("berlin@example.com")) == 4 }, "all reminders received")
			last := text(t, e.inbox.to("berlin@example.com")[3])
			if !strings.Contains(last, "deshalb ist dies vorerst die letzte") {
				t.Fatal(last)
			}
			// Saving resumes.
			got = e.do(t, berlin, "PUT", "/api/reminders", `{"enabled":true,"time":"07:30","days":[1,2,3,4,5,6,7],"channels":["email"]}`, 200)
			if !strings.Contains(got, `"paused":false`) {
				t.Fatal(got)
			}
		})

		t.Run("only if unread: a day with reading gets no reminder", func(t *testing.T) {
			e.do(t, berlin, "POST", "/api/log-entries", `{"date":"2026-03-12","startVerseId":`+jn1+`,"endVerseId":`+jn1+`}`, 201)
			c.Set(at("2026-03-12T06:30:00Z"))
			if err := e.svc.RunDue(ctx); err != nil {
				t.Fatal(err)
			}
			var n int64
			e.db.Table("reminder_occurrences").Where("user_id = ? AND local_date = ?", id, "2026-03-12").Count(&n)
			if n != 0 {
				t.Fatal("reminded although read")
			}
		})

		t.Run("after downtime, a reminder more than an hour late is skipped", func(t *testing.T) {
			c.Set(at("2026-03-13T07:31:00Z")) // 08:31 in Berlin
			if err := e.svc.RunDue(ctx); err != nil {
				t.Fatal(err)
			}
			var n int64
			e.db.Table("reminder_occurrences").Where("user_id = ? AND local_date = ?", id, "2026-03-13").Count(&n)
			if n != 0 {
				t.Fatal("sent more than an hour late")
			}
			if got := e.do(t, berlin, "GET", "/api/reminders", "", 200); !strings.Contains(got, `"next":"2026-03-14T06:30:00Z"`) {
				t.Fatal(got)
			}
		})

		t.Run("push: a notification decrypted by a local push service; gone subscriptions are removed", func(t *testing.T) {
			testPush(t, e, berlin, id)
		})

		t.Run("deleting the account deletes reminders and push subscriptions", func(t *testing.T) {
			e.do(t, berlin, "DELETE", "/api/auth/user", "", 204)
			testkit.Eventually(t, 20*time.Second, func() bool {
				return e.count(t, "reminders", "user_id", id) == 0 && e.count(t, "reminder_push_subscriptions", "user_id", id) == 0 &&
					e.count(t, "reminder_occurrences", "user_id", id) == 0 && e.count(t, "reminder_push_deliveries", "user_id", id) == 0
			}, "reminders deleted with the account")
		})
	})
}

// jn1 is John 1:1.
var jn1 = strconv.Itoa(int(bible.NewVerseID(43, 1, 1)))

// pushService is a local push endpoint that decrypts what it receives
// (RFC 8291, aes128gcm) with the browser's keys.
type pushService struct {
	srv    *httptest.Server
	key    *ecdh.PrivateKey
	secret []byte
	mu     sync.Mutex
	got    []string
	status int
}

func newPushService(t *testing.T) *pushService {
	k, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	p := &pushService{key: k, secret: make([]byte, 16), status: 201}
	_, _ = rand.Read(p.secret)
	p.srv = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if !strings.HasPrefix(r.Header.Get("Authorization"), "vapid t=") || r.Header.Get("Content-Encoding") != "aes128gcm" {
			http.Error(w, "no vapid", http.StatusUnauthorized)
			return
		}
		plain, err := p.decrypt(body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		p.mu.Lock()
		p.got = append(p.got, plain)
		status := p.status
		p.mu.Unlock()
		w.WriteHeader(status)
	}))
	t.Cleanup(p.srv.Close)
	return p
}

// decrypt undoes RFC 8291 / RFC 8188 for one record.
func (p *pushService) decrypt(body []byte) (string, error) {
	salt, idLen := body[:16], int(body[20])
	serverKey, err := ecdh.P256().NewPublicKey(body[21 : 21+idLen])
	if err != nil {
		return "", err
	}
	shared, err := p.key.ECDH(serverKey)
	if err != nil {
		return "", err
	}
	info := append(append([]byte("WebPush: info\x00"), p.key.PublicKey().Bytes()...), serverKey.Bytes()...)
	prkKey, _ := hkdf.Extract(sha256.New, shared, p.secret)
	ikm, _ := hkdf.Expand(sha256.New, prkKey, string(info), 32)
	prk, _ := hkdf.Extract(sha256.New, ikm, salt)
	cek, _ := hkdf.Expand(sha256.New, prk, "Content-Encoding: aes128gcm\x00", 16)
	nonce, _ := hkdf.Expand(sha256.New, prk, "Content-Encoding: nonce\x00", 12)
	block, _ := aes.NewCipher(cek)
	gcm, _ := cipher.NewGCM(block)
	plain, err := gcm.Open(nil, nonce, body[21+idLen:], nil)
	if err != nil {
		return "", err
	}
	end := bytes.LastIndexByte(plain, 2)
	return string(plain[:end]), nil
}

func (p *pushService) received() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.got...)
}

func testPush(t *testing.T, e *env, h map[string]string, id string) {
	ctx := context.Background()
	p := newPushService(t)
	var key struct {
		PublicKey string `json:"publicKey"`
	}
	_ = json.Unmarshal([]byte(e.do(t, h, "GET", "/api/reminders/push/key", "", 200)), &key)
	if raw, err := base64.RawURLEncoding.DecodeString(key.PublicKey); err != nil || len(raw) != 65 {
		t.Fatalf("VAPID key %q", key.PublicKey)
	}
	b64 := base64.RawURLEncoding.EncodeToString
	e.do(t, h, "POST", "/api/reminders/push/subscriptions", `{"endpoint":"ftp://x","keys":{"p256dh":"x","auth":"y"}}`, 400)
	e.do(t, h, "POST", "/api/reminders/push/subscriptions",
		`{"endpoint":"`+strings.Replace(p.srv.URL, "https:", "http:", 1)+`/push/1","keys":{"p256dh":"`+b64(p.key.PublicKey().Bytes())+`","auth":"`+b64(p.secret)+`"}}`, 400)
	e.do(t, h, "POST", "/api/reminders/push/subscriptions",
		`{"endpoint":"`+p.srv.URL+`/push/1","keys":{"p256dh":"`+b64(p.key.PublicKey().Bytes())+`","auth":"`+b64(p.secret)+`"}}`, 201)
	e.do(t, h, "PUT", "/api/reminders", `{"enabled":true,"time":"07:30","days":[1,2,3,4,5,6,7],"onlyIfUnread":false,"channels":["push"]}`, 200)
	e.clock.Set(at("2026-03-14T06:30:00Z"))
	if err := e.svc.RunDue(ctx); err != nil {
		t.Fatal(err)
	}
	if err := e.svc.RunPush(ctx); err != nil {
		t.Fatal(err)
	}
	got := p.received()
	if len(got) != 1 {
		t.Fatalf("%d notifications", len(got))
	}
	var n struct {
		Title   string `json:"title"`
		Date    string `json:"date"`
		URL     string `json:"url"`
		Actions []struct {
			Action string `json:"action"`
			Title  string `json:"title"`
		} `json:"actions"`
	}
	if err := json.Unmarshal([]byte(got[0]), &n); err != nil {
		t.Fatalf("%v: %s", err, got[0])
	}
	if n.Title != "Zeit zum Lesen" || n.Date != "2026-03-14" || !strings.HasPrefix(n.URL, site+"/api/reminders/open?token=") ||
		len(n.Actions) != 2 || n.Actions[0].Action != "log" || n.Actions[0].Title != "Heutigen Vorschlag eintragen" || n.Actions[1].Action != "open" {
		t.Fatal(got[0])
	}

	// Following the notification's link counts as opening the reminder.
	u, _ := url.Parse(n.URL)
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Get(e.a.URL + u.RequestURI())
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 303 || res.Header.Get("Location") != "/de/today" {
		t.Fatalf("%d %s", res.StatusCode, res.Header.Get("Location"))
	}
	var opened int64
	e.db.Table("reminder_occurrences").Where("user_id = ? AND local_date = ? AND opened_at IS NOT NULL", id, "2026-03-14").Count(&opened)
	if opened != 1 {
		t.Fatal("open not recorded")
	}
	testkit.Eventually(t, 20*time.Second, func() bool { _, n := e.ev.counts(); return n == 1 }, "ReminderOpened delivered")

	// The link's target stays on this site, however it is disguised.
	for _, to := range []string{"/%09/evil.example", "//evil.example", "/%5Cevil.example", "%2F%2Fevil.example", "https://evil.example", "/\\evil.example"} {
		res, err := client.Get(e.a.URL + "/api/reminders/open?to=" + url.QueryEscape(to))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 303 || res.Header.Get("Location") != "/today" {
			t.Fatalf("%q: %d %s", to, res.StatusCode, res.Header.Get("Location"))
		}
	}

	// The browser dropped the subscription: the push service answers 410.
	p.mu.Lock()
	p.status = 410
	p.mu.Unlock()
	e.clock.Set(at("2026-03-15T06:30:00Z"))
	if err := e.svc.RunDue(ctx); err != nil {
		t.Fatal(err)
	}
	if err := e.svc.RunPush(ctx); err != nil {
		t.Fatal(err)
	}
	if n := e.count(t, "reminder_push_subscriptions", "user_id", id); n != 0 {
		t.Fatalf("%d subscriptions kept after 410", n)
	}
}
