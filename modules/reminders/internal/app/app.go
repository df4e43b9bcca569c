// Package app holds the reminders use cases, one file each: read and save
// a reader's reminder, unsubscribe with a token, open a reminder's link,
// send the reminders that are due, and keep and push to a reader's
// browsers.
package app

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/caarlos0/env/v11"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/plans/plansapi"
	"lamplight/modules/reading/readingapi"
	"lamplight/modules/readmodels/readmodelsapi"
	"lamplight/modules/reminders/internal/store"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/config"
	"lamplight/platform/errs"
)

// Errors the API answers with.
var (
	ErrTokenInvalid         = errs.NotFound("reminder_token_invalid")
	ErrSubscriptionNotFound = errs.NotFound("push_subscription_not_found")
)

// Config is reminders' part of the configuration.
type Config struct {
	// VAPIDPrivateKey (base64url, or LAMPLIGHT_VAPID_PRIVATE_KEY_FILE) fixes
	// the push key pair; when empty one is made at first start and kept in
	// the database.
	VAPIDPrivateKey string `env:"LAMPLIGHT_VAPID_PRIVATE_KEY"`
	// VAPIDSubject is the contact push services may use (mailto: or https:).
	VAPIDSubject string `env:"LAMPLIGHT_VAPID_SUBJECT" envDefault:"mailto:admin@localhost"`
	// ScheduleInterval is how often each instance looks for due reminders.
	ScheduleInterval time.Duration `env:"LAMPLIGHT_REMINDER_INTERVAL" envDefault:"30s"`
	// SiteURL is the address links in reminders point to; the platform's
	// LAMPLIGHT_SITE_URL, else the address the reader saved from.
	SiteURL string `env:"-"`
}

// LoadConfig reads the environment (with _FILE secrets).
func LoadConfig(pc config.Config) (Config, error) {
	c := Config{SiteURL: pc.SiteURL}
	environ, err := config.Environment()
	if err != nil {
		return c, err
	}
	if err := env.ParseWithOptions(&c, env.Options{Environment: environ}); err != nil {
		return c, fmt.Errorf("reminders configuration: %w", err)
	}
	if c.ScheduleInterval < time.Second || c.ScheduleInterval > time.Hour {
		return c, errors.New("reminders configuration: LAMPLIGHT_REMINDER_INTERVAL must be between 1s and 1h")
	}
	return c, nil
}

// Service runs the reminders use cases.
type Service struct {
	cfg       Config
	store     *store.Store
	settings  settingsapi.Reader
	directory identityapi.Directory
	reading   readingapi.Reader
	streak    readmodelsapi.StreakReader
	suggested readmodelsapi.SuggestionsReader
	plans     plansapi.Reader
	pusher    Pusher
	network   PushNetwork
	breaker   *breaker
	log       *slog.Logger
	now       func() time.Time
}

// New builds the service; streak, suggested and plans may be nil (no
// streak, suggestions or plan days in the email).
func New(cfg Config, s *store.Store, settings settingsapi.Reader, directory identityapi.Directory,
	reading readingapi.Reader, streak readmodelsapi.StreakReader, suggested readmodelsapi.SuggestionsReader,
	plans plansapi.Reader, pusher Pusher, network PushNetwork, log *slog.Logger) *Service {
	return &Service{
		cfg: cfg, store: s, settings: settings, directory: directory, reading: reading, streak: streak, suggested: suggested,
		plans: plans, pusher: pusher, network: network, breaker: &breaker{}, log: log,
		now: func() time.Time { return time.Now().UTC().Truncate(time.Microsecond) },
	}
}

// SetClock replaces the clock, for tests that move time.
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// newToken returns a random token and its stored hash.
func newToken() (string, string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", "", err
	}
	t := base64.RawURLEncoding.EncodeToString(b)
	return t, hashToken(t), nil
}

func hashToken(t string) string {
	h := sha256.Sum256([]byte(t))
	return hex.EncodeToString(h[:])
}

// translate turns repository errors into the API's.
func translate(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return ErrTokenInvalid
	}
	return err
}

// DeleteUserData removes a deleted reader's reminders, the reminders sent
// and their push subscriptions.
func (s *Service) DeleteUserData(ctx context.Context, userID string) error {
	return s.store.DeleteUser(ctx, userID)
}
