package httpx

import (
	"bytes"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

func init() {
	// Browsers only accept the manifest with its own media type.
	_ = mime.AddExtensionType(".webmanifest", "application/manifest+json")
}

// placeholderHTML is served when the binary was built without the web app.
const placeholderHTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lamplight</title></head>
<body><h1>Lamplight</h1><p>The web app is not built into this binary. Run <code>make run</code>.</p></body></html>`

// spa serves the built single-page app: real files as they are (hashed
// assets cached for a year), every other path gets index.html uncached so a
// new release is picked up on the next visit.
type spa struct {
	files fs.FS
	index []byte
}

func newSPA(files fs.FS) *spa {
	s := &spa{files: files}
	if b, err := fs.ReadFile(files, "index.html"); err == nil {
		s.index = b
	} else {
		s.index = []byte(placeholderHTML)
	}
	return s
}

func (s *spa) handle(c *gin.Context) {
	p := c.Request.URL.Path
	if p == "/api" || strings.HasPrefix(p, "/api/") {
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
	c.Data(http.StatusOK, "text/html; charset=utf-8", s.index)
}
