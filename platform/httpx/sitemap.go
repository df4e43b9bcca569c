package httpx

import (
	"bytes"
	"encoding/xml"
	"net/http"
	"slices"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"

	"lamplight/platform/locale"
)

// crawlers serves sitemap.xml and robots.txt from the app's route list and
// the modules' public pages.
type crawlers struct {
	spa   *spa
	mu    sync.Mutex
	cache map[string][]byte // "sitemap"/"robots" for the configured site URL
}

// Both change only with a release; an hour keeps crawlers from asking often
// while a new page still shows up the same day.
const crawlerCacheControl = "public, max-age=3600"

func (cr *crawlers) register(e *gin.Engine) {
	both := []string{http.MethodGet, http.MethodHead}
	e.Match(both, "/sitemap.xml", func(c *gin.Context) { cr.serve(c, "sitemap", "application/xml; charset=utf-8", cr.sitemap) })
	e.Match(both, "/robots.txt", func(c *gin.Context) { cr.serve(c, "robots", "text/plain; charset=utf-8", cr.robots) })
}

func (cr *crawlers) serve(c *gin.Context, name, contentType string, build func(origin string) []byte) {
	origin := SiteURL(c)
	var b []byte
	if origin == cr.spa.site {
		cr.mu.Lock()
		if b = cr.cache[name]; b == nil {
			b = build(origin)
			cr.cache[name] = b
		}
		cr.mu.Unlock()
	} else {
		b = build(origin)
	}
	c.Header("Cache-Control", crawlerCacheControl)
	c.Data(http.StatusOK, contentType, b)
}

// publicPaths lists the canonical app path of every public page: the public
// routes without a parameter, and every page a module knows under one with.
func (cr *crawlers) publicPaths() []string {
	var paths []string
	add := func(p string) {
		if !slices.Contains(paths, p) {
			paths = append(paths, p)
		}
	}
	for _, r := range cr.spa.routes {
		if !r.Public {
			continue
		}
		if !r.HasParams() {
			if p, ok := cr.spa.lookup(locale.Default, r.Path); ok {
				add(p.Path)
			} else {
				add(r.Path)
			}
			continue
		}
		for _, sp := range cr.spa.pages {
			for _, p := range sp.Paths() {
				if r.matches(p) {
					add(p)
				}
			}
		}
	}
	return paths
}

// sitemap lists every public page in every language, each with its
// alternates (xhtml:link) so search engines pair the translations.
func (cr *crawlers) sitemap(origin string) []byte {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n")
	attr := func(s string) string {
		var e bytes.Buffer
		_ = xml.EscapeText(&e, []byte(s))
		return e.String()
	}
	for _, p := range cr.publicPaths() {
		var links strings.Builder
		for _, l := range locale.All {
			links.WriteString(`    <xhtml:link rel="alternate" hreflang="` + l.Code + `" href="` + attr(origin+locale.Path(l.Code, p)) + `"/>` + "\n")
		}
		links.WriteString(`    <xhtml:link rel="alternate" hreflang="x-default" href="` + attr(origin+locale.Path(locale.Default, p)) + `"/>` + "\n")
		for _, l := range locale.All {
			b.WriteString("  <url>\n    <loc>" + attr(origin+locale.Path(l.Code, p)) + "</loc>\n")
			if page, ok := cr.spa.lookup(l.Code, p); ok && page.Updated != "" {
				b.WriteString("    <lastmod>" + attr(page.Updated) + "</lastmod>\n")
			}
			b.WriteString(links.String())
			b.WriteString("  </url>\n")
		}
	}
	b.WriteString("</urlset>\n")
	return b.Bytes()
}

// robots keeps crawlers out of the pages that are not public (signed-in
// screens, account links from emails) in every language, and of the API.
// A rule covers a route's first segment unless a public route shares it.
func (cr *crawlers) robots(origin string) []byte {
	public := map[string]bool{}
	for _, r := range cr.spa.routes {
		if r.Public {
			public[r.firstSegment()] = true
		}
	}
	var private []string
	for _, r := range cr.spa.routes {
		if seg := r.firstSegment(); !r.Public && !public[seg] && !slices.Contains(private, seg) {
			private = append(private, seg)
		}
	}
	var b strings.Builder
	b.WriteString("User-agent: *\nAllow: /\nDisallow: /api/\n")
	for _, l := range locale.All {
		for _, seg := range private {
			b.WriteString("Disallow: " + locale.Path(l.Code, seg) + "\n")
		}
	}
	b.WriteString("\nSitemap: " + origin + "/sitemap.xml\n")
	return []byte(b.String())
}
