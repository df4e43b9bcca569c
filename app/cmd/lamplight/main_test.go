package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"lamplight/app"
	"lamplight/modules/identity/identitytest"
	"lamplight/platform/config"
	"lamplight/platform/testkit"
)

// setEnv points the commands' configuration at cfg.
func setEnv(t *testing.T, cfg config.Config) {
	t.Setenv("LAMPLIGHT_ADDR", cfg.Addr)
	t.Setenv("LAMPLIGHT_DATA_DIR", cfg.DataDir)
	t.Setenv("DATABASE_URL", cfg.DatabaseURL)
	t.Setenv("REDIS_URL", "")
	t.Setenv("LAMPLIGHT_SITE_URL", cfg.SiteURL)
}

func startApp(t *testing.T, cfg config.Config) *testkit.App {
	t.Helper()
	return testkit.StartApp(t, app.Options(cfg, io.Discard, nil, identitytest.Options()))
}

func TestIntegrationHealthcheck(t *testing.T) {
	cfg := testkit.SQLiteConfig(t)
	a := startApp(t, cfg)
	var stderr bytes.Buffer

	t.Run("a ready server", func(t *testing.T) {
		cfg.Addr = strings.TrimPrefix(a.URL, "http://")
		setEnv(t, cfg)
		if code := lamplight([]string{"healthcheck"}, &stderr); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
	})

	t.Run("a server listening on every interface is asked on loopback", func(t *testing.T) {
		_, port, _ := net.SplitHostPort(strings.TrimPrefix(a.URL, "http://"))
		cfg.Addr = "0.0.0.0:" + port
		cfg.SiteURL = "https://lamplight.example"
		setEnv(t, cfg)
		if code := lamplight([]string{"healthcheck", "--timeout", "10s"}, &stderr); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
	})

	t.Run("nothing listening", func(t *testing.T) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		cfg.Addr = l.Addr().String()
		_ = l.Close()
		setEnv(t, cfg)
		stderr.Reset()
		if code := lamplight([]string{"healthcheck"}, &stderr); code != 1 || !strings.Contains(stderr.String(), "/readyz") {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
	})

	t.Run("a server that answers but is not ready", func(t *testing.T) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			http.Error(w, `{"status":"unavailable"}`, http.StatusServiceUnavailable)
		})}
		go func() { _ = srv.Serve(l) }()
		t.Cleanup(func() { _ = srv.Close() })
		cfg.Addr = l.Addr().String()
		setEnv(t, cfg)
		stderr.Reset()
		if code := lamplight([]string{"healthcheck"}, &stderr); code != 1 || !strings.Contains(stderr.String(), "503") {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
	})
}

// TestIntegrationBackup backs up a running server while a reader keeps
// logging, then starts a fresh server on the copy: every entry acknowledged
// before the backup began is there.
func TestIntegrationBackup(t *testing.T) {
	cfg := testkit.SQLiteConfig(t)
	a := startApp(t, cfg)
	const email = "backup@example.org"
	auth := identitytest.Bearer(identitytest.SignUp(t, a, email))

	logEntry := func(i int) (string, error) {
		body := fmt.Sprintf(`{"date":"2026-01-%02d","startVerseId":%d,"endVerseId":%d}`, 1+i%28, 101001001+i%31, 101001001+i%31)
		req, err := http.NewRequest(http.MethodPost, a.URL+"/api/log-entries", strings.NewReader(body))
		if err != nil {
			return "", err
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", auth["Authorization"])
		res, err := a.Client.Do(req)
		if err != nil {
			return "", err
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != http.StatusCreated {
			return "", fmt.Errorf("log entry %d: %d %s", i, res.StatusCode, b)
		}
		var e struct{ ID string }
		if err := json.Unmarshal(b, &e); err != nil || e.ID == "" {
			return "", fmt.Errorf("log entry %d: %s", i, b)
		}
		return e.ID, nil
	}

	var before []string
	for i := range 20 {
		id, err := logEntry(i)
		if err != nil {
			t.Fatal(err)
		}
		before = append(before, id)
	}

	// A writer keeps logging during the backup, which starts once the
	// writer is under way.
	stop, writing := make(chan struct{}), make(chan struct{})
	var once sync.Once
	var wg sync.WaitGroup
	var writeErr error
	during := 0
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer once.Do(func() { close(writing) })
		for i := 20; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := logEntry(i); err != nil {
				writeErr = err
				return
			}
			during++
			once.Do(func() { close(writing) })
		}
	}()
	<-writing

	dest := filepath.Join(t.TempDir(), "lamplight-backup.db")
	setEnv(t, cfg)
	var stderr bytes.Buffer
	code := lamplight([]string{"backup", dest}, &stderr)
	close(stop)
	wg.Wait()
	if code != 0 {
		t.Fatalf("backup: exit %d: %s", code, stderr.String())
	}
	if writeErr != nil {
		t.Fatalf("writes during the backup: %v", writeErr)
	}
	t.Logf("%d entries logged while the backup ran", during)

	t.Run("an existing file is never overwritten", func(t *testing.T) {
		info, _ := os.Stat(dest)
		stderr.Reset()
		if code := lamplight([]string{"backup", dest}, &stderr); code != 1 || !strings.Contains(stderr.String(), "already exists") {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
		if after, _ := os.Stat(dest); after.Size() != info.Size() || !after.ModTime().Equal(info.ModTime()) {
			t.Fatal("the earlier backup changed")
		}
	})

	t.Run("to standard output, leaving nothing behind", func(t *testing.T) {
		var out bytes.Buffer
		if err := backup(context.Background(), cfg, "-", &out); err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(out.Bytes(), []byte("SQLite format 3\x00")) {
			t.Fatalf("not a database: %.20q", out.Bytes())
		}
		if left, _ := filepath.Glob(filepath.Join(cfg.DataDir, "backup-*")); len(left) > 0 {
			t.Fatalf("left behind: %v", left)
		}
	})

	t.Run("PostgreSQL is backed up with pg_dump", func(t *testing.T) {
		pg := cfg
		pg.DatabaseURL = "postgres://lamplight@127.0.0.1:1/lamplight"
		setEnv(t, pg)
		stderr.Reset()
		if code := lamplight([]string{"backup", filepath.Join(t.TempDir(), "x.db")}, &stderr); code != 1 || !strings.Contains(stderr.String(), "pg_dump") {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
	})

	t.Run("the copy restores into a working server", func(t *testing.T) {
		restored := testkit.SQLiteConfig(t)
		copyFile(t, dest, restored.SQLitePath())
		r := startApp(t, restored)
		h := identitytest.Bearer(identitytest.SignIn(t, r, email))
		code, body := r.Do(t, http.MethodGet, "/api/log-entries", "", h)
		if code != http.StatusOK {
			t.Fatalf("%d %s", code, body)
		}
		var entries []struct{ ID string }
		if err := json.Unmarshal([]byte(body), &entries); err != nil {
			t.Fatal(err)
		}
		have := map[string]bool{}
		for _, e := range entries {
			have[e.ID] = true
		}
		for _, id := range before {
			if !have[id] {
				t.Fatalf("entry %s, acknowledged before the backup, is missing (%d restored)", id, len(entries))
			}
		}
		if len(entries) > len(before)+during {
			t.Fatalf("%d entries restored, only %d were logged", len(entries), len(before)+during)
		}
	})
}

func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o600); err != nil {
		t.Fatal(err)
	}
}
