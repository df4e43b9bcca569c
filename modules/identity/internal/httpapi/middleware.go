package httpapi

import (
	"context"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/internal/app"
	"lamplight/platform/cache"
	"lamplight/platform/errs"
	"lamplight/platform/httpx"
)

const principalKey = "lamplight.identity.principal"

func principal(c *gin.Context) (app.Principal, bool) {
	v, ok := c.Get(principalKey)
	if !ok {
		return app.Principal{}, false
	}
	p, ok := v.(app.Principal)
	return p, ok
}

// Authenticate runs on every /api request: a valid session token, from
// "Authorization: Bearer" or the session cookie, puts its user in the
// context (identityapi.CurrentUser, httpx.CallerOf); anything else leaves
// the request anonymous, for httpx.RequireUser to refuse where it matters. A cookie-authenticated write must come from this
// site (Origin, or Referer, with the scheme, host and port of
// LAMPLIGHT_SITE_URL or else of the request), so another site cannot make a
// signed-in browser write.
func (h *Handler) Authenticate(c *gin.Context) {
	token, viaCookie := "", false
	if auth := c.GetHeader("Authorization"); auth != "" {
		if scheme, rest, ok := strings.Cut(auth, " "); ok && strings.EqualFold(scheme, "Bearer") {
			token = strings.TrimSpace(rest)
		}
	} else if ck, err := c.Cookie(CookieName); err == nil && ck != "" {
		token, viaCookie = ck, true
	}
	if token == "" {
		c.Next()
		return
	}
	p, refreshed, err := h.svc.Authenticate(c.Request.Context(), token)
	if err != nil {
		if e, ok := errs.As(err); ok && e.Kind == errs.KindUnauthenticated {
			c.Next()
			return
		}
		httpx.Fail(c, err)
		return
	}
	if viaCookie && unsafeMethod(c.Request.Method) && !httpx.SameOrigin(c) {
		httpx.Fail(c, identityapi.ErrCrossOrigin)
		return
	}
	if viaCookie && refreshed {
		h.setSession(c, token, p.ExpiresAt)
	}
	c.Set(principalKey, p)
	ctx := identityapi.WithUser(c.Request.Context(), p.User)
	if !unsafeMethod(c.Request.Method) {
		// Values read before the request began describe the state before
		// it: only a request that writes nothing may answer from them.
		ctx = cache.WithPrefetched(ctx, p.Prefetched)
	}
	id := p.User.ID
	c.Request = c.Request.WithContext(httpx.WithCaller(ctx, httpx.Caller{
		ID: id, Admin: p.User.IsAdmin,
		AdminNow: func(ctx context.Context) (bool, error) { return h.svc.IsAdmin(ctx, id) },
	}))
	c.Next()
}

func unsafeMethod(m string) bool {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	return true
}
