package app_test

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"go.uber.org/fx"
	"gorm.io/gorm"

	"lamplight/modules/identity"
	"lamplight/modules/identity/identitytest"
	"lamplight/platform/testkit"
)

// TestIntegrationEveryAdminRouteIsGuarded walks every route the app
// registers under /api/admin/, so an admin route added later is covered
// without touching this test: signed out it answers 401, to a reader 403,
// and to an admin whatever its handler says (a fake id or an empty body
// may well be 404 or 400), never 401 or 403.
func TestIntegrationEveryAdminRouteIsGuarded(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		var engine *gin.Engine
		var admins *identity.Admins
		a := start(t, b.Config, identitytest.Options(), fx.Populate(&engine, &admins))
		reader := identitytest.Bearer(identitytest.SignUp(t, a, "reader@example.com"))
		admin := identitytest.Bearer(identitytest.SignUp(t, a, "admin@example.com"))
		if _, err := admins.Grant(context.Background(), "admin@example.com"); err != nil {
			t.Fatal(err)
		}
		param := regexp.MustCompile(`:\w+|\*\w+`)
		guarded := 0
		for _, r := range engine.Routes() {
			if !strings.HasPrefix(r.Path, "/api/admin/") {
				continue
			}
			guarded++
			path := param.ReplaceAllString(r.Path, "0190a5b2-0000-7000-8000-000000000000")
			body := ""
			if r.Method != http.MethodGet && r.Method != http.MethodHead {
				body = "{}"
			}
			if code, res := a.Do(t, r.Method, path, body, nil); code != http.StatusUnauthorized || res != `{"error":{"code":"unauthenticated"}}` {
				t.Errorf("%s %s signed out: %d %s", r.Method, r.Path, code, res)
			}
			if code, res := a.Do(t, r.Method, path, body, reader); code != http.StatusForbidden || res != `{"error":{"code":"forbidden"}}` {
				t.Errorf("%s %s as a reader: %d %s", r.Method, r.Path, code, res)
			}
			if code, res := a.Do(t, r.Method, path, body, admin); code == http.StatusUnauthorized || code == http.StatusForbidden || code >= 500 {
				t.Errorf("%s %s as an admin: %d %s", r.Method, r.Path, code, res)
			}
		}
		if guarded == 0 {
			t.Fatal("no route under /api/admin/: nothing was checked")
		}
	})
}

// The admin command runs in another process, whose cache the server does
// not share: a flag it changes in the database counts on the server's
// next admin request, however recently the session was cached.
func TestIntegrationAdminChangeCountsAtOnce(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		var g *gorm.DB
		var admins *identity.Admins
		a := start(t, b.Config, identitytest.Options(), fx.Populate(&g, &admins))
		one := identitytest.Bearer(identitytest.SignUp(t, a, "one@example.com"))
		two := identitytest.Bearer(identitytest.SignUp(t, a, "two@example.com"))
		for _, email := range []string{"one@example.com", "two@example.com"} {
			if _, err := admins.Grant(context.Background(), email); err != nil {
				t.Fatal(err)
			}
		}
		if code, res := a.Do(t, "GET", "/api/admin/users", "", one); code != http.StatusOK {
			t.Fatalf("%d %s", code, res)
		}
		// As `lamplight admin revoke` does it from its own process.
		if err := g.Exec("UPDATE identity_users SET is_admin = ? WHERE email = ?", false, "one@example.com").Error; err != nil {
			t.Fatal(err)
		}
		if code, res := a.Do(t, "GET", "/api/admin/users", "", one); code != http.StatusForbidden {
			t.Fatalf("revoked admin: %d %s", code, res)
		}
		if err := g.Exec("UPDATE identity_users SET is_admin = ? WHERE email = ?", true, "one@example.com").Error; err != nil {
			t.Fatal(err)
		}
		if code, res := a.Do(t, "GET", "/api/admin/users", "", one); code != http.StatusOK {
			t.Fatalf("granted again: %d %s", code, res)
		}
		if code, res := a.Do(t, "GET", "/api/admin/users", "", two); code != http.StatusOK {
			t.Fatalf("%d %s", code, res)
		}
	})
}
