package mail_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"gorm.io/gorm"

	"lamplight/platform/db"
	"lamplight/platform/mail"
	"lamplight/platform/metrics"
	"lamplight/platform/testkit"
)

type sent struct {
	mu   sync.Mutex
	msgs []mail.Message
	// fail makes the first n sends fail.
	fail      int
	permanent bool
	delay     time.Duration
}

func (s *sent) Send(_ context.Context, m mail.Message) error {
	if s.delay > 0 {
		time.Sleep(s.delay)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail > 0 {
		s.fail--
		if s.permanent {
			return mail.Permanent(errors.New("mailbox unavailable"))
		}
		return errors.New("connection refused")
	}
	s.msgs = append(s.msgs, m)
	return nil
}

func (s *sent) list() []mail.Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]mail.Message(nil), s.msgs...)
}

type stored struct {
	ID        int64
	ToAddress string
	Kind      string
	Status    string
	Attempts  int
	LastError string
	Subject   string
	TextBody  string
	HTMLBody  string
	Headers   string
	SentAt    *time.Time
}

// expectScrubbed fails unless a finished message keeps its metadata and
// nothing of what it said.
func expectScrubbed(t *testing.T, r stored, status string) {
	t.Helper()
	if r.Status != status || r.ToAddress == "" || r.Kind != "greeting" || r.Attempts == 0 {
		t.Fatalf("metadata lost: %+v", r)
	}
	if r.Subject != "" || r.TextBody != "" || r.HTMLBody != "" || r.Headers != "{}" {
		t.Fatalf("content kept after delivery ended: %+v", r)
	}
}

func rows(t *testing.T, g *gorm.DB) []stored {
	t.Helper()
	var out []stored
	if err := g.Table("mail_messages").Order("id").Find(&out).Error; err != nil {
		t.Fatal(err)
	}
	return out
}

func worker(t *testing.T, g *gorm.DB, m *mail.Mailer, s mail.Sender) *mail.Worker {
	w := mail.NewWorker(g, m, s, metrics.New(), testkit.Logger(t))
	w.Backoff = func(int) time.Duration { return 0 }
	w.PollInterval = 20 * time.Millisecond
	return w
}

func msg(to string) mail.Message {
	return mail.Message{To: to, Kind: "greeting", Subject: "Hello", Text: "Plain body", HTML: "<p>HTML body</p>",
		Headers: map[string]string{"List-Unsubscribe": "<https://example.com/u>"}}
}

func TestIntegrationMail(t *testing.T) {
	ctx := context.Background()
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		g := testkit.DB(t, b, mail.Migrations)
		reset := func() { g.Exec("DELETE FROM mail_messages") }

		t.Run("a message belongs to the caller's transaction", func(t *testing.T) {
			reset()
			m := mail.NewMailer(g)
			_ = g.Transaction(func(tx *gorm.DB) error {
				if err := m.Enqueue(ctx, tx, msg("rolled@example.com")); err != nil {
					t.Fatal(err)
				}
				return errors.New("roll back")
			})
			if err := g.Transaction(func(tx *gorm.DB) error { return m.Enqueue(ctx, tx, msg("kept@example.com")) }); err != nil {
				t.Fatal(err)
			}
			s := &sent{}
			if _, err := worker(t, g, m, s).RunOnce(ctx); err != nil {
				t.Fatal(err)
			}
			got := s.list()
			if len(got) != 1 || got[0].To != "kept@example.com" || got[0].HTML != "<p>HTML body</p>" ||
				got[0].Headers["List-Unsubscribe"] != "<https://example.com/u>" {
				t.Fatalf("sent %+v", got)
			}
			r := rows(t, g)
			if len(r) != 1 || r[0].Attempts != 1 || r[0].SentAt == nil {
				t.Fatalf("rows %+v", r)
			}
			expectScrubbed(t, r[0], mail.StatusSent)
		})

		t.Run("a failed delivery is retried until it succeeds", func(t *testing.T) {
			reset()
			m := mail.NewMailer(g)
			s := &sent{fail: 2}
			w := worker(t, g, m, s)
			if err := m.Enqueue(ctx, nil, msg("retry@example.com")); err != nil {
				t.Fatal(err)
			}
			for range 3 {
				if _, err := w.RunOnce(ctx); err != nil {
					t.Fatal(err)
				}
			}
			if n := len(s.list()); n != 1 {
				t.Fatalf("delivered %d times", n)
			}
			if r := rows(t, g); r[0].Status != mail.StatusSent || r[0].Attempts != 3 || r[0].LastError != "" {
				t.Fatalf("rows %+v", r)
			}
		})

		t.Run("a retry waits for its backoff", func(t *testing.T) {
			reset()
			m := mail.NewMailer(g)
			s := &sent{fail: 1}
			w := worker(t, g, m, s)
			w.Backoff = func(int) time.Duration { return time.Hour }
			_ = m.Enqueue(ctx, nil, msg("later@example.com"))
			_, _ = w.RunOnce(ctx)
			if n, _ := w.RunOnce(ctx); n != 0 {
				t.Fatal("retried before its backoff")
			}
			r := rows(t, g)
			if r[0].Status != mail.StatusPending || r[0].LastError == "" || r[0].TextBody != "Plain body" {
				t.Fatalf("a message waiting for its retry lost what it says: %+v", r)
			}
			w.Now = func() time.Time { return time.Now().UTC().Add(61 * time.Minute) }
			if n, _ := w.RunOnce(ctx); n != 1 || len(s.list()) != 1 {
				t.Fatal("not retried after its backoff")
			}
		})

		t.Run("delivery is given up after MaxAttempts or a permanent error", func(t *testing.T) {
			reset()
			m := mail.NewMailer(g)
			w := worker(t, g, m, &sent{fail: 100})
			w.MaxAttempts = 3
			_ = m.Enqueue(ctx, nil, msg("never@example.com"))
			for range 5 {
				_, _ = w.RunOnce(ctx)
			}
			r := rows(t, g)
			if r[0].Attempts != 3 || r[0].LastError == "" {
				t.Fatalf("rows %+v", r)
			}
			expectScrubbed(t, r[0], mail.StatusFailed)
			reset()
			w = worker(t, g, m, &sent{fail: 1, permanent: true})
			_ = m.Enqueue(ctx, nil, msg("bad@example.com"))
			_, _ = w.RunOnce(ctx)
			r = rows(t, g)
			if r[0].Attempts != 1 {
				t.Fatalf("rows %+v", r)
			}
			expectScrubbed(t, r[0], mail.StatusFailed)
		})

		t.Run("a message whose worker died is sent after the lease", func(t *testing.T) {
			reset()
			m := mail.NewMailer(g)
			_ = m.Enqueue(ctx, nil, msg("orphan@example.com"))
			g.Exec("UPDATE mail_messages SET status = 'sending', attempts = 1, next_attempt_at = ?", time.Now().UTC().Add(time.Minute))
			s := &sent{}
			w := worker(t, g, m, s)
			if n, _ := w.RunOnce(ctx); n != 0 {
				t.Fatal("took a message under another worker's lease")
			}
			w.Now = func() time.Time { return time.Now().UTC().Add(2 * time.Minute) }
			if n, _ := w.RunOnce(ctx); n != 1 || len(s.list()) != 1 {
				t.Fatal("orphaned message not sent")
			}
		})

		t.Run("two workers send every message exactly once", func(t *testing.T) {
			reset()
			const total = 40
			// Each worker has its own connection pool, as two instances would.
			g2 := testkit.DB(t, b, mail.Migrations)
			m1, m2 := mail.NewMailer(g), mail.NewMailer(g2)
			s1, s2 := &sent{delay: 2 * time.Millisecond}, &sent{delay: 2 * time.Millisecond}
			w1, w2 := worker(t, g, m1, s1), worker(t, g2, m2, s2)
			w1.BatchSize, w2.BatchSize = 3, 3
			w1.Start()
			w2.Start()
			for i := range total {
				mm := m1
				if i%2 == 1 {
					mm = m2
				}
				if err := mm.Enqueue(ctx, nil, msg(fmt.Sprintf("r%d@example.com", i))); err != nil {
					t.Fatal(err)
				}
			}
			testkit.Eventually(t, 20*time.Second, func() bool { return len(s1.list())+len(s2.list()) >= total })
			time.Sleep(100 * time.Millisecond)
			w1.Stop()
			w2.Stop()
			seen := map[string]int{}
			for _, x := range append(s1.list(), s2.list()...) {
				seen[x.To]++
			}
			for i := range total {
				if n := seen[fmt.Sprintf("r%d@example.com", i)]; n != 1 {
					t.Fatalf("message %d sent %d times", i, n)
				}
			}
			if len(s1.list()) == 0 || len(s2.list()) == 0 {
				t.Logf("one worker sent everything (%d / %d)", len(s1.list()), len(s2.list()))
			}
			for _, r := range rows(t, g) {
				if r.Attempts != 1 {
					t.Fatalf("row %+v", r)
				}
				expectScrubbed(t, r, mail.StatusSent)
			}
		})

		t.Run("a message sent through SMTP leaves no content behind", func(t *testing.T) {
			reset()
			f := newFakeSMTP(t)
			s, err := mail.NewSMTPSender("smtp://"+f.ln.Addr().String(), "no-reply@example.com")
			if err != nil {
				t.Fatal(err)
			}
			m := mail.NewMailer(g)
			secret := msg("smtp@example.com")
			secret.Subject, secret.Text = "Your code 482913", "Reset: https://lamplight.example/reset?token=s3cr3t"
			if err := m.Enqueue(ctx, nil, secret); err != nil {
				t.Fatal(err)
			}
			if n, err := worker(t, g, m, s).RunOnce(ctx); n != 1 || err != nil {
				t.Fatal(n, err)
			}
			f.mu.Lock()
			data := strings.Join(f.data, "")
			f.mu.Unlock()
			if !strings.Contains(data, "s3cr3t") {
				t.Fatalf("the mail server did not get the link:\n%s", data)
			}
			expectScrubbed(t, rows(t, g)[0], mail.StatusSent)
		})

		t.Run("a message written to the log leaves no content behind", func(t *testing.T) {
			reset()
			var buf bytes.Buffer
			m := mail.NewMailer(g)
			secret := msg("log@example.com")
			secret.Text = "Your code: 482913"
			_ = m.Enqueue(ctx, nil, secret)
			if n, err := worker(t, g, m, mail.LogSender{Log: slog.New(slog.NewJSONHandler(&buf, nil))}).RunOnce(ctx); n != 1 || err != nil {
				t.Fatal(n, err)
			}
			if !strings.Contains(buf.String(), "482913") {
				t.Fatalf("log %s", buf.String())
			}
			expectScrubbed(t, rows(t, g)[0], mail.StatusSent)
		})

		t.Run("forget and prune delete rows", func(t *testing.T) {
			reset()
			m := mail.NewMailer(g)
			_ = m.Enqueue(ctx, nil, msg("gone@example.com"), msg("stays@example.com"))
			if err := m.Forget(ctx, nil, "gone@example.com"); err != nil {
				t.Fatal(err)
			}
			if r := rows(t, g); len(r) != 1 {
				t.Fatalf("rows %+v", r)
			}
			w := worker(t, g, m, &sent{})
			_, _ = w.RunOnce(ctx)
			if err := w.Prune(ctx); err != nil || len(rows(t, g)) != 1 {
				t.Fatal("pruned a fresh message", err)
			}
			w.Now = func() time.Time { return time.Now().UTC().Add(8 * 24 * time.Hour) }
			if err := w.Prune(ctx); err != nil || len(rows(t, g)) != 0 {
				t.Fatal("old sent message kept", err)
			}
		})

		t.Run("invalid messages are refused", func(t *testing.T) {
			m := mail.NewMailer(g)
			for _, bad := range []mail.Message{
				{To: "", Subject: "s", Text: "t"},
				{To: "a@example.com", Subject: "s\r\nBcc: x@example.com", Text: "t"},
				{To: "a@example.com", Subject: "s", Text: ""},
				{To: "a@example.com", Subject: "s", Text: "t", Headers: map[string]string{"X-A": "1\r\nBcc: y"}},
			} {
				if err := m.Enqueue(ctx, nil, bad); err == nil {
					t.Fatalf("accepted %+v", bad)
				}
			}
		})
	})
}

// TestIntegrationMigrationScrubsFinishedMail upgrades a database whose
// delivered and given-up messages still hold their content.
func TestIntegrationMigrationScrubsFinishedMail(t *testing.T) {
	if testing.Short() {
		t.Skip("database")
	}
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		first := fstest.MapFS{}
		for _, dialect := range []string{"sqlite", "postgres"} {
			name := dialect + "/00001_mail_messages.sql"
			data, err := fs.ReadFile(mail.Migrations.FS, name)
			if err != nil {
				t.Fatal(err)
			}
			first[name] = &fstest.MapFile{Data: data}
		}
		g := testkit.DB(t, b, db.Migrations{Name: mail.Migrations.Name, FS: first})
		now := time.Now().UTC()
		for _, status := range []string{mail.StatusSent, mail.StatusFailed, mail.StatusPending} {
			err := g.Exec(`INSERT INTO mail_messages (to_address, subject, text_body, html_body, headers, status, attempts, next_attempt_at, created_at)
				VALUES (?, 'Your code 482913', 'token=s3cr3t', '<a href="/reset#s3cr3t">', '{"X-A":"1"}', ?, 1, ?, ?)`,
				status+"@example.com", status, now, now).Error
			if err != nil {
				t.Fatal(err)
			}
		}
		if err := db.Migrate(context.Background(), g, []db.Migrations{mail.Migrations}, nil); err != nil {
			t.Fatal(err)
		}
		for _, r := range rows(t, g) {
			blank := r.Subject == "" && r.TextBody == "" && r.HTMLBody == "" && r.Headers == "{}"
			if blank != (r.Status != mail.StatusPending) || r.ToAddress != r.Status+"@example.com" {
				t.Errorf("after the upgrade: %+v", r)
			}
		}
	})
}

func TestLogSenderWritesOneLine(t *testing.T) {
	var buf bytes.Buffer
	s := mail.LogSender{Log: slog.New(slog.NewJSONHandler(&buf, nil))}
	if err := s.Send(context.Background(), mail.Message{To: "a@example.com", Subject: "Code", Text: "Your code: 123456\nBye"}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	var rec map[string]any
	if len(lines) != 1 || json.Unmarshal([]byte(lines[0]), &rec) != nil {
		t.Fatalf("log %q", buf.String())
	}
	if rec["level"] != "INFO" || rec["msg"] != "mail sent" || rec["to"] != "a@example.com" ||
		rec["subject"] != "Code" || rec["text"] != "Your code: 123456\nBye" {
		t.Fatalf("record %v", rec)
	}
}

// fakeSMTP accepts one session per connection and keeps each DATA payload.
type fakeSMTP struct {
	ln   net.Listener
	mu   sync.Mutex
	data []string
}

func newFakeSMTP(t *testing.T) *fakeSMTP {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeSMTP{ln: ln}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go f.serve(c)
		}
	}()
	return f
}

func (f *fakeSMTP) serve(c net.Conn) {
	defer c.Close()
	r := bufio.NewReader(c)
	say := func(s string) { fmt.Fprint(c, s+"\r\n") }
	say("220 fake ESMTP")
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.ToUpper(strings.TrimSpace(line))
		switch {
		case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
			say("250-fake")
			say("250 8BITMIME")
		case strings.HasPrefix(cmd, "RCPT TO") && strings.Contains(cmd, "UNKNOWN@"):
			say("550 5.1.1 no such user")
		case cmd == "DATA":
			say("354 go ahead")
			var body strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				body.WriteString(l)
			}
			f.mu.Lock()
			f.data = append(f.data, body.String())
			f.mu.Unlock()
			say("250 queued")
		case cmd == "QUIT":
			say("221 bye")
			return
		default:
			say("250 ok")
		}
	}
}

func TestSMTPSenderSendsMultipart(t *testing.T) {
	f := newFakeSMTP(t)
	s, err := mail.NewSMTPSender("smtp://"+f.ln.Addr().String(), "Lamplight <no-reply@example.com>")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := s.Send(ctx, msg("reader@example.com")); err != nil {
		t.Fatal(err)
	}
	f.mu.Lock()
	data := strings.Join(f.data, "")
	f.mu.Unlock()
	for _, want := range []string{"multipart/alternative", "text/plain", "Plain body", "text/html", "<p>HTML body</p>",
		"List-Unsubscribe: <https://example.com/u>", "To: <reader@example.com>", "Subject: Hello", "no-reply@example.com"} {
		if !strings.Contains(data, want) {
			t.Fatalf("message lacks %q:\n%s", want, data)
		}
	}
	err = s.Send(ctx, msg("unknown@example.com"))
	if err == nil {
		t.Fatal("unknown recipient accepted")
	}
}

func TestSMTPURL(t *testing.T) {
	for _, ok := range []string{"smtp://localhost:1025", "smtps://u:p@mail.example.com", "smtp://user%40x:p%3Ass@host:587"} {
		if _, err := mail.NewSMTPSender(ok, "a@example.com"); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{"http://host", "smtp://", "smtp://host:99999", "::"} {
		if _, err := mail.ParseSMTPURL(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}
