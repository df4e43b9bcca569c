// Package httpapi maps the sharing use cases to HTTP: the owner's API under
// /api/sharing, and the secret URLs under /share that anyone holding them
// may open signed out. No rules live here.
package httpapi

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"lamplight/modules/sharing/internal/app"
	"lamplight/modules/sharing/sharingapi"
	"lamplight/platform/httpx"
)

// Handler serves /api/sharing.
type Handler struct{ svc *app.Service }

// New builds the API handler.
func New(svc *app.Service) *Handler { return &Handler{svc: svc} }

// Register implements httpx.Routes.
func (h *Handler) Register(api *gin.RouterGroup) {
	g := api.Group("/sharing", httpx.RequireUser)
	g.GET("", func(c *gin.Context) {
		out, err := h.svc.State(c.Request.Context(), httpx.UserID(c.Request.Context()), httpx.SiteURL(c))
		if err != nil {
			httpx.Fail(c, err)
			return
		}
		c.JSON(http.StatusOK, out)
	})
	for _, kind := range []string{sharingapi.KindCalendarFeed, sharingapi.KindProgressLink} {
		g.POST("/"+kind, func(c *gin.Context) {
			var o app.CreateOptions
			// The body is optional: {"readNext": false} turns the daily
			// suggestion event off.
			if c.Request.ContentLength != 0 && !httpx.Bind(c, &o) {
				return
			}
			out, err := h.svc.Create(c.Request.Context(), httpx.UserID(c.Request.Context()), kind, httpx.SiteURL(c), o)
			if err != nil {
				httpx.Fail(c, err)
				return
			}
			c.JSON(http.StatusOK, out)
		})
		g.DELETE("/"+kind, httpx.HandleDelete(func(r httpx.Request) error {
			return h.svc.Revoke(r, r.UserID, kind)
		}))
	}
}

// Site serves the secret URLs: /share/calendar/{token}.ics,
// /share/progress/{token} and /share/progress/{token}/badge.svg.
type Site struct{ svc *app.Service }

// NewSite builds the site handler.
func NewSite(svc *app.Service) *Site { return &Site{svc: svc} }

// Register implements httpx.Routes on the engine's root.
func (s *Site) Register(root *gin.RouterGroup) {
	root.GET(app.CalendarPath+":file", s.feed)
	root.GET(app.ProgressPath+":token", s.page)
	root.GET(app.ProgressPath+":token/badge.svg", s.badge)
}

// private marks an answer for its link's holder only: never indexed, never
// kept by a shared cache, and asked for again each time so that a revoked
// link stops at once.
func private(c *gin.Context) {
	c.Header("X-Robots-Tag", "noindex, nofollow, noarchive")
	c.Header("Cache-Control", "private, no-cache")
	c.Header("Referrer-Policy", "no-referrer")
}

// notFound answers a wrong, rotated or revoked token with a bare 404.
func notFound(c *gin.Context) {
	private(c)
	httpx.Fail(c, app.ErrLinkNotFound)
}

// send answers body with a strong ETag, or 304 when the client has it.
func send(c *gin.Context, contentType string, body []byte) {
	private(c)
	sum := sha256.Sum256(body)
	etag := `"` + hex.EncodeToString(sum[:16]) + `"`
	c.Header("ETag", etag)
	for _, t := range strings.Split(c.GetHeader("If-None-Match"), ",") {
		if t = strings.TrimSpace(t); t == etag || t == "*" || t == "W/"+etag {
			c.Status(http.StatusNotModified)
			return
		}
	}
	c.Data(http.StatusOK, contentType, body)
}

func (s *Site) feed(c *gin.Context) {
	token, ok := strings.CutSuffix(c.Param("file"), ".ics")
	if !ok {
		notFound(c)
		return
	}
	host := "lamplight"
	if u, err := url.Parse(httpx.SiteURL(c)); err == nil && u.Hostname() != "" {
		host = u.Hostname()
	}
	body, err := s.svc.Feed(c.Request.Context(), token, host)
	if err != nil {
		s.fail(c, err)
		return
	}
	send(c, "text/calendar; charset=utf-8", []byte(body))
}

func (s *Site) page(c *gin.Context) {
	p, err := s.svc.Progress(c.Request.Context(), c.Param("token"))
	if err != nil {
		s.fail(c, err)
		return
	}
	body, err := renderPage(p)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	// The page has its own inline styles and no script.
	c.Header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
	send(c, "text/html; charset=utf-8", body)
}

func (s *Site) badge(c *gin.Context) {
	p, err := s.svc.Progress(c.Request.Context(), c.Param("token"))
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	// A badge is meant to be shown on other sites and in chats.
	c.Header("Cross-Origin-Resource-Policy", "cross-origin")
	send(c, "image/svg+xml", renderBadge(p))
}

func (s *Site) fail(c *gin.Context, err error) {
	if err == app.ErrLinkNotFound {
		notFound(c)
		return
	}
	httpx.Fail(c, err)
}
