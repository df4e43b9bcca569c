package identity_test

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/coreos/go-oidc/v3/oidc/oidctest"

	"lamplight/modules/identity"
	"lamplight/platform/testkit"
)

// fakeGoogle is an OpenID provider: discovery and keys from oidctest, and a
// token endpoint that checks the client, the redirect and PKCE before
// handing out the ID token the test prepared for a code.
type fakeGoogle struct {
	t      *testing.T
	srv    *httptest.Server
	key    *rsa.PrivateKey
	mu     sync.Mutex
	grants map[string]grant
}

type grant struct {
	challenge, redirect string
	claims              map[string]any
}

const (
	googleClientID     = "lamplight-test.apps.example.com"
	googleClientSecret = "s3cret"
)

func newFakeGoogle(t *testing.T) *fakeGoogle {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeGoogle{t: t, key: key, grants: map[string]grant{}}
	disc := &oidctest.Server{PublicKeys: []oidctest.PublicKey{{PublicKey: key.Public(), KeyID: "k1", Algorithm: oidc.RS256}}}
	mux := http.NewServeMux()
	mux.HandleFunc("/token", f.token)
	mux.Handle("/", disc)
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	disc.SetIssuer(f.srv.URL)
	return f
}

// consent plays the user choosing their account on Google's page: it reads
// the authorization request and prepares the code Google would return.
func (f *fakeGoogle) consent(t *testing.T, authURL, code string, claims map[string]any) (state string) {
	t.Helper()
	u, err := url.Parse(authURL)
	if err != nil || !strings.HasPrefix(authURL, f.srv.URL+"/auth?") {
		t.Fatalf("not sent to the provider: %s", authURL)
	}
	q := u.Query()
	if q.Get("client_id") != googleClientID || q.Get("response_type") != "code" || q.Get("code_challenge_method") != "S256" ||
		!strings.Contains(q.Get("scope"), "openid") || !strings.Contains(q.Get("scope"), "email") || q.Get("nonce") == "" {
		t.Fatalf("authorization request %v", q)
	}
	all := map[string]any{
		"iss": f.srv.URL, "aud": googleClientID, "exp": time.Now().Add(time.Hour).Unix(), "iat": time.Now().Unix(),
		"nonce": q.Get("nonce"),
	}
	for k, v := range claims {
		all[k] = v
	}
	f.mu.Lock()
	f.grants[code] = grant{challenge: q.Get("code_challenge"), redirect: q.Get("redirect_uri"), claims: all}
	f.mu.Unlock()
	return q.Get("state")
}

func (f *fakeGoogle) token(w http.ResponseWriter, r *http.Request) {
	fail := func(msg string) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, `{"error":"invalid_grant","error_description":%q}`, msg)
	}
	if err := r.ParseForm(); err != nil {
		fail("form")
		return
	}
	id, secret, ok := r.BasicAuth()
	if !ok {
		id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}
	if id != googleClientID || secret != googleClientSecret {
		fail("client")
		return
	}
	f.mu.Lock()
	g, ok := f.grants[r.PostForm.Get("code")]
	delete(f.grants, r.PostForm.Get("code"))
	f.mu.Unlock()
	sum := sha256.Sum256([]byte(r.PostForm.Get("code_verifier")))
	switch {
	case !ok:
		fail("unknown code")
		return
	case r.PostForm.Get("redirect_uri") != g.redirect:
		fail("redirect_uri")
		return
	case base64.RawURLEncoding.EncodeToString(sum[:]) != g.challenge:
		fail("pkce")
		return
	}
	claims, _ := json.Marshal(g.claims)
	idToken := oidctest.SignIDToken(f.key, "k1", oidc.RS256, string(claims))
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"access_token":"at","token_type":"Bearer","expires_in":3600,"id_token":%q}`, idToken)
}

func TestIntegrationGoogleSignIn(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		g := newFakeGoogle(t)
		e := start(t, b.Config, nil, func(c *identity.Config) {
			c.GoogleClientID, c.GoogleClientSecret, c.GoogleIssuer = googleClientID, googleClientSecret, g.srv.URL
		})
		begin := func(t *testing.T, returnTo string) string {
			t.Helper()
			r := e.req("GET", "/api/auth/google/start?returnTo="+url.QueryEscape(returnTo), nil)
			expect(t, r, http.StatusFound)
			return r.Header.Get("Location")
		}
		callback := func(state, code string) res {
			return e.req("POST", "/api/auth/google/callback", map[string]string{"code": code, "state": state, "locale": "es", "timeZone": "Europe/Madrid"})
		}

		t.Run("config says Google is on", func(t *testing.T) {
			e.t = t
			expect(t, e.req("GET", "/api/auth/config", nil), 200, `"googleEnabled":true`)
		})

		t.Run("a new reader gets a verified account", func(t *testing.T) {
			e.t = t
			loc := begin(t, "/books/43?x=1")
			if !strings.Contains(loc, url.QueryEscape(e.app.URL+"/google-login")) {
				t.Fatalf("redirect_uri not the web app's callback page: %s", loc)
			}
			state := g.consent(t, loc, "code-new", map[string]any{"sub": "g-1", "email": "New.Reader@Gmail.example", "email_verified": true})
			r := callback(state, "code-new")
			expect(t, r, 200, `"email":"new.reader@gmail.example"`, `"emailVerified":true`, `"googleLinked":true`, `"hasPassword":false`,
				`"locale":"es"`, `"timeZone":"Europe/Madrid"`, `"returnTo":"/books/43?x=1"`)
			if r.Cookie() == nil {
				t.Fatal("no session cookie")
			}
			token := r.JSON(t)["token"].(string)
			expect(t, e.as(token, "GET", "/api/auth/user", nil), 200, `"googleLinked":true`)
			// The state is single use.
			expectError(t, callback(state, "code-new"), 400, "invalid_request", "invalid_request")

			// Signing in again finds the same account by its Google subject,
			// even after its address changed at Google.
			loc = begin(t, "")
			state = g.consent(t, loc, "code-again", map[string]any{"sub": "g-1", "email": "renamed@gmail.example", "email_verified": true})
			again := callback(state, "code-again")
			expect(t, again, 200, `"email":"new.reader@gmail.example"`, `"returnTo":"/today"`)
			if again.JSON(t)["user"].(map[string]any)["id"] != r.JSON(t)["user"].(map[string]any)["id"] {
				t.Fatal("a second account was made")
			}
			// A Google account may set its first password without a current one.
			expect(t, e.as(token, "PUT", "/api/auth/password", map[string]string{"newPassword": "now with password"}), 204)
			e.login("new.reader@gmail.example", "now with password")
		})

		t.Run("a reader with a password account is linked by verified email", func(t *testing.T) {
			e.t = t
			token := e.signUp("both@example.com")
			id := e.userID(token)
			state := g.consent(t, begin(t, "/today"), "code-link", map[string]any{"sub": "g-2", "email": "both@example.com", "email_verified": true})
			r := callback(state, "code-link")
			expect(t, r, 200, `"googleLinked":true`, `"hasPassword":true`)
			if r.JSON(t)["user"].(map[string]any)["id"] != id {
				t.Fatal("not linked to the existing account")
			}
			e.login("both@example.com", password)
		})

		t.Run("an unverified squatter's password is dropped when the owner arrives", func(t *testing.T) {
			e.t = t
			expect(t, e.req("POST", "/api/auth/register", map[string]string{"email": "victim@example.com", "password": "squatter password"}), 202)
			state := g.consent(t, begin(t, "/today"), "code-owner", map[string]any{"sub": "g-3", "email": "victim@example.com", "email_verified": true})
			expect(t, callback(state, "code-owner"), 200, `"hasPassword":false`, `"emailVerified":true`)
			expectError(t, e.req("POST", "/api/auth/login", map[string]string{"email": "victim@example.com", "password": "squatter password"}), 401, "unauthenticated", "invalid_login")
		})

		t.Run("an address Google has not verified is refused", func(t *testing.T) {
			e.t = t
			state := g.consent(t, begin(t, "/today"), "code-unverified", map[string]any{"sub": "g-4", "email": "maybe@example.com", "email_verified": false})
			expectError(t, callback(state, "code-unverified"), 403, "forbidden", "email_not_verified")
		})

		t.Run("a token for another sign-in is refused", func(t *testing.T) {
			e.t = t
			state := g.consent(t, begin(t, "/today"), "code-replay", map[string]any{"sub": "g-5", "email": "replay@example.com", "email_verified": true, "nonce": "someone else's"})
			expectError(t, callback(state, "code-replay"), 400, "invalid_request", "invalid_request")
			state = g.consent(t, begin(t, "/today"), "code-aud", map[string]any{"sub": "g-5", "email": "replay@example.com", "email_verified": true, "aud": "another-client"})
			expectError(t, callback(state, "code-aud"), 400, "invalid_request", "invalid_request")
			expectError(t, callback("made-up-state", "code-x"), 400, "invalid_request", "invalid_request")
			expectError(t, e.req("POST", "/api/auth/google/callback", map[string]string{}), 400, "validation_error", "code/required", "state/required")
		})

		t.Run("an unsafe return path falls back to /today", func(t *testing.T) {
			e.t = t
			state := g.consent(t, begin(t, "//evil.example/x"), "code-return", map[string]any{"sub": "g-6", "email": "safe@example.com", "email_verified": true})
			expect(t, callback(state, "code-return"), 200, `"returnTo":"/today"`)
		})
	})
}
