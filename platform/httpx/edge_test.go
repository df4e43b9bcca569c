package httpx_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"runtime"
	"strings"
	"testing"

	"lamplight/app"
	"lamplight/modules/identity/identitytest"
	"lamplight/platform/config"
	"lamplight/platform/testkit"
)

// startApp runs the whole app, with cheap sign-up, on cfg.
func startApp(t *testing.T, cfg config.Config) *testkit.App {
	t.Helper()
	return testkit.StartApp(t, app.Options(cfg, io.Discard, nil, identitytest.Options()))
}

// expectError checks the status and that the body is the error body with code.
func expectError(t *testing.T, code int, body string, wantCode int, want string) {
	t.Helper()
	if code != wantCode || !strings.HasPrefix(body, `{"error":{"code":"`+want+`"`) {
		t.Fatalf("got %d %s, want %d %s", code, body, wantCode, want)
	}
}

// generated is a request body of n bytes made on the fly: prefix, then 'a's.
type generated struct {
	prefix  string
	n, sent int64
}

func (g *generated) Read(p []byte) (int, error) {
	if g.sent >= g.n {
		return 0, io.EOF
	}
	k := int(min(int64(len(p)), g.n-g.sent))
	for i := range k {
		if off := g.sent + int64(i); off < int64(len(g.prefix)) {
			p[i] = g.prefix[off]
		} else {
			p[i] = 'a'
		}
	}
	g.sent += int64(k)
	return k, nil
}

// send posts a generated body; declared says whether Content-Length is set
// (otherwise the body is chunked and its size unknown until it ends). It
// writes the body on a raw connection while reading the answer, because the
// server answers and closes without reading a refused body to its end.
func send(t *testing.T, a *testkit.App, path string, size int64, declared bool) (int, string) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(a.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	head := "POST " + path + " HTTP/1.1\r\nHost: " + conn.RemoteAddr().String() + "\r\nContent-Type: application/json\r\n"
	if declared {
		head += fmt.Sprintf("Content-Length: %d\r\n\r\n", size)
	} else {
		head += "Transfer-Encoding: chunked\r\n\r\n"
	}
	written := make(chan struct{})
	go func() {
		defer close(written)
		w := bufio.NewWriter(conn)
		_, _ = w.WriteString(head)
		body := &generated{prefix: `{"email":"`, n: size}
		if declared {
			_, _ = io.Copy(w, body)
		} else {
			cw := httputil.NewChunkedWriter(w)
			_, _ = io.Copy(cw, body)
			_ = cw.Close()
			_, _ = w.WriteString("\r\n")
		}
		_ = w.Flush()
	}()
	defer func() {
		conn.Close()
		<-written
	}()
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("POST %s: %v", path, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

func TestIntegrationBodyLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the whole app")
	}
	a := startApp(t, testkit.SQLiteConfig(t))
	const huge = 256 << 20

	for _, declared := range []bool{false, true} {
		name := map[bool]string{false: "chunked", true: "with Content-Length"}[declared]
		t.Run("a 256 MB body "+name+" gets 413 and costs a few MB", func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			code, body := send(t, a, "/api/auth/register", huge, declared)
			runtime.GC()
			runtime.ReadMemStats(&after)
			allocated := after.TotalAlloc - before.TotalAlloc
			t.Logf("allocated %.1f MB while refusing 256 MB; heap %.1f -> %.1f MB",
				float64(allocated)/(1<<20), float64(before.HeapAlloc)/(1<<20), float64(after.HeapAlloc)/(1<<20))
			if allocated > 32<<20 {
				t.Errorf("allocated %d MB to refuse the body", allocated>>20)
			}
			expectError(t, code, body, http.StatusRequestEntityTooLarge, "payload_too_large")
			if !strings.Contains(body, `"maxBytes":1048576`) {
				t.Fatalf("limit not named: %s", body)
			}
		})
	}

	t.Run("a body just under the limit is read", func(t *testing.T) {
		code, body := send(t, a, "/api/auth/register", 1<<20-64, false)
		expectError(t, code, body, http.StatusBadRequest, "invalid_request")
	})

	t.Run("the API description names the 413 answer", func(t *testing.T) {
		_, doc := a.Get(t, "/api/openapi.json")
		var d struct {
			Paths map[string]map[string]json.RawMessage `json:"paths"`
		}
		if err := json.Unmarshal([]byte(doc), &d); err != nil {
			t.Fatal(err)
		}
		tooLarge := func(path, method string) string {
			var op struct {
				Responses map[string]struct {
					Ref string `json:"$ref"`
				} `json:"responses"`
			}
			_ = json.Unmarshal(d.Paths[path][method], &op)
			return op.Responses["413"].Ref
		}
		if ref := tooLarge("/api/auth/register", "post"); ref != "#/components/responses/PayloadTooLarge" {
			t.Fatalf("register's 413: %q", ref)
		}
		if ref := tooLarge("/api/settings", "get"); ref != "" {
			t.Fatal("a GET without a body lists 413")
		}
	})

	t.Run("gzip request bodies are not inflated", func(t *testing.T) {
		// The server does not decode Content-Encoding, so a small
		// compressed body cannot expand into a large one.
		var gz bytes.Buffer
		w := gzip.NewWriter(&gz)
		_, _ = w.Write([]byte(`{"email":"reader@example.com","password":"` + strings.Repeat("p", 10<<20) + `"}`))
		_ = w.Close()
		code, body := a.Do(t, http.MethodPost, "/api/auth/register", gz.String(), map[string]string{"Content-Encoding": "gzip"})
		expectError(t, code, body, http.StatusBadRequest, "invalid_request")
	})
}

// TestIntegrationStrictInput: what PostgreSQL cannot store, and JSON that is
// not exactly one document, is refused as bad input on every route.
func TestIntegrationStrictInput(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the whole app")
	}
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		a := startApp(t, b.Config)
		reader := identitytest.Bearer(identitytest.SignUp(t, a, "strict@example.com"))

		t.Run("NUL and invalid UTF-8 in JSON strings", func(t *testing.T) {
			for _, body := range []string{
				`{"email":"reader@example.com","password":"\u0000"}`,
				`{"email":"reader\u0000@example.com","password":"secret secret"}`,
				`{"email":"reader@example.com","\u0000":1,"password":"secret secret"}`,
				"{\"email\":\"reader@example.com\",\"password\":\"\xff\xfe\"}",
			} {
				code, res := a.Do(t, http.MethodPost, "/api/auth/login", body, nil)
				expectError(t, code, res, http.StatusBadRequest, "invalid_request")
			}
			code, res := a.Do(t, http.MethodPut, "/api/settings", `{"timeZone":"Europe/Berlin\u0000"}`, reader)
			expectError(t, code, res, http.StatusBadRequest, "invalid_request")
			// An escaped backslash before "u0000" is six ordinary characters.
			code, res = a.Do(t, http.MethodPost, "/api/auth/login", `{"email":"reader@example.com","password":"\\u0000 text"}`, nil)
			expectError(t, code, res, http.StatusUnauthorized, "unauthenticated")
		})

		t.Run("NUL and invalid UTF-8 in paths and queries", func(t *testing.T) {
			for _, path := range []string{
				"/api/log-entries/%00", "/api/log-entries/%ff", "/api/passage-notes/a%00b", "/api/passage-note-tags/%c3",
				"/api/log-entries?from=%00", "/api/log-entries?from=2024-01-01&to=%fe", "/api/passage-notes?searchText=%00",
				"/api/passage-notes?%00=1",
			} {
				code, res := a.Do(t, http.MethodGet, path, "", reader)
				expectError(t, code, res, http.StatusBadRequest, "invalid_request")
			}
			code, res := a.Do(t, http.MethodDelete, "/api/log-entries/%00", "", reader)
			expectError(t, code, res, http.StatusBadRequest, "invalid_request")
			code, res = a.Do(t, http.MethodGet, "/api/log-entries/no-such-entry", "", reader)
			expectError(t, code, res, http.StatusNotFound, "not_found")
		})

		t.Run("a User-Agent that is not UTF-8 is stored with the session", func(t *testing.T) {
			code, res := a.Do(t, http.MethodPost, "/api/auth/login", `{"email":"strict@example.com","password":"`+identitytest.Password+`"}`,
				map[string]string{"User-Agent": "Mozilla/5.0 (Gr\xfcn)"})
			if code != http.StatusOK {
				t.Fatalf("%d %s", code, res)
			}
			_, res = a.Do(t, http.MethodGet, "/api/auth/sessions", "", reader)
			if !strings.Contains(res, "Mozilla/5.0 (Gr\ufffdn)") {
				t.Fatalf("sessions: %.300s", res)
			}
		})

		t.Run("a body is exactly one JSON document, not null", func(t *testing.T) {
			for _, body := range []string{"null", " null\n", `{"dailyVerseCountGoal":90} x`, `{"dailyVerseCountGoal":90}{"dailyVerseCountGoal":91}`, `{} []`, `[]`, `"text"`} {
				code, res := a.Do(t, http.MethodPut, "/api/settings", body, reader)
				expectError(t, code, res, http.StatusBadRequest, "invalid_request")
			}
			code, res := a.Do(t, http.MethodPut, "/api/auth/user", "null", reader)
			expectError(t, code, res, http.StatusBadRequest, "invalid_request")
			code, res = a.Do(t, http.MethodPost, "/api/log-entries", `{"date":"2024-01-01","startVerseId":1001001,"endVerseId":1001002} {}`, reader)
			expectError(t, code, res, http.StatusBadRequest, "invalid_request")
			code, res = a.Do(t, http.MethodPut, "/api/settings", "{\"dailyVerseCountGoal\":90}\n", reader)
			if code != http.StatusOK || !strings.Contains(res, `"dailyVerseCountGoal":90`) {
				t.Fatalf("a well-formed body: %d %s", code, res)
			}
		})

		t.Run("the time zone is a real IANA zone", func(t *testing.T) {
			for _, tz := range []string{"Local", "Mars/Base", "../../etc/passwd", "/etc/localtime"} {
				code, res := a.Do(t, http.MethodPut, "/api/settings", `{"timeZone":"`+tz+`"}`, reader)
				expectError(t, code, res, http.StatusBadRequest, "validation_error")
				if !strings.Contains(res, `"field":"timeZone","code":"is_invalid"`) {
					t.Fatalf("%s: %s", tz, res)
				}
			}
			code, res := a.Do(t, http.MethodPut, "/api/settings", `{"timeZone":"America/Sao_Paulo"}`, reader)
			if code != http.StatusOK || !strings.Contains(res, `"timeZone":"America/Sao_Paulo"`) {
				t.Fatalf("%d %s", code, res)
			}
			// An empty value is absent, as for every field of a settings change.
			code, res = a.Do(t, http.MethodPut, "/api/settings", `{"timeZone":""}`, reader)
			if code != http.StatusOK || !strings.Contains(res, `"timeZone":"America/Sao_Paulo"`) {
				t.Fatalf("%d %s", code, res)
			}
		})
	})
}

// TestIntegrationOriginScheme: a cookie-authenticated write must come from
// the site's own scheme, host and port.
func TestIntegrationOriginScheme(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the whole app")
	}
	a := startApp(t, testkit.SQLiteConfig(t))
	token := identitytest.SignUp(t, a, "origin@example.com")
	hostPort := strings.TrimPrefix(a.URL, "http://")
	_, port, _ := net.SplitHostPort(hostPort)
	write := func(origin string) (int, string) {
		return a.Do(t, http.MethodPut, "/api/settings", `{"dailyVerseCountGoal":90}`,
			map[string]string{"Cookie": "lamplight_session=" + token, "Origin": origin})
	}
	for _, origin := range []string{
		"https://" + hostPort, "ws://" + hostPort, "wss://" + hostPort, "http://127.0.0.1", "http://127.0.0.2:" + port,
		"http://localhost:" + port, "http://" + hostPort + ".evil.example",
	} {
		code, body := write(origin)
		expectError(t, code, body, http.StatusForbidden, "forbidden")
		if !strings.Contains(body, "cross_origin_request") {
			t.Fatalf("%s: %s", origin, body)
		}
	}
	for _, origin := range []string{a.URL, "HTTP://" + hostPort, a.URL + "/settings"} {
		if code, body := write(origin); code != http.StatusOK {
			t.Fatalf("%s: %d %s", origin, code, body)
		}
	}
}

// TestIntegrationOperatorEndpoints: /metrics and /api/health answer only the
// operator's networks or token; the probes stay open.
func TestIntegrationOperatorEndpoints(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the whole app")
	}
	get := func(t *testing.T, a *testkit.App, path string, headers map[string]string) (int, string) {
		t.Helper()
		return a.Do(t, http.MethodGet, path, "", headers)
	}
	refused := func(t *testing.T, a *testkit.App, path string, headers map[string]string) {
		t.Helper()
		code, body := get(t, a, path, headers)
		expectError(t, code, body, http.StatusForbidden, "forbidden")
		if !strings.Contains(body, "operator_only") {
			t.Fatalf("%s: %s", path, body)
		}
	}
	answered := func(t *testing.T, a *testkit.App, path string, headers map[string]string) {
		t.Helper()
		if code, body := get(t, a, path, headers); code != http.StatusOK {
			t.Fatalf("%s: %d %.200s", path, code, body)
		}
	}
	operator := []string{"/metrics", "/api/health", "/debug/pprof/cmdline"}

	t.Run("by default loopback only, and not through a proxy that is not trusted", func(t *testing.T) {
		cfg := testkit.SQLiteConfig(t)
		cfg.Pprof = true
		a := startApp(t, cfg)
		for _, p := range operator {
			answered(t, a, p, nil)
			refused(t, a, p, map[string]string{"X-Forwarded-For": "203.0.113.5"})
			refused(t, a, p, map[string]string{"X-Real-IP": "127.0.0.1"})
			refused(t, a, p, map[string]string{"Authorization": "Bearer some token that is long", "Forwarded": "for=203.0.113.5"})
		}
	})

	t.Run("configured networks behind a trusted proxy, or the token", func(t *testing.T) {
		cfg := testkit.SQLiteConfig(t)
		cfg.TrustedProxies = []string{"127.0.0.1"}
		cfg.OperatorNetworks = []string{"192.0.2.0/24", "2001:db8::/32"}
		cfg.OperatorToken = "operator-token-for-tests"
		cfg.Pprof = true
		a := startApp(t, cfg)
		for _, p := range operator {
			refused(t, a, p, nil)
			refused(t, a, p, map[string]string{"X-Forwarded-For": "203.0.113.5"})
			refused(t, a, p, map[string]string{"Authorization": "Bearer operator-token-for-test"})
			refused(t, a, p, map[string]string{"Authorization": "Basic operator-token-for-tests"})
			answered(t, a, p, map[string]string{"X-Forwarded-For": "192.0.2.7"})
			answered(t, a, p, map[string]string{"X-Forwarded-For": "2001:db8::1"})
			answered(t, a, p, map[string]string{"Authorization": "Bearer operator-token-for-tests"})
		}
		for _, p := range []string{"/healthz", "/readyz"} {
			answered(t, a, p, map[string]string{"X-Forwarded-For": "203.0.113.5"})
		}
	})

	t.Run("profiles only when switched on", func(t *testing.T) {
		a := startApp(t, testkit.SQLiteConfig(t))
		if code, body := get(t, a, "/debug/pprof/cmdline", nil); code != http.StatusNotFound {
			t.Fatalf("%d %.200s", code, body)
		}
	})
}
