package app_test

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/gin-gonic/gin"
	"go.uber.org/fx"

	"lamplight/app"
	"lamplight/platform/config"
	"lamplight/platform/testkit"
)

var webFiles = fstest.MapFS{
	"index.html":           {Data: []byte(`<!doctype html><html><head><title>Lamplight</title></head><body><div id="root"></div></body></html>`)},
	"assets/index-abc.js":  {Data: []byte(`console.log("app")`)},
	"manifest.webmanifest": {Data: []byte(`{"name":"Lamplight"}`)},
	".vite/manifest.json":  {Data: []byte(`{}`)},
}

func TestAppGraphIsValid(t *testing.T) {
	cfg := testkit.SQLiteConfig(t)
	if err := fx.ValidateApp(app.Options(cfg, io.Discard, webFiles)); err != nil {
		t.Fatal(err)
	}
}

func start(t *testing.T, cfg config.Config, extra ...fx.Option) *testkit.App {
	return testkit.StartApp(t, app.Options(cfg, io.Discard, webFiles, extra...))
}

func header(t *testing.T, a *testkit.App, path, name string) string {
	t.Helper()
	res, err := a.Client.Get(a.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.Header.Get(name)
}

func TestIntegrationHTTPEdge(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		var engine *gin.Engine
		a := start(t, b.Config, fx.Populate(&engine))

		t.Run("liveness and readiness", func(t *testing.T) {
			for _, p := range []string{"/healthz", "/readyz"} {
				if code, body := a.Get(t, p); code != http.StatusOK {
					t.Fatalf("%s = %d %s", p, code, body)
				}
			}
		})

		t.Run("api health lists checks, modules and event handlers", func(t *testing.T) {
			code, body := a.Get(t, "/api/health")
			var h struct {
				Status   string                          `json:"status"`
				Checks   []struct{ Name, Status string } `json:"checks"`
				Modules  []struct{ Name, Status string } `json:"modules"`
				Handlers []struct{ Name, Status string } `json:"handlers"`
			}
			if code != 200 || json.Unmarshal([]byte(body), &h) != nil || h.Status != "ok" {
				t.Fatalf("%d %s", code, body)
			}
			names := map[string]bool{}
			for _, c := range h.Checks {
				names[c.Name] = c.Status == "ok"
			}
			for _, want := range []string{"database", "schema", "cache", "bus"} {
				if !names[want] {
					t.Fatalf("check %s missing or failing: %s", want, body)
				}
			}
			if h.Modules == nil {
				t.Fatalf("modules missing: %s", body)
			}
			handlers := map[string]bool{}
			for _, hs := range h.Handlers {
				handlers[hs.Name] = hs.Status == "ok"
			}
			for _, want := range []string{"projections.refresh", "projections.refresh.settings", "reading.delete-user-data"} {
				if !handlers[want] {
					t.Fatalf("handler %s missing or failing: %s", want, body)
				}
			}
		})

		t.Run("unknown api path is a JSON 404", func(t *testing.T) {
			code, body := a.Get(t, "/api/does-not-exist")
			if code != 404 || body != `{"error":{"code":"not_found"}}` {
				t.Fatalf("%d %s", code, body)
			}
		})

		t.Run("app routes get the web app, uncached; other paths get it with 404", func(t *testing.T) {
			for p, status := range map[string]int{"/": 200, "/de/books": 200, "/no/such/page": 404} {
				code, body := a.Get(t, p)
				if code != status || !strings.Contains(body, `<div id="root">`) {
					t.Fatalf("%s = %d %s", p, code, body)
				}
			}
			if cc := header(t, a, "/de/books", "Cache-Control"); cc != "no-cache" {
				t.Fatalf("index cache-control %q", cc)
			}
			if csp := header(t, a, "/", "Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
				t.Fatalf("csp %q", csp)
			}
		})

		t.Run("hashed assets are cached for a year, the manifest has its type", func(t *testing.T) {
			if cc := header(t, a, "/assets/index-abc.js", "Cache-Control"); !strings.Contains(cc, "max-age=31536000") {
				t.Fatalf("asset cache-control %q", cc)
			}
			if code, _ := a.Get(t, "/assets/missing-123.js"); code != 404 {
				t.Fatalf("missing asset = %d", code)
			}
			if code, _ := a.Get(t, "/.vite/manifest.json"); code != 404 {
				t.Fatalf("build metadata served: %d", code)
			}
			if ct := header(t, a, "/manifest.webmanifest", "Content-Type"); ct != "application/manifest+json" {
				t.Fatalf("manifest content-type %q", ct)
			}
		})

		t.Run("metrics in Prometheus text format", func(t *testing.T) {
			code, body := a.Get(t, "/metrics")
			if code != 200 || !strings.Contains(body, "lamplight_http_request_duration_seconds_bucket") {
				t.Fatalf("%d %.300s", code, body)
			}
		})

		t.Run("the OpenAPI document is valid and covers every API route", func(t *testing.T) {
			code, body := a.Get(t, "/api/openapi.json")
			if code != 200 {
				t.Fatalf("%d", code)
			}
			doc, err := openapi3.NewLoader().LoadFromData([]byte(body))
			if err != nil {
				t.Fatal(err)
			}
			param := regexp.MustCompile(`:(\w+)`)
			for _, r := range engine.Routes() {
				if !strings.HasPrefix(r.Path, "/api/") && !strings.HasPrefix(r.Path, "/_content/") {
					continue
				}
				p := param.ReplaceAllString(r.Path, "{$1}")
				item := doc.Paths.Find(p)
				if item == nil || item.GetOperation(r.Method) == nil {
					t.Errorf("%s %s is not documented", r.Method, p)
				}
			}
		})
	})
}

// proxy forwards TCP to target until cut, so a test can take a database away.
type proxy struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

func newProxy(t *testing.T, target string) *proxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{ln: ln}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			up, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, up)
			p.mu.Unlock()
			go func() { _, _ = io.Copy(up, c); up.Close() }()
			go func() { _, _ = io.Copy(c, up); c.Close() }()
		}
	}()
	t.Cleanup(p.cut)
	return p
}

func (p *proxy) cut() {
	p.ln.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
}

func TestIntegrationReadyzWhenPostgresUnreachable(t *testing.T) {
	cfg := testkit.SQLiteConfig(t)
	dbURL, err := url.Parse(testkit.PostgresURL(t))
	if err != nil {
		t.Fatal(err)
	}
	p := newProxy(t, dbURL.Host)
	dbURL.Host = p.ln.Addr().String()
	cfg.DatabaseURL = dbURL.String()
	a := start(t, cfg)

	if code, body := a.Get(t, "/readyz"); code != 200 {
		t.Fatalf("ready before cut: %d %s", code, body)
	}
	p.cut()
	testkit.Eventually(t, 15*time.Second, func() bool {
		code, _ := a.Get(t, "/readyz")
		return code == http.StatusServiceUnavailable
	}, "readyz never answered 503")
	code, body := a.Get(t, "/readyz")
	if code != 503 || !strings.Contains(body, `"database"`) {
		t.Fatalf("%d %s", code, body)
	}
	if code, _ := a.Get(t, "/healthz"); code != 200 {
		t.Fatalf("liveness must stay up: %d", code)
	}
}
