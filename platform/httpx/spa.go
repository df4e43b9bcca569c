package httpx

import (
	"bytes"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"lamplight/platform/locale"
)

func init() {
	// Browsers only accept the manifest with its own media type.
	_ = mime.AddExtensionType(".webmanifest", "application/manifest+json")
}

// placeholderHTML is served when the binary was built without the web app.
const placeholderHTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lamplight</title></head>
<body><h1>Lamplight</h1><p>The web app is not built into this binary. Run <code>make run</code>.</p></body></html>`

// spa serves the built single-page app: real files as they are (hashed
// assets cached for a year), and index.html uncached for the app's routes so
// a new release is picked up on the next visit. A path that is no route of
// the app gets index.html too (the app shows its 404 page) with status 404.
// Public pages get their title, description and links in the HTML.
type spa struct {
	files  fs.FS
	doc    *document
	routes AppRoutes
	pages  []SitePages
	site   string // the configured site URL: documents for it are cached
	log    *slog.Logger
	cache  sync.Map // language and app path -> []byte, for the configured site URL
}

func newSPA(files fs.FS, routes AppRoutes, pages []SitePages, site string, log *slog.Logger) *spa {
	index, err := fs.ReadFile(files, "index.html")
	if err != nil {
		index = []byte(placeholderHTML)
	}
	return &spa{files: files, doc: newDocument(index), routes: routes, pages: pages, site: site, log: log}
}

func (s *spa) handle(c *gin.Context) {
	p := c.Request.URL.Path
	// /api and the site's data routes (/_content) answer JSON, never the app.
	if p == "/api" || strings.HasPrefix(p, "/api/") || strings.HasPrefix(p, "/_") {
		notFoundAPI(c)
		return
	}
	if c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead {
		notFoundAPI(c)
		return
	}
	name := strings.TrimPrefix(path.Clean(p), "/")
	if strings.HasPrefix(name, ".") || strings.Contains(name, "/.") {
		// Build metadata such as .vite/manifest.json is not for browsers.
		c.Status(http.StatusNotFound)
		return
	}
	if name != "" && name != "index.html" {
		if s.precompressed(c, name) {
			return
		}
		if b, err := fs.ReadFile(s.files, name); err == nil {
			switch {
			case strings.HasPrefix(name, "assets/"):
				c.Header("Cache-Control", "public, max-age=31536000, immutable")
			case name == "sw.js" || strings.HasSuffix(name, ".webmanifest") || strings.HasPrefix(name, "workbox-"):
				c.Header("Cache-Control", "no-cache")
			default:
				c.Header("Cache-Control", "public, max-age=86400")
			}
			http.ServeContent(c.Writer, c.Request, name, time.Time{}, bytes.NewReader(b))
			return
		}
		if strings.HasPrefix(name, "assets/") {
			// A missing hashed asset is a stale client: answer 404, not the app.
			c.Status(http.StatusNotFound)
			return
		}
	}
	c.Header("Cache-Control", "no-cache")
	status, body := s.page(c, name)
	c.Data(status, "text/html; charset=utf-8", body)
}

// encodings are the build's precompressed variants of a file (see
// webapp/scripts/precompress.mjs), best first.
var encodings = []struct{ name, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// precompressed sends the build's compressed variant of a hashed asset
// when the client accepts one, and reports whether it did. Other files
// (the service worker, the manifest) are small and go through ServeContent.
func (s *spa) precompressed(c *gin.Context, name string) bool {
	if !strings.HasPrefix(name, "assets/") {
		return false
	}
	accept := c.GetHeader("Accept-Encoding")
	for _, e := range encodings {
		if !acceptsEncoding(accept, e.name) {
			continue
		}
		b, err := fs.ReadFile(s.files, name+e.suffix)
		if err != nil {
			continue
		}
		c.Header("Cache-Control", "public, max-age=31536000, immutable")
		c.Header("Content-Encoding", e.name)
		c.Header("Vary", "Accept-Encoding")
		ctype := mime.TypeByExtension(path.Ext(name))
		if ctype == "" {
			ctype = "application/octet-stream"
		}
		c.Data(http.StatusOK, ctype, b)
		return true
	}
	return false
}

// hasPrecompressed reports whether the build compressed the asset at an
// URL path, so the gzip middleware leaves it to precompressed.
func (s *spa) hasPrecompressed(urlPath string) bool {
	name := strings.TrimPrefix(path.Clean(urlPath), "/")
	if !strings.HasPrefix(name, "assets/") {
		return false
	}
	_, err := fs.Stat(s.files, name+".gz")
	return err == nil
}

// acceptsEncoding reports whether an Accept-Encoding header lists coding
// without refusing it (q=0).
func acceptsEncoding(header, coding string) bool {
	for header != "" {
		var part string
		part, header, _ = strings.Cut(header, ",")
		token, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(token), coding) {
			q := strings.ReplaceAll(params, " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}

// page is the status and HTML for an app path with its language prefix.
func (s *spa) page(c *gin.Context, name string) (int, []byte) {
	code, appPath := locale.Split(name)
	l, _ := locale.Find(code)
	if name == "index.html" {
		// The service worker caches the app shell from here.
		return http.StatusOK, s.doc.plain(l, false)
	}
	route, ok := s.routes.Match(appPath)
	if !ok {
		return http.StatusNotFound, s.doc.plain(l, true)
	}
	if !route.Public {
		return http.StatusOK, s.doc.plain(l, false)
	}
	p, known := s.lookup(code, appPath)
	switch {
	case !known && route.HasParams():
		return http.StatusNotFound, s.doc.plain(l, true)
	case !known:
		return http.StatusOK, s.doc.plain(l, false)
	}
	origin := SiteURL(c)
	key := code + " " + appPath
	if origin == s.site {
		if b, ok := s.cache.Load(key); ok {
			return http.StatusOK, b.([]byte)
		}
	}
	b, err := s.doc.public(l, p, origin)
	if err != nil {
		s.log.ErrorContext(c.Request.Context(), "render page head", "path", appPath, "err", err)
		return http.StatusOK, s.doc.plain(l, false)
	}
	// Only the configured site URL is cached: without one the origin comes
	// from the request's Host, which anyone can vary.
	if origin == s.site {
		s.cache.Store(key, b)
	}
	return http.StatusOK, b
}

// lookup asks the modules that know public pages about an app path; the
// page's Path is then always its canonical app path.
func (s *spa) lookup(code, appPath string) (Page, bool) {
	for _, sp := range s.pages {
		if p, ok := sp.Page(code, appPath); ok {
			if p.Path == "" {
				p.Path = appPath
			}
			return p, true
		}
	}
	return Page{}, false
}
