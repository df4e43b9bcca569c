package testkit

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"go.uber.org/fx"

	"lamplight/platform/httpx"
)

// App is a started fx application listening on a free loopback port. Every
// answer its Client receives under /api is checked against the API description.
type App struct {
	URL      string
	Client   *http.Client
	fx       *fx.App
	contract *contract
}

// StartApp builds and starts the app from options (the caller supplies the
// whole graph, usually app.Options) and stops it when the test ends. Extra
// values can be pulled out with fx.Populate in opts.
func StartApp(t testing.TB, opts ...fx.Option) *App {
	t.Helper()
	Integration(t)
	var srv *httpx.Server
	var doc httpx.OpenAPIDocument
	a := fx.New(append(opts, fx.Populate(&srv, &doc))...)
	if err := a.Err(); err != nil {
		t.Fatalf("build app: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := a.Start(ctx); err != nil {
		t.Fatalf("start app: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := a.Stop(ctx); err != nil {
			t.Errorf("stop app: %v", err)
		}
	})
	c := newContract(t, doc)
	return &App{URL: srv.URL(), Client: &http.Client{Timeout: 30 * time.Second, Transport: c}, fx: a, contract: c}
}

// Checked wraps a transport (nil: the default one) so that its answers are
// checked against the API description too, for tests that need their own client.
func (a *App) Checked(next http.RoundTripper) http.RoundTripper { return a.contract.with(next) }

// Get sends a GET and returns the status and body.
func (a *App) Get(t testing.TB, path string) (int, string) {
	t.Helper()
	return a.Do(t, http.MethodGet, path, "", nil)
}

// Do sends a request with an optional JSON body and headers ("Name: value").
func (a *App) Do(t testing.TB, method, path, body string, headers map[string]string) (int, string) {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, a.URL+path, r)
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := a.Client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}
