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
	"net/netip"
	"net/url"
	"os"
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
	// OperatorNetworks (IPs or CIDRs) may read /metrics and /api/health;
	// empty means loopback only.
	OperatorNetworks []string `env:"LAMPLIGHT_OPERATOR_NETWORKS" envSeparator:","`
	// OperatorToken, sent as "Authorization: Bearer", opens the same
	// endpoints from anywhere.
	OperatorToken string `env:"LAMPLIGHT_OPERATOR_TOKEN"`
	// Pprof serves Go's profiles under /debug/pprof/ to the operator only;
	// off by default, since a CPU profile costs the server while it runs.
	Pprof bool `env:"LAMPLIGHT_PPROF" envDefault:"false"`
}

// SecretNames are the variables that may instead be given as NAME_FILE, the
// path of a file holding the value (a mounted secret), so the value need not
// sit in the environment.
var SecretNames = []string{
	"DATABASE_URL", "REDIS_URL", "SMTP_URL", "LAMPLIGHT_OPERATOR_TOKEN", "LAMPLIGHT_GOOGLE_CLIENT_SECRET",
	"LAMPLIGHT_VAPID_PRIVATE_KEY", "LAMPLIGHT_SHARING_KEY",
}

// MinOperatorTokenLength keeps the operator token out of guessing range.
const MinOperatorTokenLength = 16

// loopback is where operator endpoints answer when no network is configured.
var loopback = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}

// Load reads the environment and validates the result.
func Load() (Config, error) {
	var c Config
	environ, err := Environment()
	if err != nil {
		return c, err
	}
	if err := env.ParseWithOptions(&c, env.Options{Environment: environ}); err != nil {
		return c, err
	}
	return c, c.Validate()
}

// Environment is the process environment with every secret given as
// NAME_FILE read into NAME (without the file's trailing newline). Modules
// that read their own settings parse this rather than the raw environment.
func Environment() (map[string]string, error) {
	environ := env.ToMap(os.Environ())
	var problems []error
	for _, name := range SecretNames {
		file := environ[name+"_FILE"]
		if file == "" {
			continue
		}
		if environ[name] != "" {
			problems = append(problems, fmt.Errorf("set %s or %s_FILE, not both", name, name))
			continue
		}
		b, err := os.ReadFile(file)
		if err != nil {
			problems = append(problems, fmt.Errorf("%s_FILE: cannot read the secret: %w", name, err))
			continue
		}
		value := strings.TrimRight(string(b), "\r\n")
		if value == "" {
			problems = append(problems, fmt.Errorf("%s_FILE %s is empty", name, file))
			continue
		}
		environ[name] = value
	}
	return environ, errors.Join(problems...)
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
	} else if !c.listensOnLoopback() {
		// Without it, links in emails (password reset, verification)
		// would take the Host a request names, which anyone can set.
		problems = append(problems, fmt.Errorf("LAMPLIGHT_SITE_URL must be set when LAMPLIGHT_ADDR %q listens beyond loopback", c.Addr))
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
	if _, bad := parseNets(c.TrustedProxies); bad != "" {
		problems = append(problems, fmt.Errorf("LAMPLIGHT_TRUSTED_PROXIES entry %q is not an IP or CIDR", bad))
	}
	if _, bad := parseNets(c.OperatorNetworks); bad != "" {
		problems = append(problems, fmt.Errorf("LAMPLIGHT_OPERATOR_NETWORKS entry %q is not an IP or CIDR", bad))
	}
	if c.OperatorToken != "" && len(c.OperatorToken) < MinOperatorTokenLength {
		problems = append(problems, fmt.Errorf("LAMPLIGHT_OPERATOR_TOKEN must have at least %d characters", MinOperatorTokenLength))
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

// TrustedProxyNets are LAMPLIGHT_TRUSTED_PROXIES as networks.
func (c Config) TrustedProxyNets() []netip.Prefix {
	nets, _ := parseNets(c.TrustedProxies)
	return nets
}

// OperatorNets are the networks that may read the operator endpoints.
func (c Config) OperatorNets() []netip.Prefix {
	if len(c.OperatorNetworks) == 0 {
		return loopback
	}
	nets, _ := parseNets(c.OperatorNetworks)
	return nets
}

// parseNets reads IPs and CIDRs; bad is the first entry that is neither.
func parseNets(list []string) (nets []netip.Prefix, bad string) {
	for _, s := range list {
		if p, err := netip.ParsePrefix(s); err == nil {
			nets = append(nets, p.Masked())
		} else if a, err := netip.ParseAddr(s); err == nil {
			nets = append(nets, netip.PrefixFrom(a, a.BitLen()))
		} else if bad == "" {
			bad = s
		}
	}
	return nets, bad
}

// listensOnLoopback says whether the server can only be reached from
// this machine, where the Host of a request is the operator's own.
func (c Config) listensOnLoopback() bool {
	host, _, err := net.SplitHostPort(c.Addr)
	if err != nil {
		return true
	}
	if host == "localhost" {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.IsLoopback()
}

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
