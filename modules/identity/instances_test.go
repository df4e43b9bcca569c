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
	"lamplight/platform/config"
	"lamplight/platform/testkit"
)

func strictLimits(c *identity.Config) { c.RateLimitScale = 1 }

// behindProxy trusts X-Forwarded-For from the test client, so a test can
// sign in from many addresses.
func behindProxy(t *testing.T, cfg config.Config) config.Config {
	if cfg.UsesRedis() {
		_, cfg.RedisPrefix = testkit.RedisURL(t)
	}
	cfg.TrustedProxies = []string{"127.0.0.1/32", "::1/128"}
	return cfg
}

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
				expect(t, e.as(token, "POST", "/api/auth/email-change", map[string]string{"email": "elsewhere" + strconv.Itoa(i) + "@example.com", "password": password}), 202)
			}
			expectLimited(t, e.as(token, "POST", "/api/auth/email-change", map[string]string{"email": "elsewhere9@example.com"}))
		})

		t.Run("sign-in: successes never count", func(t *testing.T) {
			e := start(t, behindProxy(t, b.Config), nil, strictLimits)
			e.signUp("family@example.com")
			for range 20 {
				e.login("family@example.com", password)
			}
		})

		t.Run("sign-in: 10 failures per account, and still the owner gets in from a clean address", func(t *testing.T) {
			e := start(t, behindProxy(t, b.Config), nil, strictLimits)
			e.signUp("target@example.com")
			e.signUp("bystander@example.com")
			guess := map[string]string{"email": "Target@Example.com ", "password": "wrong password"}
			right := map[string]string{"email": "target@example.com", "password": password}
			from := func(i int) []string { return []string{"X-Forwarded-For", "198.51.100." + strconv.Itoa(i)} }
			for i := range 10 {
				expectError(t, e.req("POST", "/api/auth/login", guess, from(i)...), 401, "unauthenticated", "invalid_login")
			}
			// The account's budget is spent: an address that failed lately
			// is refused, even with the right password.
			r := e.req("POST", "/api/auth/login", right, from(3)...)
			expectLimited(t, r)
			if s, _ := strconv.Atoi(r.Header.Get("Retry-After")); s > 90 {
				t.Fatalf("Retry-After %ds", s)
			}
			// A fresh address gets one try: a wrong guess, then no more.
			expectError(t, e.req("POST", "/api/auth/login", guess, from(50)...), 401, "unauthenticated", "invalid_login")
			expectLimited(t, e.req("POST", "/api/auth/login", right, from(50)...))
			// The owner, from an address with no recent failure, gets in,
			// again and again.
			for range 3 {
				expect(t, e.req("POST", "/api/auth/login", right, from(51)...), 200)
			}
			// Other accounts, from the same addresses, are not affected.
			for i := range 10 {
				expect(t, e.req("POST", "/api/auth/login", map[string]string{"email": "bystander@example.com", "password": password}, from(i)...), 200)
			}
			// Wrong passwords on other endpoints count against the same budget.
			token := e.login("bystander@example.com", password)
			for range 10 {
				expectError(t, e.as(token, "PUT", "/api/auth/password", map[string]string{"currentPassword": "nope", "newPassword": "new password 1"}), 400, "validation_error", "currentPassword/password_incorrect")
			}
			expectError(t, e.req("POST", "/api/auth/login", map[string]string{"email": "bystander@example.com", "password": "wrong"}, from(60)...), 401, "unauthenticated", "invalid_login")
			expectLimited(t, e.req("POST", "/api/auth/login", map[string]string{"email": "bystander@example.com", "password": password}, from(60)...))
		})

		t.Run("sign-in: 5 failures per account and address", func(t *testing.T) {
			e := start(t, behindProxy(t, b.Config), nil, strictLimits)
			e.signUp("forgetful@example.com")
			here := []string{"X-Forwarded-For", "198.51.100.9"}
			for range 5 {
				expectError(t, e.req("POST", "/api/auth/login", map[string]string{"email": "forgetful@example.com", "password": "wrong"}, here...), 401, "unauthenticated", "invalid_login")
			}
			expectLimited(t, e.req("POST", "/api/auth/login", map[string]string{"email": "forgetful@example.com", "password": password}, here...))
			expect(t, e.req("POST", "/api/auth/login", map[string]string{"email": "forgetful@example.com", "password": password}, "X-Forwarded-For", "198.51.100.10"), 200)
		})

		t.Run("sign-in: failures per address, across accounts, with a growing wait", func(t *testing.T) {
			e := start(t, behindProxy(t, b.Config), nil, strictLimits)
			shared := []string{"X-Forwarded-For", "203.0.113.7"}
			for i := range 10 {
				// Ten accounts, each below its own limits.
				guess := map[string]string{"email": "member" + strconv.Itoa(i) + "@example.com", "password": "wrong password"}
				if r := e.req("POST", "/api/auth/login", guess, shared...); r.Status != 401 {
					t.Fatalf("failure %d: %d %s", i+1, r.Status, r.Body)
				}
			}
			// The first tier: a token back every 6 seconds.
			r := e.req("POST", "/api/auth/login", map[string]string{"email": "member0@example.com", "password": "wrong password"}, shared...)
			expectLimited(t, r)
			if s, _ := strconv.Atoi(r.Header.Get("Retry-After")); s > 6 {
				t.Fatalf("Retry-After %ds", s)
			}
			// Another address is not affected.
			expectError(t, e.req("POST", "/api/auth/login", map[string]string{"email": "visitor@example.com", "password": "wrong password"}, "X-Forwarded-For", "203.0.113.8"), 401, "unauthenticated", "invalid_login")
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
			one.t, two.t = t, t
			// Five wrong passwords for one account from one address.
			for i := range 5 {
				inst := one
				if i%2 == 1 {
					inst = two
				}
				expectError(t, inst.req("POST", "/api/auth/login", bad), 401, "unauthenticated", "invalid_login")
			}
			expectLimited(t, two.req("POST", "/api/auth/login", bad))
			expectLimited(t, one.req("POST", "/api/auth/login", bad))
			// Successes on either instance spend nothing.
			one.signUp("shared@example.com")
			for i := range 20 {
				inst := one
				if i%2 == 1 {
					inst = two
				}
				inst.login("shared@example.com", password)
			}
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
