package config_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lamplight/platform/config"
)

func valid() config.Config {
	return config.Config{Addr: "127.0.0.1:8080", DataDir: "./data", LogLevel: "info", LogFormat: "text", MailFrom: "Lamplight <no-reply@localhost>"}
}

func TestMailSettings(t *testing.T) {
	for _, ok := range []string{"", "smtp://mail.example.com:587", "smtps://user:pass@mail.example.com", "smtp://localhost:1025"} {
		c := valid()
		c.SMTPURL = ok
		if err := c.Validate(); err != nil {
			t.Errorf("SMTP_URL %q: %v", ok, err)
		}
	}
	for _, bad := range []string{"mail.example.com", "http://mail.example.com", "smtp://"} {
		c := valid()
		c.SMTPURL = bad
		if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "SMTP_URL") {
			t.Errorf("SMTP_URL %q accepted (%v)", bad, err)
		}
	}
	for _, bad := range []string{"", "Lamplight", "no at sign <x>"} {
		c := valid()
		c.MailFrom = bad
		if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "LAMPLIGHT_MAIL_FROM") {
			t.Errorf("LAMPLIGHT_MAIL_FROM %q accepted (%v)", bad, err)
		}
	}
	t.Setenv("LAMPLIGHT_MAIL_FROM", "")
	c, err := config.Load()
	if err != nil || c.MailFrom != "Lamplight <no-reply@localhost>" {
		t.Fatalf("default From: %q %v", c.MailFrom, err)
	}
}

func TestTrustedProxiesMustBeAddresses(t *testing.T) {
	ok := valid()
	ok.TrustedProxies = []string{"10.0.0.1", "192.168.0.0/16", "::1"}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	bad := ok
	bad.TrustedProxies = []string{"10.0.0.1", "load-balancer"}
	if err := bad.Validate(); err == nil || !strings.Contains(err.Error(), "load-balancer") {
		t.Fatalf("got %v", err)
	}
}

func TestOperatorAccess(t *testing.T) {
	c := valid()
	if nets := c.OperatorNets(); len(nets) != 2 || nets[0].String() != "127.0.0.0/8" || nets[1].String() != "::1/128" {
		t.Fatalf("default operator networks %v, want loopback", nets)
	}
	c.OperatorNetworks = []string{"10.1.2.3", "192.168.0.0/16", "2001:db8::/32"}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	if nets := c.OperatorNets(); len(nets) != 3 || nets[0].String() != "10.1.2.3/32" {
		t.Fatalf("networks %v", nets)
	}
	c.OperatorNetworks = []string{"10.0.0.0/8", "prometheus"}
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), `LAMPLIGHT_OPERATOR_NETWORKS entry "prometheus"`) {
		t.Fatalf("got %v", err)
	}
	c = valid()
	c.OperatorToken = "short"
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "LAMPLIGHT_OPERATOR_TOKEN") {
		t.Fatalf("a short token: %v", err)
	}

	t.Run("the token from a file", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "token")
		if err := os.WriteFile(file, []byte("a-token-from-a-secret-file\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		t.Setenv("LAMPLIGHT_OPERATOR_TOKEN_FILE", file)
		c, err := config.Load()
		if err != nil || c.OperatorToken != "a-token-from-a-secret-file" {
			t.Fatalf("%q %v", c.OperatorToken, err)
		}
		t.Setenv("LAMPLIGHT_OPERATOR_TOKEN", "a-token-in-the-environment")
		if _, err := config.Load(); err == nil || !strings.Contains(err.Error(), "not both") {
			t.Fatalf("token and file: %v", err)
		}
		t.Setenv("LAMPLIGHT_OPERATOR_TOKEN", "")
		empty := filepath.Join(t.TempDir(), "empty")
		_ = os.WriteFile(empty, []byte("\n"), 0o600)
		for _, f := range []string{filepath.Join(t.TempDir(), "missing"), empty} {
			t.Setenv("LAMPLIGHT_OPERATOR_TOKEN_FILE", f)
			if _, err := config.Load(); err == nil || !strings.Contains(err.Error(), "LAMPLIGHT_OPERATOR_TOKEN_FILE") {
				t.Fatalf("%s: %v", f, err)
			}
		}
	})
}

func TestSecretsFromFiles(t *testing.T) {
	dir := t.TempDir()
	secret := func(name, content string) string {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return f
	}
	t.Setenv("DATABASE_URL_FILE", secret("database_url", "postgres://lamplight:s3cret@db:5432/lamplight\n"))
	t.Setenv("REDIS_URL_FILE", secret("redis_url", "redis://:pw@redis:6379/0\r\n"))
	t.Setenv("SMTP_URL_FILE", secret("smtp_url", "smtps://user:pass@mail.example.com"))
	t.Setenv("LAMPLIGHT_GOOGLE_CLIENT_SECRET_FILE", secret("google", "google secret with inner spaces \n"))
	c, err := config.Load()
	if err != nil {
		t.Fatal(err)
	}
	if c.DatabaseURL != "postgres://lamplight:s3cret@db:5432/lamplight" || c.RedisURL != "redis://:pw@redis:6379/0" || c.SMTPURL != "smtps://user:pass@mail.example.com" {
		t.Fatalf("read %q %q %q", c.DatabaseURL, c.RedisURL, c.SMTPURL)
	}
	environ, err := config.Environment()
	if err != nil || environ["LAMPLIGHT_GOOGLE_CLIENT_SECRET"] != "google secret with inner spaces " {
		t.Fatalf("google secret %q %v", environ["LAMPLIGHT_GOOGLE_CLIENT_SECRET"], err)
	}

	t.Run("a value and a file for the same name", func(t *testing.T) {
		t.Setenv("REDIS_URL", "redis://redis:6379/0")
		if _, err := config.Load(); err == nil || !strings.Contains(err.Error(), "set REDIS_URL or REDIS_URL_FILE, not both") {
			t.Fatalf("got %v", err)
		}
	})

	t.Run("a file that cannot be read stops the start with its name", func(t *testing.T) {
		t.Setenv("SMTP_URL_FILE", filepath.Join(dir, "missing"))
		_, err := config.Load()
		if err == nil || !strings.Contains(err.Error(), "SMTP_URL_FILE: cannot read the secret") || !strings.Contains(err.Error(), "missing") {
			t.Fatalf("got %v", err)
		}
	})

	t.Run("an empty file", func(t *testing.T) {
		t.Setenv("DATABASE_URL_FILE", secret("empty", "\n"))
		if _, err := config.Load(); err == nil || !strings.Contains(err.Error(), "DATABASE_URL_FILE") || !strings.Contains(err.Error(), "is empty") {
			t.Fatalf("got %v", err)
		}
	})

	t.Run("a bad value read from a file is reported like any other", func(t *testing.T) {
		t.Setenv("DATABASE_URL_FILE", secret("mysql", "mysql://db\n"))
		if _, err := config.Load(); err == nil || !strings.Contains(err.Error(), "DATABASE_URL must start with postgres://") {
			t.Fatalf("got %v", err)
		}
	})
}

// Beyond loopback, links in emails must not take a request's Host: the
// site URL is required.
func TestSiteURLRequiredBeyondLoopback(t *testing.T) {
	for _, addr := range []string{"127.0.0.1:8080", "[::1]:8080", "localhost:8080", "127.0.0.2:9000"} {
		c := valid()
		c.Addr = addr
		if err := c.Validate(); err != nil {
			t.Errorf("%s: %v", addr, err)
		}
	}
	for _, addr := range []string{"0.0.0.0:8080", ":8080", "[::]:8080", "10.0.0.5:8080", "lamplight.example:8080"} {
		c := valid()
		c.Addr = addr
		if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "LAMPLIGHT_SITE_URL") {
			t.Errorf("%s without a site URL accepted (%v)", addr, err)
		}
		c.SiteURL = "https://lamplight.example"
		if err := c.Validate(); err != nil {
			t.Errorf("%s with a site URL: %v", addr, err)
		}
	}
}
