package httpx_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"

	"lamplight/platform/config"
	"lamplight/platform/health"
	"lamplight/platform/httpx"
	"lamplight/platform/metrics"
)

// A hashed asset the build compressed is sent as built, in the best
// encoding the client takes, and never compressed again.
func TestPrecompressedAssets(t *testing.T) {
	js := "console.log('lamplight');" // stands in for a large bundle
	e := httpx.NewEngine(httpx.Deps{
		Config: config.Config{}, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Metrics: metrics.New(),
		Health: &health.Registry{}, WebApp: fstest.MapFS{
			"index.html":                {Data: []byte("<!doctype html><title>Lamplight</title>")},
			"assets/index-abc123.js":    {Data: []byte(js)},
			"assets/index-abc123.js.br": {Data: []byte("brotli bytes")},
			"assets/index-abc123.js.gz": {Data: []byte("gzip bytes")},
		},
	})
	for _, c := range []struct{ accept, encoding, body string }{
		{"gzip, deflate, br", "br", "brotli bytes"},
		{"gzip", "gzip", "gzip bytes"},
		{"br;q=0, gzip", "gzip", "gzip bytes"},
		{"", "", js},
	} {
		r := httptest.NewRequest(http.MethodGet, "/assets/index-abc123.js", nil)
		r.Header.Set("Accept-Encoding", c.accept)
		w := httptest.NewRecorder()
		e.ServeHTTP(w, r)
		if w.Code != http.StatusOK || w.Header().Get("Content-Encoding") != c.encoding || w.Body.String() != c.body {
			t.Errorf("Accept-Encoding %q: %d %q %q", c.accept, w.Code, w.Header().Get("Content-Encoding"), w.Body)
		}
		if cc := w.Header().Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
			t.Errorf("Accept-Encoding %q: Cache-Control %q", c.accept, cc)
		}
		if ct := w.Header().Get("Content-Type"); ct != "text/javascript; charset=utf-8" {
			t.Errorf("Accept-Encoding %q: Content-Type %q", c.accept, ct)
		}
	}
}
