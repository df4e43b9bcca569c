package reminders_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"code.dny.dev/ssrf"

	"lamplight/platform/testkit"
)

// subscribe registers endpoint for the reader with p's keys.
func subscribe(t *testing.T, e *env, h map[string]string, p *pushService, endpoint string, want int) {
	t.Helper()
	b64 := base64.RawURLEncoding.EncodeToString
	e.do(t, h, "POST", "/api/reminders/push/subscriptions",
		`{"endpoint":"`+endpoint+`","keys":{"p256dh":"`+b64(p.key.PublicKey().Bytes())+`","auth":"`+b64(p.secret)+`"}}`, want)
}

// pushAt turns the reader's push reminder on at hh:mm (Berlin).
func pushAt(t *testing.T, e *env, h map[string]string, hhmm string) {
	t.Helper()
	e.do(t, h, "PUT", "/api/reminders", `{"enabled":true,"time":"`+hhmm+`","days":[1,2,3,4,5,6,7],"onlyIfUnread":false,"channels":["push"]}`, 200)
}

// runDue queues the reminders due at instant.
func runDue(t *testing.T, e *env, instant string) {
	t.Helper()
	e.clock.Set(at(instant))
	if err := e.svc.RunDue(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// counting is a TLS server on loopback that counts the requests it gets
// and answers status, optionally redirecting.
func counting(t *testing.T, status int, location string) (*httptest.Server, *atomic.Int64) {
	var hits atomic.Int64
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		hits.Add(1)
		if location != "" {
			w.Header().Set("Location", location)
		}
		w.WriteHeader(status)
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

func TestIntegrationPushOutbound(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		ctx := context.Background()

		t.Run("special-purpose addresses are refused when subscribing, names when dialling", func(t *testing.T) {
			// Production's guard, except that the test's service is not on 443.
			e := start(t, b.Config, newInbox(t), &clock{t: at("2026-03-06T12:00:00Z")}, loopbackPush(ssrf.New(ssrf.WithAnyPort())))
			h := e.reader(t, "ssrf@example.com", "Europe/Berlin", "en")
			id := userID(t, e, h)
			p := newPushService(t)
			for _, endpoint := range []string{
				"http://push.example.com/x",
				"https://127.0.0.1/x",
				strings.Replace(p.srv.URL, "https://", "http://", 1) + "/x",
				p.srv.URL + "/x",
				"https://10.0.0.8/x",
				"https://192.168.1.1/x",
				"https://172.16.0.1/x",
				"https://100.64.0.1/x",
				"https://169.254.169.254/latest/meta-data/",
				"https://[::1]/x",
				"https://[fe80::1]/x",
				"https://[fd00::1]/x",
				"https://[::ffff:127.0.0.1]/x",
				"https://[::ffff:169.254.169.254]/x",
				"https://0.0.0.0/x",
				"https://user:secret@push.example.com/x",
				"https:push.example.com/x",
			} {
				subscribe(t, e, h, p, endpoint, 400)
			}
			// A name is accepted, but it resolves to loopback: the delivery
			// is refused at connect time, and the subscription stays although
			// the service there would call it gone.
			p.mu.Lock()
			p.status = 410
			p.mu.Unlock()
			subscribe(t, e, h, p, "https://localhost:"+p.srv.URL[strings.LastIndexByte(p.srv.URL, ':')+1:]+"/x", 201)
			pushAt(t, e, h, "07:30")
			runDue(t, e, "2026-03-07T06:30:00Z")
			_ = e.svc.RunPush(ctx)
			if got := p.received(); len(got) != 0 {
				t.Fatalf("loopback reached: %v", got)
			}
			if n := e.count(t, "reminder_push_subscriptions", "user_id", id); n != 1 {
				t.Fatalf("%d subscriptions", n)
			}
			if n := e.count(t, "reminder_push_deliveries", "user_id", id); n != 0 {
				t.Fatalf("%d deliveries kept for an endpoint never permitted", n)
			}
		})

		e := start(t, b.Config, newInbox(t), &clock{t: at("2026-03-06T12:00:00Z")})

		t.Run("redirects are not followed, and no answer behind one deletes anything", func(t *testing.T) {
			h := e.reader(t, "redirect@example.com", "Europe/Berlin", "en")
			id := userID(t, e, h)
			p := newPushService(t)
			gone, goneHits := counting(t, 410, "")
			for _, status := range []int{301, 302, 303, 307, 308} {
				redirector, _ := counting(t, status, gone.URL+"/latest/meta-data/")
				subscribe(t, e, h, p, redirector.URL+"/push", 201)
			}
			pushAt(t, e, h, "07:30")
			runDue(t, e, "2026-03-07T06:30:00Z")
			_ = e.svc.RunPush(ctx)
			if n := goneHits.Load(); n != 0 {
				t.Fatalf("redirect followed %d times", n)
			}
			if n := e.count(t, "reminder_push_subscriptions", "user_id", id); n != 5 {
				t.Fatalf("%d subscriptions kept", n)
			}
			if n := e.count(t, "reminder_push_deliveries", "user_id", id); n != 0 {
				t.Fatalf("%d deliveries left for retries", n)
			}
		})

		t.Run("a reader keeps at most ten subscriptions, the oldest dropped", func(t *testing.T) {
			h := e.reader(t, "many@example.com", "Europe/Berlin", "en")
			p := newPushService(t)
			for i := range 12 {
				subscribe(t, e, h, p, p.srv.URL+"/push/"+strconv.Itoa(i), 201)
			}
			var subs []struct {
				Endpoint string `json:"endpoint"`
			}
			_ = json.Unmarshal([]byte(e.do(t, h, "GET", "/api/reminders/push/subscriptions", "", 200)), &subs)
			if len(subs) != 10 || subs[0].Endpoint != p.srv.URL+"/push/2" || subs[9].Endpoint != p.srv.URL+"/push/11" {
				t.Fatalf("%+v", subs)
			}
		})

		t.Run("a slow endpoint does not hold up another reader's push", func(t *testing.T) {
			slowReader := e.reader(t, "slow@example.com", "Europe/Berlin", "en")
			fastReader := e.reader(t, "fast@example.com", "Europe/Berlin", "en")
			release := make(chan struct{})
			var mu sync.Mutex
			started, ended := false, false
			slow := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				started = true
				mu.Unlock()
				select {
				case <-release:
				case <-r.Context().Done():
					mu.Lock()
					ended = true
					mu.Unlock()
				}
				w.WriteHeader(201)
			}))
			t.Cleanup(slow.Close)
			fast := newPushService(t)
			subscribe(t, e, slowReader, fast, slow.URL+"/push", 201)
			subscribe(t, e, fastReader, fast, fast.srv.URL+"/push", 201)
			// The slow reader's notification is due first, so it is first in line.
			pushAt(t, e, slowReader, "07:00")
			pushAt(t, e, fastReader, "07:30")
			runDue(t, e, "2026-03-08T06:00:00Z")
			runDue(t, e, "2026-03-08T06:30:00Z")
			done := make(chan error, 1)
			go func() { done <- e.svc.RunPush(ctx) }()
			testkit.Eventually(t, 60*time.Second, func() bool {
				mu.Lock()
				defer mu.Unlock()
				return started && len(fast.received()) == 1
			}, "the other reader's notification delivered, the slow one on its way")
			mu.Lock()
			waiting := !ended
			mu.Unlock()
			close(release)
			// The run also tries the closed endpoints of earlier subtests, so
			// its error says nothing about this one.
			if err := <-done; err != nil {
				t.Logf("push run: %v", err)
			}
			if !waiting {
				t.Fatal("the other reader's notification waited for the slow endpoint")
			}
		})
	})
}
