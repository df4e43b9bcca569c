package httpx_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gin-gonic/gin"

	"lamplight/platform/config"
	"lamplight/platform/health"
	"lamplight/platform/httpx"
	"lamplight/platform/metrics"
)

// uploads is a module with one route that takes bodies up to 4 MiB.
type uploads struct{}

func (uploads) Register(api *gin.RouterGroup) {
	read := func(c *gin.Context) {
		var v struct{ Data string }
		if httpx.Bind(c, &v) {
			c.JSON(http.StatusOK, gin.H{"bytes": len(v.Data)})
		}
	}
	api.POST("/import", read)
	api.POST("/small", read)
	api.GET("/origin", func(c *gin.Context) {
		c.JSON(http.StatusOK, gin.H{"site": httpx.SiteURL(c), "same": httpx.SameOrigin(c)})
	})
}

func (uploads) BodyLimits() map[string]int64 { return map[string]int64{"POST /api/import": 4 << 20} }

func engine(cfg config.Config) *gin.Engine {
	return httpx.NewEngine(httpx.Deps{
		Config: cfg, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Metrics: metrics.New(),
		Health: &health.Registry{}, Routes: []httpx.Routes{uploads{}}, WebApp: fstest.MapFS{},
	})
}

func serve(e *gin.Engine, r *http.Request) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	e.ServeHTTP(w, r)
	return w
}

func TestRouteOptsIntoALargerBody(t *testing.T) {
	e := engine(config.Config{})
	body := `{"data":"` + strings.Repeat("x", 2<<20) + `"}`
	if w := serve(e, httptest.NewRequest(http.MethodPost, "/api/import", strings.NewReader(body))); w.Code != http.StatusOK {
		t.Fatalf("2 MiB import: %d %.200s", w.Code, w.Body)
	}
	for _, path := range []string{"/api/small", "/api/import"} {
		big := body
		if path == "/api/import" {
			big = `{"data":"` + strings.Repeat("x", 5<<20) + `"}`
		}
		// Without Content-Length the limit is found while reading.
		r := httptest.NewRequest(http.MethodPost, path, strings.NewReader(big))
		r.ContentLength = -1
		w := serve(e, r)
		if w.Code != http.StatusRequestEntityTooLarge || !strings.Contains(w.Body.String(), `"code":"payload_too_large"`) {
			t.Fatalf("%s: %d %.200s", path, w.Code, w.Body)
		}
	}
}

func TestSiteURLAndOrigin(t *testing.T) {
	site := func(t *testing.T, cfg config.Config, remote string, headers ...string) (string, bool) {
		t.Helper()
		r := httptest.NewRequest(http.MethodGet, "http://lamplight.test:8080/api/origin", nil)
		r.RemoteAddr = remote
		for i := 0; i+1 < len(headers); i += 2 {
			r.Header.Set(headers[i], headers[i+1])
		}
		w := serve(engine(cfg), r)
		body := w.Body.String()
		start := strings.Index(body, `"site":"`) + len(`"site":"`)
		return body[start : start+strings.Index(body[start:], `"`)], strings.Contains(body, `"same":true`)
	}
	direct := config.Config{}
	proxied := config.Config{TrustedProxies: []string{"10.0.0.0/8"}}

	t.Run("the request's own scheme, https only from a trusted proxy", func(t *testing.T) {
		if s, _ := site(t, direct, "192.0.2.1:5000"); s != "http://lamplight.test:8080" {
			t.Fatal(s)
		}
		if s, _ := site(t, direct, "192.0.2.1:5000", "X-Forwarded-Proto", "https"); s != "http://lamplight.test:8080" {
			t.Fatalf("an untrusted peer chose the scheme: %s", s)
		}
		if s, _ := site(t, proxied, "10.1.2.3:5000", "X-Forwarded-Proto", "https"); s != "https://lamplight.test:8080" {
			t.Fatal(s)
		}
		if _, same := site(t, proxied, "10.1.2.3:5000", "X-Forwarded-Proto", "https", "Origin", "http://lamplight.test:8080"); same {
			t.Fatal("http origin accepted for an https site")
		}
		if _, same := site(t, proxied, "10.1.2.3:5000", "X-Forwarded-Proto", "https", "Origin", "https://lamplight.test:8080"); !same {
			t.Fatal("own https origin refused")
		}
	})

	t.Run("LAMPLIGHT_SITE_URL when set, default ports made explicit", func(t *testing.T) {
		cfg := config.Config{SiteURL: "https://Lamplight.example.org/"}
		if s, _ := site(t, cfg, "192.0.2.1:5000"); s != "https://Lamplight.example.org" {
			t.Fatal(s)
		}
		for origin, want := range map[string]bool{
			"https://lamplight.example.org":     true,
			"https://lamplight.example.org:443": true,
			"http://lamplight.example.org":      false,
			"https://lamplight.example.org:444": false,
			"wss://lamplight.example.org":       false,
			"http://lamplight.test:8080":        false,
		} {
			if _, same := site(t, cfg, "192.0.2.1:5000", "Origin", origin); same != want {
				t.Errorf("%s: same origin %v, want %v", origin, same, want)
			}
		}
		if _, same := site(t, cfg, "192.0.2.1:5000", "Origin", "null", "Referer", "https://lamplight.example.org/settings"); !same {
			t.Error("Referer of the site refused")
		}
	})
}
