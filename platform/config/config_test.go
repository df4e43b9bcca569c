package config_test

import (
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
