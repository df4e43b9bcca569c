// Package config reads Lamplight's configuration from the environment and
// validates it once at start, so a bad value stops the process with a clear
// message instead of failing later in a request.
package config

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/mail"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/caarlos0/env/v11"
)

// Config is the whole runtime configuration. Field tags name the variables;
// configs/lamplight.example.env documents each of them.
type Config struct {
	Addr        string `env:"LAMPLIGHT_ADDR" envDefault:"127.0.0.1:8080"`
	DataDir     string `env:"LAMPLIGHT_DATA_DIR" envDefault:"./data"`
	SiteURL     string `env:"LAMPLIGHT_SITE_URL"`
	DatabaseURL string `env:"DATABASE_URL"`
	RedisURL    string `env:"REDIS_URL"`
	RedisPrefix string `env:"LAMPLIGHT_REDIS_PREFIX" envDefault:"lamplight:"`
	LogLevel    string `env:"LAMPLIGHT_LOG_LEVEL" envDefault:"info"`
	LogFormat   string `env:"LAMPLIGHT_LOG_FORMAT" envDefault:"text"`
	SMTPURL     string `env:"SMTP_URL"`
	MailFrom    string `env:"LAMPLIGHT_MAIL_FROM" envDefault:"Lamplight <no-reply@localhost>"`
	// TrustedProxies lists the load balancers (IPs or CIDRs) whose
	// X-Forwarded-For names the real client, for rate limits and logs.
	TrustedProxies []string `env:"LAMPLIGHT_TRUSTED_PROXIES" envSeparator:","`
}

// Load reads the environment and validates the result.
func Load() (Config, error) {
	var c Config
	if err := env.Parse(&c); err != nil {
		return c, err
	}
	return c, c.Validate()
}

// Validate reports every bad value at once.
func (c Config) Validate() error {
	var problems []error
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		problems = append(problems, fmt.Errorf("LAMPLIGHT_ADDR %q is not host:port", c.Addr))
	}
	if strings.TrimSpace(c.DataDir) == "" {
		problems = append(problems, errors.New("LAMPLIGHT_DATA_DIR must not be empty"))
	}
	if c.SiteURL != "" {
		if u, err := url.Parse(c.SiteURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			problems = append(problems, fmt.Errorf("LAMPLIGHT_SITE_URL %q must be an absolute http(s) URL", c.SiteURL))
		}
	}
	if c.DatabaseURL != "" && !c.UsesPostgres() {
		problems = append(problems, fmt.Errorf("DATABASE_URL must start with postgres:// or postgresql:// (leave it unset for SQLite)"))
	}
	if c.RedisURL != "" {
		if u, err := url.Parse(c.RedisURL); err != nil || (u.Scheme != "redis" && u.Scheme != "rediss") {
			problems = append(problems, fmt.Errorf("REDIS_URL must start with redis:// or rediss://"))
		}
	}
	if c.SMTPURL != "" {
		if u, err := url.Parse(c.SMTPURL); err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
			problems = append(problems, fmt.Errorf("SMTP_URL must look like smtp://user:pass@host:port or smtps://user:pass@host:port"))
		}
	}
	if _, err := mail.ParseAddress(c.MailFrom); err != nil {
		problems = append(problems, fmt.Errorf("LAMPLIGHT_MAIL_FROM %q is not an email address (such as Lamplight <no-reply@example.com>)", c.MailFrom))
	}
	for _, p := range c.TrustedProxies {
		if net.ParseIP(p) == nil {
			if _, _, err := net.ParseCIDR(p); err != nil {
				problems = append(problems, fmt.Errorf("LAMPLIGHT_TRUSTED_PROXIES entry %q is not an IP or CIDR", p))
			}
		}
	}
	if _, err := c.SlogLevel(); err != nil {
		problems = append(problems, err)
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		problems = append(problems, fmt.Errorf("LAMPLIGHT_LOG_FORMAT %q must be text or json", c.LogFormat))
	}
	return errors.Join(problems...)
}

// UsesPostgres is true when DATABASE_URL points at PostgreSQL.
func (c Config) UsesPostgres() bool {
	return strings.HasPrefix(c.DatabaseURL, "postgres://") || strings.HasPrefix(c.DatabaseURL, "postgresql://")
}

// UsesRedis is true when the cache and bus should live in Redis.
func (c Config) UsesRedis() bool { return c.RedisURL != "" }

// SQLitePath is the database file used when no DATABASE_URL is set.
func (c Config) SQLitePath() string { return filepath.Join(c.DataDir, "lamplight.db") }

// SecureCookies is true when the public site is served over https.
func (c Config) SecureCookies() bool { return strings.HasPrefix(c.SiteURL, "https://") }

// SlogLevel maps LAMPLIGHT_LOG_LEVEL to a slog level.
func (c Config) SlogLevel() (slog.Level, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(c.LogLevel)); err != nil {
		return l, fmt.Errorf("LAMPLIGHT_LOG_LEVEL %q must be debug, info, warn or error", c.LogLevel)
	}
	return l, nil
}
