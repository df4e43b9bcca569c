package httpapi

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/internal/app"
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
// context; anything else leaves the request anonymous, for RequireUser to
// refuse where it matters. A cookie-authenticated write must come from this
// site (Origin, or Referer, matching the host or LAMPLIGHT_SITE_URL), so
// another site cannot make a signed-in browser write.
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
	if viaCookie && unsafeMethod(c.Request.Method) && !h.sameOrigin(c) {
		httpx.Fail(c, identityapi.ErrCrossOrigin)
		return
	}
	if viaCookie && refreshed {
		h.setSession(c, token, p.ExpiresAt)
	}
	c.Set(principalKey, p)
	identityapi.SetCurrentUser(c, p.User)
	c.Next()
}

func unsafeMethod(m string) bool {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	return true
}

// sameOrigin compares the request's Origin (or Referer) with the host it
// was sent to and with the configured site.
func (h *Handler) sameOrigin(c *gin.Context) bool {
	from := c.GetHeader("Origin")
	if from == "" || from == "null" {
		from = c.GetHeader("Referer")
	}
	u, err := url.Parse(from)
	if from == "" || err != nil || u.Host == "" {
		return false
	}
	if h.cfg.SiteURL != "" {
		if site, err := url.Parse(h.cfg.SiteURL); err == nil && strings.EqualFold(site.Scheme, u.Scheme) && strings.EqualFold(site.Host, u.Host) {
			return true
		}
	}
	return strings.EqualFold(u.Host, c.Request.Host)
}
