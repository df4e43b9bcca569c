package httpx_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"lamplight/platform/errs"
	"lamplight/platform/httpx"
)

type draft struct {
	Label string `json:"label"`
}

// routes serves a small resource the way the modules do: signed in through
// an X-User header standing in for the authentication middleware.
func routes() *gin.Engine {
	e := gin.New()
	e.Use(func(c *gin.Context) {
		if id := c.GetHeader("X-User"); id != "" {
			ctx := httpx.WithCaller(c.Request.Context(), httpx.Caller{ID: id, Admin: id == "admin"})
			c.Request = c.Request.WithContext(ctx)
		}
	})
	g := e.Group("/things", httpx.RequireUser)
	g.GET("/:id", httpx.Handle(http.StatusOK, func(r httpx.Request) (map[string]string, error) {
		if r.Param("id") == "missing" {
			return nil, errs.NotFound("thing_not_found")
		}
		return map[string]string{"id": r.Param("id"), "owner": r.UserID, "q": r.Query("q")}, nil
	}))
	g.POST("", httpx.HandleBody(http.StatusCreated, func(r httpx.Request, d draft) (draft, error) {
		if d.Label == "" {
			return draft{}, errs.Validation(errs.Field("label", errs.Required))
		}
		return d, nil
	}))
	g.DELETE("/:id", httpx.HandleDelete(func(r httpx.Request) error {
		if r.Param("id") == "broken" {
			return errors.New("disk on fire")
		}
		return nil
	}))
	e.GET("/admin", httpx.RequireAdmin, httpx.Handle(http.StatusOK, func(r httpx.Request) (string, error) { return "hello", nil }))
	return e
}

func TestHandlersBindCallAndAnswer(t *testing.T) {
	e := routes()
	for _, c := range []struct {
		method, path, user, body string
		status                   int
		answer                   string
	}{
		{"GET", "/things/1?q=x", "", "", http.StatusUnauthorized, `"code":"unauthenticated"`},
		{"GET", "/things/1?q=x", "ann", "", http.StatusOK, `{"id":"1","owner":"ann","q":"x"}`},
		{"GET", "/things/missing", "ann", "", http.StatusNotFound, `"code":"thing_not_found"`},
		{"POST", "/things", "ann", `{"label":"a"}`, http.StatusCreated, `{"label":"a"}`},
		{"POST", "/things", "ann", `{"label":""}`, http.StatusBadRequest, `{"field":"label","code":"required"}`},
		{"POST", "/things", "ann", `{"label":`, http.StatusBadRequest, `"code":"invalid_request"`},
		{"DELETE", "/things/1", "ann", "", http.StatusOK, `{"deleted":true}`},
		{"DELETE", "/things/broken", "ann", "", http.StatusInternalServerError, `"code":"internal_error"`},
		{"GET", "/admin", "", "", http.StatusUnauthorized, `"code":"unauthenticated"`},
		{"GET", "/admin", "ann", "", http.StatusForbidden, `"code":"forbidden"`},
		{"GET", "/admin", "admin", "", http.StatusOK, `"hello"`},
	} {
		req := httptest.NewRequest(c.method, c.path, strings.NewReader(c.body))
		if c.user != "" {
			req.Header.Set("X-User", c.user)
		}
		w := httptest.NewRecorder()
		e.ServeHTTP(w, req)
		if w.Code != c.status || !strings.Contains(w.Body.String(), c.answer) {
			t.Errorf("%s %s as %q: %d %s, want %d with %s", c.method, c.path, c.user, w.Code, w.Body, c.status, c.answer)
		}
	}
}
