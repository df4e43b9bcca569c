package app

import (
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/caarlos0/env/v11"

	"lamplight/platform/config"
)

// Config is identity's part of the configuration, read from the environment
// and checked when the module starts.
type Config struct {
	// RequireEmailVerification refuses sign-in until the address is verified.
	RequireEmailVerification bool `env:"LAMPLIGHT_REQUIRE_EMAIL_VERIFICATION" envDefault:"true"`
	// Google sign-in is on when both the client id and secret are set; the
	// secret may come from LAMPLIGHT_GOOGLE_CLIENT_SECRET_FILE.
	GoogleClientID     string `env:"LAMPLIGHT_GOOGLE_CLIENT_ID"`
	GoogleClientSecret string `env:"LAMPLIGHT_GOOGLE_CLIENT_SECRET"`
	GoogleIssuer       string `env:"LAMPLIGHT_GOOGLE_ISSUER" envDefault:"https://accounts.google.com"`
	// Argon2id cost: memory in KiB and passes (one thread).
	PasswordHashMemoryKiB  uint32 `env:"LAMPLIGHT_PASSWORD_HASH_MEMORY_KIB" envDefault:"19456"`
	PasswordHashIterations uint32 `env:"LAMPLIGHT_PASSWORD_HASH_ITERATIONS" envDefault:"2"`
	// RateLimitScale multiplies every sign-in rate limit (end-to-end test
	// runs that sign in often from one address set it high).
	RateLimitScale int `env:"LAMPLIGHT_RATE_LIMIT_SCALE" envDefault:"1"`
}

// LoadConfig reads the environment and validates the result.
func LoadConfig() (Config, error) {
	var c Config
	environ, err := config.Environment()
	if err != nil {
		return c, fmt.Errorf("identity configuration:\n%w", err)
	}
	if err := env.ParseWithOptions(&c, env.Options{Environment: environ}); err != nil {
		return c, fmt.Errorf("identity configuration: %w", err)
	}
	if err := c.Validate(); err != nil {
		return c, fmt.Errorf("identity configuration:\n%w", err)
	}
	return c, nil
}

// DefaultConfig is the configuration with every default applied.
func DefaultConfig() Config {
	var c Config
	_ = env.ParseWithOptions(&c, env.Options{Environment: map[string]string{}})
	return c
}

// Validate reports every bad value at once.
func (c Config) Validate() error {
	var problems []error
	if (c.GoogleClientID == "") != (c.GoogleClientSecret == "") {
		problems = append(problems, errors.New("set both LAMPLIGHT_GOOGLE_CLIENT_ID and LAMPLIGHT_GOOGLE_CLIENT_SECRET, or neither"))
	}
	if u, err := url.Parse(c.GoogleIssuer); err != nil || u.Host == "" || (u.Scheme != "https" && !(u.Scheme == "http" && isLoopback(u.Hostname()))) {
		problems = append(problems, fmt.Errorf("LAMPLIGHT_GOOGLE_ISSUER %q must be an https URL", c.GoogleIssuer))
	}
	if c.PasswordHashMemoryKiB < 8 {
		problems = append(problems, errors.New("LAMPLIGHT_PASSWORD_HASH_MEMORY_KIB must be at least 8"))
	}
	if c.PasswordHashIterations < 1 {
		problems = append(problems, errors.New("LAMPLIGHT_PASSWORD_HASH_ITERATIONS must be at least 1"))
	}
	if c.RateLimitScale < 1 {
		problems = append(problems, errors.New("LAMPLIGHT_RATE_LIMIT_SCALE must be at least 1"))
	}
	return errors.Join(problems...)
}

func isLoopback(host string) bool { return host == "localhost" || host == "127.0.0.1" || host == "::1" }

// GoogleEnabled reports whether Google sign-in is configured.
func (c Config) GoogleEnabled() bool { return c.GoogleClientID != "" && c.GoogleClientSecret != "" }

// Clock tells the time; tests move it to expire codes and sessions.
type Clock interface {
	Now() time.Time
}

// SystemClock is the real time.
type SystemClock struct{}

// Now implements Clock.
func (SystemClock) Now() time.Time { return time.Now() }
