package idempotency

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"lamplight/platform/httpx"
	"lamplight/platform/metrics"
	"lamplight/platform/testkit"
)

// server runs one idempotent route whose behaviour each test chooses; the
// caller is named by the X-Test-User header.
type server struct {
	keys  *Keys
	clock *testkit.Clock
	calls atomic.Int32
	http  http.Handler
}

func newServer(t *testing.T, b testkit.Backend, handle gin.HandlerFunc) *server {
	t.Helper()
	s := &server{clock: &testkit.Clock{}}
	s.keys = New(testkit.DB(t, b, Migrations), metrics.New(), testkit.Logger(t))
	s.keys.Now = s.clock.Now
	e := gin.New()
	e.Use(gin.CustomRecoveryWithWriter(io.Discard, func(c *gin.Context, _ any) {
		c.AbortWithStatus(http.StatusInternalServerError)
	}))
	e.POST("/things", s.keys.Once(func(c *gin.Context) string { return c.GetHeader("X-Test-User") }), func(c *gin.Context) {
		s.calls.Add(1)
		handle(c)
	})
	s.http = e
	return s
}

func (s *server) post(t *testing.T, user, key, body string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/things", strings.NewReader(body))
	req.Header.Set("X-Test-User", user)
	if key != "" {
		req.Header.Set(Header, key)
	}
	w := httptest.NewRecorder()
	s.http.ServeHTTP(w, req)
	return w
}

func created(c *gin.Context) {
	b, _ := io.ReadAll(c.Request.Body)
	c.Header("Location", "/things/1")
	c.JSON(http.StatusCreated, gin.H{"got": string(b)})
}

func integration(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test")
	}
}

func TestIntegrationKeysInvalid(t *testing.T) {
	integration(t)
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		s := newServer(t, b, created)
		for _, key := range []string{" ", "has space", "tab\t", "é", strings.Repeat("k", 256)} {
			w := s.post(t, "u1", key, `{}`)
			if w.Code != http.StatusBadRequest || !strings.Contains(w.Body.String(), `"idempotency_key_invalid"`) {
				t.Errorf("key %q: %d %s", key, w.Code, w.Body)
			}
		}
		req := httptest.NewRequest(http.MethodPost, "/things", strings.NewReader(`{}`))
		req.Header.Add(Header, "a")
		req.Header.Add(Header, "b")
		w := httptest.NewRecorder()
		s.http.ServeHTTP(w, req)
		if w.Code != http.StatusBadRequest {
			t.Errorf("two keys: %d", w.Code)
		}
		if s.calls.Load() != 0 {
			t.Fatalf("an invalid key ran the handler %d times", s.calls.Load())
		}
		if w := s.post(t, "u1", strings.Repeat("~", 255), `{}`); w.Code != http.StatusCreated {
			t.Fatalf("255 visible characters: %d %s", w.Code, w.Body)
		}
	})
}

func TestIntegrationKeysRetryWhileRunning(t *testing.T) {
	integration(t)
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		entered, release := make(chan struct{}), make(chan struct{})
		s := newServer(t, b, func(c *gin.Context) {
			close(entered)
			<-release
			created(c)
		})
		first := make(chan *httptest.ResponseRecorder)
		go func() { first <- s.post(t, "u1", "k", `{"a":1}`) }()
		<-entered
		w := s.post(t, "u1", "k", `{"a":1}`)
		if w.Code != http.StatusConflict || !strings.Contains(w.Body.String(), `"idempotency_in_progress"`) || w.Header().Get("Retry-After") == "" {
			t.Fatalf("retry while running: %d %s %v", w.Code, w.Body, w.Header())
		}
		close(release)
		if w := <-first; w.Code != http.StatusCreated {
			t.Fatalf("first: %d %s", w.Code, w.Body)
		}
		w = s.post(t, "u1", "k", `{"a":1}`)
		if w.Code != http.StatusCreated || w.Header().Get(ReplayedHeader) != "true" || w.Header().Get("Location") != "/things/1" ||
			w.Body.String() != `{"got":"{\"a\":1}"}` {
			t.Fatalf("replay: %d %s %v", w.Code, w.Body, w.Header())
		}
		if n := s.calls.Load(); n != 1 {
			t.Fatalf("handler ran %d times", n)
		}
	})
}

func TestIntegrationKeysFailuresLetTheRetryRun(t *testing.T) {
	integration(t)
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		var fail atomic.Value
		fail.Store("500")
		s := newServer(t, b, func(c *gin.Context) {
			switch fail.Load() {
			case "500":
				httpx.Fail(c, io.ErrUnexpectedEOF)
			case "429":
				c.AbortWithStatus(http.StatusTooManyRequests)
			case "panic":
				panic("handler broke")
			default:
				created(c)
			}
		})
		for _, mode := range []string{"500", "429", "panic"} {
			fail.Store(mode)
			if w := s.post(t, "u1", "k", `{}`); w.Code < 429 {
				t.Fatalf("%s: %d", mode, w.Code)
			}
		}
		fail.Store("")
		if w := s.post(t, "u1", "k", `{}`); w.Code != http.StatusCreated || w.Header().Get(ReplayedHeader) != "" {
			t.Fatalf("retry after failures: %d %v", w.Code, w.Header())
		}
		if n := s.calls.Load(); n != 4 {
			t.Fatalf("handler ran %d times, want 4", n)
		}
	})
}

// A body too large to hash reaches the handler whole, as without a key.
func TestIntegrationKeysBodyBeyondLimit(t *testing.T) {
	integration(t)
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		s := newServer(t, b, func(c *gin.Context) {
			n, _ := io.Copy(io.Discard, c.Request.Body)
			c.JSON(http.StatusCreated, gin.H{"read": n})
		})
		big := strings.Repeat("x", maxHashedBody+10)
		for range 2 {
			if w := s.post(t, "u1", "k", big); w.Code != http.StatusCreated || w.Body.String() != fmt.Sprintf(`{"read":%d}`, len(big)) {
				t.Fatalf("%d %s", w.Code, w.Body)
			}
		}
		if w := s.post(t, "u1", "k", `{}`); w.Code != http.StatusCreated || w.Header().Get(ReplayedHeader) != "" {
			t.Fatalf("the large body claimed the key: %d %v", w.Code, w.Header())
		}
	})
}

// A claim whose request died with its instance (no answer stored, no
// renewals) answers 409 while its lease lasts, then lets the retry run:
// the key is not stuck for the key's whole lifetime.
func TestIntegrationKeysDeadClaimReleased(t *testing.T) {
	integration(t)
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		s := newServer(t, b, created)
		id := row{Scope: "u1", Route: "POST /things", Key: "k"}
		req := httptest.NewRequest(http.MethodPost, "/things", nil)
		if existing, err := s.keys.claim(context.Background(), id, requestHash(req, []byte(`{}`))); err != nil || existing != nil {
			t.Fatalf("claim: %v %v", existing, err)
		}
		for range 2 {
			if w := s.post(t, "u1", "k", `{}`); w.Code != http.StatusConflict || !strings.Contains(w.Body.String(), "idempotency_in_progress") {
				t.Fatalf("%d %s", w.Code, w.Body)
			}
		}
		if s.calls.Load() != 0 {
			t.Fatal("the request ran again")
		}
		if s.keys.Lease > time.Minute {
			t.Fatalf("lease %s", s.keys.Lease)
		}
		s.clock.Advance(s.keys.Lease)
		if w := s.post(t, "u1", "k", `{}`); w.Code != http.StatusCreated {
			t.Fatalf("after the lease: %d %s", w.Code, w.Body)
		}
		s.clock.Advance(s.keys.Lease)
		if w := s.post(t, "u1", "k", `{}`); w.Code != http.StatusCreated || w.Header().Get(ReplayedHeader) != "true" {
			t.Fatalf("the answer is kept beyond the lease: %d %v", w.Code, w.Header())
		}
	})
}

// A request that runs longer than a lease keeps its claim: the lease is
// renewed while it runs.
func TestIntegrationKeysLeaseRenewed(t *testing.T) {
	integration(t)
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		entered, release := make(chan struct{}), make(chan struct{})
		s := newServer(t, b, func(c *gin.Context) {
			close(entered)
			<-release
			created(c)
		})
		s.keys.RenewEvery = 10 * time.Millisecond
		first := make(chan *httptest.ResponseRecorder)
		go func() { first <- s.post(t, "u1", "k", `{}`) }()
		<-entered
		s.clock.Advance(10 * s.keys.Lease)
		testkit.Eventually(t, 20*time.Second, func() bool {
			var r row
			err := s.keys.key(context.Background(), row{Scope: "u1", Route: "POST /things", Key: "k"}).Take(&r).Error
			return err == nil && r.ExpiresAt.After(s.clock.Now())
		}, "lease renewed")
		if w := s.post(t, "u1", "k", `{}`); w.Code != http.StatusConflict {
			t.Fatalf("retry of a running request: %d %s", w.Code, w.Body)
		}
		close(release)
		if w := <-first; w.Code != http.StatusCreated {
			t.Fatalf("first: %d", w.Code)
		}
		if n := s.calls.Load(); n != 1 {
			t.Fatalf("handler ran %d times", n)
		}
	})
}

func TestIntegrationKeysSweep(t *testing.T) {
	integration(t)
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		s := newServer(t, b, created)
		s.post(t, "u1", "old", `{}`)
		s.clock.Advance(time.Hour)
		s.post(t, "u1", "new", `{}`)
		s.post(t, "u2", "new", `{}`)
		ctx := context.Background()
		s.clock.Advance(s.keys.TTL - time.Minute)
		if n, err := s.keys.DeleteExpired(ctx); err != nil || n != 1 {
			t.Fatalf("first sweep deleted %d: %v", n, err)
		}
		if err := s.keys.DeleteScope(ctx, "u2"); err != nil {
			t.Fatal(err)
		}
		var left []row
		if err := s.keys.db.Find(&left).Error; err != nil {
			t.Fatal(err)
		}
		if len(left) != 1 || left[0].Scope != "u1" || left[0].Key != "new" {
			t.Fatalf("left: %+v", left)
		}
	})
}
