// Package httpapi serves the site's texts at /_content and tells the
// platform about public pages; no rules live here.
package httpapi

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"

	"lamplight/modules/content/internal/app"
	"lamplight/platform/httpx"
)

// cacheControl lets browsers and shared caches keep a page for five
// minutes: the texts change only with a release, so a longer time would only
// delay a correction after a deploy, and after five minutes the ETag makes
// asking again cost a 304 without a body.
const cacheControl = "public, max-age=300"

// Handler serves GET /_content/{locale}/{section}[/{slug}].
type Handler struct {
	svc     *app.Service
	answers sync.Map // "locale/section/slug" -> answer, for pages that exist
}

// answer is a page's JSON and its strong ETag, computed once.
type answer struct {
	body []byte
	etag string
}

// New builds the handler.
func New(svc *app.Service) *Handler { return &Handler{svc: svc} }

// Register implements httpx.Routes on the engine's root.
func (h *Handler) Register(root *gin.RouterGroup) {
	g := root.Group("/_content/:locale/:section")
	g.GET("", h.get)
	g.GET("/:slug", h.get)
}

func (h *Handler) get(c *gin.Context) {
	v, err := h.svc.Get(c.Param("locale"), c.Param("section"), c.Param("slug"))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	a, err := h.answerFor(v)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.Header("Cache-Control", cacheControl)
	c.Header("ETag", a.etag)
	if matches(c.GetHeader("If-None-Match"), a.etag) {
		c.Status(http.StatusNotModified)
		return
	}
	c.Data(http.StatusOK, "application/json; charset=utf-8", a.body)
}

func (h *Handler) answerFor(v app.PageView) (answer, error) {
	k := v.Locale + "/" + v.Section + "/" + v.Slug
	if a, ok := h.answers.Load(k); ok {
		return a.(answer), nil
	}
	body, err := json.Marshal(v)
	if err != nil {
		return answer{}, err
	}
	sum := sha256.Sum256(body)
	a := answer{body: body, etag: `"` + hex.EncodeToString(sum[:16]) + `"`}
	h.answers.Store(k, a)
	return a, nil
}

// matches is If-None-Match's weak comparison: a listed tag (W/ or not) or *.
func matches(header, etag string) bool {
	for _, tag := range strings.Split(header, ",") {
		tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
		if tag == etag || tag == "*" {
			return true
		}
	}
	return false
}

// Pages tells the platform about the public pages: text pages and the
// other public screens (httpx.SitePages).
type Pages struct{ svc *app.Service }

// NewPages builds the platform's view of the public pages.
func NewPages(svc *app.Service) *Pages { return &Pages{svc: svc} }

// Page implements httpx.SitePages.
func (p *Pages) Page(locale, appPath string) (httpx.Page, bool) {
	s, ok := p.svc.Describe(locale, appPath)
	return httpx.Page{Title: s.Title, Description: s.Description, Path: s.Path, Updated: s.Updated}, ok
}

// Paths implements httpx.SitePages.
func (p *Pages) Paths() []string { return p.svc.PublicPaths() }
