package identity_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/gin-gonic/gin"
	"go.uber.org/fx"

	"lamplight/modules/identity/identityapi"
	"lamplight/platform"
	"lamplight/platform/httpx"
	"lamplight/platform/testkit"
)

// adminProbe is a route guarded like the admin pages' API will be.
func adminProbe() httpx.Routes {
	return httpx.RoutesFunc(func(api *gin.RouterGroup) {
		api.GET("/test/admin", httpx.RequireAdmin, func(c *gin.Context) {
			u, _ := identityapi.CurrentUser(c.Request.Context())
			c.JSON(http.StatusOK, gin.H{"admin": u.Email})
		})
	})
}

func TestIntegrationAdmin(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		e := start(t, b.Config, nil, nil, fx.Provide(platform.AsRoutes(adminProbe)))
		ctx := context.Background()
		token := e.signUp("boss@example.com")

		expectError(t, e.req("GET", "/api/test/admin", nil), 401, "unauthenticated")
		expectError(t, e.as(token, "GET", "/api/test/admin", nil), 403, "forbidden")
		expect(t, e.as(token, "GET", "/api/auth/user", nil), 200, `"isAdmin":false`)

		u, err := e.admins.Grant(ctx, "Boss@Example.com")
		if err != nil || !u.IsAdmin {
			t.Fatalf("grant: %+v %v", u, err)
		}
		// The cached session sees the flag at once.
		expect(t, e.as(token, "GET", "/api/auth/user", nil), 200, `"isAdmin":true`)
		expect(t, e.as(token, "GET", "/api/test/admin", nil), 200, `"admin":"boss@example.com"`)

		if _, err := e.admins.Revoke(ctx, "boss@example.com"); err != nil {
			t.Fatal(err)
		}
		expectError(t, e.as(token, "GET", "/api/test/admin", nil), 403, "forbidden")
		if _, err := e.admins.Grant(ctx, "nobody@example.com"); !errors.Is(err, identityapi.ErrAccountNotFound) {
			t.Fatalf("grant to unknown: %v", err)
		}
	})
}
