package identity_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"regexp"
	"strconv"
	"sync"
	"testing"
	"time"

	"lamplight/modules/identity"
	"lamplight/platform/testkit"
)

func strictLimits(c *identity.Config) { c.RateLimitScale = 1 }

// expectLimited fails unless the answer is 429 too_many_requests with a
// positive Retry-After.
func expectLimited(t *testing.T, r res) {
	t.Helper()
	expectError(t, r, 429, "too_many_requests", "too_many_requests")
	if s, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || s <= 0 {
		t.Fatalf("Retry-After %q", r.Header.Get("Retry-After"))
	}
}

func TestIntegrationRateLimits(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		e := start(t, b.Config, nil, strictLimits)
		bad := map[string]string{"email": "someone@example.com", "password": "wrong password"}

		t.Run("change email: 5 an hour", func(t *testing.T) {
			// An instance of its own, so signing up spends no other budget.
			cfg := b.Config
			if cfg.UsesRedis() {
				_, cfg.RedisPrefix = testkit.RedisURL(t)
			}
			e := start(t, cfg, nil, strictLimits)
			token := e.signUp("restless@example.com")
			for i := range 5 {
				expect(t, e.as(token, "POST", "/api/auth/email-change", map[string]string{"email": "elsewhere" + strconv.Itoa(i) + "@example.com"}), 202)
			}
			expectLimited(t, e.as(token, "POST", "/api/auth/email-change", map[string]string{"email": "elsewhere9@example.com"}))
		})

		t.Run("login: 5 a minute per address", func(t *testing.T) {
			e.t = t
			for range 5 {
				expectError(t, e.req("POST", "/api/auth/login", bad), 401, "unauthenticated", "invalid_login")
			}
			expectLimited(t, e.req("POST", "/api/auth/login", bad))
		})

		t.Run("password reset request: 3 an hour", func(t *testing.T) {
			e.t = t
			for range 3 {
				expect(t, e.req("POST", "/api/auth/password-reset", map[string]string{"email": "someone@example.com"}), 202)
			}
			expectLimited(t, e.req("POST", "/api/auth/password-reset", map[string]string{"email": "someone@example.com"}))
		})

		t.Run("register: 5 a minute", func(t *testing.T) {
			e.t = t
			for i := range 5 {
				expect(t, e.req("POST", "/api/auth/register", map[string]string{"email": "r" + strconv.Itoa(i) + "@example.com", "password": password}), 202)
			}
			expectLimited(t, e.req("POST", "/api/auth/register", map[string]string{"email": "r9@example.com", "password": password}))
		})

		t.Run("verify email: 20 an hour", func(t *testing.T) {
			e.t = t
			for range 20 {
				expect(t, e.req("POST", "/api/auth/verify-email", map[string]string{"email": "r0@example.com", "code": "000000"}), 400)
			}
			expectLimited(t, e.req("POST", "/api/auth/verify-email", map[string]string{"email": "r0@example.com", "code": "000000"}))
		})

		t.Run("reset complete: 5 an hour", func(t *testing.T) {
			e.t = t
			for range 5 {
				expectError(t, e.req("POST", "/api/auth/password-reset/complete", map[string]string{"token": "made-up", "password": "new password"}), 400, "invalid_request", "password_reset_link_expired")
			}
			expectLimited(t, e.req("POST", "/api/auth/password-reset/complete", map[string]string{"token": "made-up", "password": "new password"}))
		})

		if !b.Config.UsesRedis() {
			return
		}

		t.Run("two instances sharing Redis share the limits", func(t *testing.T) {
			// A second pair of instances over the same database and Redis,
			// with a fresh prefix so earlier subtests do not count.
			cfg := b.Config
			_, cfg.RedisPrefix = testkit.RedisURL(t)
			one := start(t, cfg, nil, strictLimits)
			two := start(t, cfg, nil, strictLimits)
			for i := range 5 {
				inst := one
				if i%2 == 1 {
					inst = two
				}
				inst.t = t
				expectError(t, inst.req("POST", "/api/auth/login", bad), 401, "unauthenticated", "invalid_login")
			}
			one.t, two.t = t, t
			expectLimited(t, two.req("POST", "/api/auth/login", bad))
			expectLimited(t, one.req("POST", "/api/auth/login", bad))
		})
	})
}

func TestIntegrationRevocationAcrossInstances(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		if !b.Config.UsesRedis() {
			t.Skip("one instance per process without Redis")
		}
		one := start(t, b.Config, nil, nil)
		two := start(t, b.Config, nil, nil)
		one.t, two.t = t, t
		token := one.signUp("traveller@example.com")
		other := one.login("traveller@example.com", password)
		// Both instances have the sessions cached now.
		expect(t, two.as(token, "GET", "/api/auth/user", nil), 200)
		expect(t, two.as(other, "GET", "/api/auth/user", nil), 200)

		expect(t, one.as(token, "POST", "/api/auth/logout", nil), 204)
		expectError(t, two.as(token, "GET", "/api/auth/user", nil), 401, "unauthenticated")

		// An admin flag granted on one instance shows on the other at once.
		if _, err := one.admins.Grant(t.Context(), "traveller@example.com"); err != nil {
			t.Fatal(err)
		}
		expect(t, two.as(other, "GET", "/api/auth/user", nil), 200, `"isAdmin":true`)

		expect(t, two.as(other, "POST", "/api/auth/sessions/revoke-others", nil), 200)
		third := two.login("traveller@example.com", password)
		expect(t, one.as(third, "GET", "/api/auth/user", nil), 200)
		expect(t, two.as(other, "DELETE", "/api/auth/sessions/"+currentSessionID(t, one, third), nil), 204)
		expectError(t, one.as(third, "GET", "/api/auth/user", nil), 401, "unauthenticated")
	})
}

// syncBuffer is a log destination tests can read while the app writes.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestIntegrationVerificationCodeInLog checks what the browser tests rely
// on: without SMTP, each email is one JSON log line "mail sent" whose text
// carries the code.
func TestIntegrationVerificationCodeInLog(t *testing.T) {
	cfg := testkit.SQLiteConfig(t)
	cfg.LogFormat, cfg.LogLevel = "json", "info"
	logs := &syncBuffer{}
	e := startWithLog(t, cfg, nil, logs, nil)
	expect(t, e.req("POST", "/api/auth/register", map[string]string{"email": "e2e@example.com", "password": password}), 202)

	var code string
	testkit.Eventually(t, 10*time.Second, func() bool {
		sc := bufio.NewScanner(bytes.NewReader([]byte(logs.String())))
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var rec struct {
				Level, Msg, To, Subject, Text string
			}
			if json.Unmarshal(sc.Bytes(), &rec) == nil && rec.Msg == "mail sent" && rec.To == "e2e@example.com" && rec.Level == "INFO" {
				if m := regexp.MustCompile(`\b\d{6}\b`).FindString(rec.Text); m != "" {
					code = m
					return true
				}
			}
		}
		return false
	}, "no mail sent line with a code")
	expect(t, e.req("POST", "/api/auth/verify-email", map[string]string{"email": "e2e@example.com", "code": code}), 200)
}
