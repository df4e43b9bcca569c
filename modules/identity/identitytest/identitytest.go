// Package identitytest helps tests of any module sign readers in against a
// running app (testkit.StartApp with app.Options): Options makes sign-up
// cheap and immediate, SignUp returns a bearer token.
package identitytest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"go.uber.org/fx"

	"lamplight/modules/identity"
	"lamplight/platform/testkit"
)

// Password is the password SignUp gives every account.
const Password = "correct horse battery"

// Options configures identity for tests: cheap password hashing, no email
// verification step, and rate limits high enough for many sign-ins from
// one address. Pass it among app.Options' extra options.
func Options() fx.Option {
	return fx.Decorate(func(c identity.Config) identity.Config {
		Cheap(&c)
		c.RequireEmailVerification = false
		return c
	})
}

// Cheap lowers the password hash cost and raises the rate limits.
func Cheap(c *identity.Config) {
	c.PasswordHashMemoryKiB = 64
	c.PasswordHashIterations = 1
	c.RateLimitScale = 1000
}

// SignUp registers email with Password (the app must run with Options) and
// signs in; it returns the session token for "Authorization: Bearer".
func SignUp(t testing.TB, a *testkit.App, email string) string {
	t.Helper()
	body := fmt.Sprintf(`{"email":%q,"password":%q}`, email, Password)
	if code, res := a.Do(t, http.MethodPost, "/api/auth/register", body, nil); code != http.StatusAccepted {
		t.Fatalf("register %s: %d %s", email, code, res)
	}
	return SignIn(t, a, email)
}

// SignIn signs an account made by SignUp in again and returns a new token.
func SignIn(t testing.TB, a *testkit.App, email string) string {
	t.Helper()
	body := fmt.Sprintf(`{"email":%q,"password":%q}`, email, Password)
	code, res := a.Do(t, http.MethodPost, "/api/auth/login", body, nil)
	if code != http.StatusOK {
		t.Fatalf("login %s: %d %s (is identitytest.Options among the app's options?)", email, code, res)
	}
	var out struct {
		Token string `json:"token"`
	}
	if err := json.Unmarshal([]byte(res), &out); err != nil || out.Token == "" {
		t.Fatalf("login %s: %s", email, res)
	}
	return out.Token
}

// Bearer is the header map for a token, for testkit.App.Do.
func Bearer(token string) map[string]string {
	return map[string]string{"Authorization": "Bearer " + token}
}
