package app_test

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"go.uber.org/fx"

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
