package httpx

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"
)

// Precompressing is implemented by Routes whose handlers send gzip
// themselves through WriteGzipped: a large answer compressed once and cached
// is then sent as is, instead of being compressed again on every request.
type Precompressing interface {
	// Precompressed names the routes as "METHOD /api/full/path".
	Precompressed() []string
}

const jsonType = "application/json; charset=utf-8"

// Header values of the cached answers, set by canonical key as shared
// one-element slices (an Add copies them, a Set replaces them): a cached
// read sends them without allocating or canonicalizing per request.
var (
	jsonTypeValue  = []string{jsonType}
	gzipValue      = []string{"gzip"}
	varyGzipValue  = []string{"Accept-Encoding"}
	privateNoCache = []string{"private, no-cache"}
	noStoreValue   = []string{"no-store"}
)

// Gzip compresses JSON for WriteGzipped. It spends the CPU for the best
// ratio because the result is meant to be cached and sent many times.
func Gzip(raw []byte) ([]byte, error) {
	return compress(raw, gzip.DefaultCompression)
}

// gzipWriters keep compressors for reuse, per level: a new one allocates
// and clears its tables (over half a megabyte), which cost more than
// compressing a small answer.
var gzipWriters = map[int]*sync.Pool{gzip.DefaultCompression: {}, gzip.BestSpeed: {}}

func compress(raw []byte, level int) ([]byte, error) {
	var b bytes.Buffer
	pool := gzipWriters[level]
	w, ok := pool.Get().(*gzip.Writer)
	if ok {
		w.Reset(&b)
	} else {
		w, _ = gzip.NewWriterLevel(&b, level)
	}
	if _, err := w.Write(raw); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	pool.Put(w)
	return b.Bytes(), nil
}

// WriteGzipped sends gzip-compressed JSON unchanged to a client that accepts
// gzip and decompressed to one that does not.
func WriteGzipped(c *gin.Context, status int, gz []byte) {
	if acceptsGzip(c.Request) {
		h := c.Writer.Header()
		h["Content-Encoding"] = gzipValue
		h["Vary"] = varyGzipValue
		h["Content-Type"] = jsonTypeValue
		// Written as is: c.Data built a header slice per request even with
		// the type already set.
		c.Status(status)
		if _, err := c.Writer.Write(gz); err != nil {
			_ = c.Error(err)
			c.Abort()
		}
		return
	}
	r, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		Fail(c, err)
		return
	}
	raw, err := io.ReadAll(r)
	if err != nil {
		Fail(c, err)
		return
	}
	c.Data(status, jsonType, raw)
}

// WriteJSON sends JSON from a Precompressing route that was not cached:
// compressed at the fastest level when the client accepts gzip.
func WriteJSON(c *gin.Context, status int, raw []byte) {
	if !acceptsGzip(c.Request) {
		c.Data(status, jsonType, raw)
		return
	}
	gz, err := compress(raw, gzip.BestSpeed)
	if err != nil {
		Fail(c, err)
		return
	}
	WriteGzipped(c, status, gz)
}

// compressFilter decides per request whether the gzip middleware compresses
// the answer: not for clients that do not ask for it, upgrades, metrics
// scrapes and profiles, routes that compress their own answers, or files the build
// compressed (built).
func compressFilter(routes []Routes, built func(urlPath string) bool) func(*gin.Context) bool {
	// Keyed by method and path apart: joining them per request allocated.
	type route struct{ method, path string }
	own := map[route]bool{}
	for _, r := range routes {
		if p, ok := r.(Precompressing); ok {
			for _, name := range p.Precompressed() {
				method, path, _ := strings.Cut(name, " ")
				own[route{method, path}] = true
			}
		}
	}
	return func(c *gin.Context) bool {
		r := c.Request
		return acceptsGzip(r) &&
			!strings.Contains(r.Header.Get("Connection"), "Upgrade") &&
			r.URL.Path != "/metrics" &&
			!strings.HasPrefix(r.URL.Path, "/debug/pprof/") &&
			!own[route{r.Method, c.FullPath()}] &&
			!built(r.URL.Path)
	}
}

func acceptsGzip(r *http.Request) bool {
	return strings.Contains(r.Header.Get("Accept-Encoding"), "gzip")
}

// WriteTagged sends gzip-compressed JSON identified by etag, a quoted
// strong tag that changes whenever the body does: 304 without a body when
// the client holds it already. The browser may keep such an answer
// (privately) but must ask again before using it; the tag names the reader
// too, so another reader of the same browser gets the whole answer.
func WriteTagged(c *gin.Context, etag string, gz []byte) {
	h := c.Writer.Header()
	h["Etag"] = []string{etag}
	h["Cache-Control"] = privateNoCache
	if NoneMatch(c.Request.Header.Get("If-None-Match"), etag) {
		c.Status(http.StatusNotModified)
		return
	}
	WriteGzipped(c, http.StatusOK, gz)
}

// NoneMatch is If-None-Match's weak comparison: header lists etag (W/ or
// not), or is *.
func NoneMatch(header, etag string) bool {
	for header != "" {
		var tag string
		tag, header, _ = strings.Cut(header, ",")
		tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
		if tag == etag || tag == "*" {
			return true
		}
	}
	return false
}
