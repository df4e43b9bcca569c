// Package app holds the feedback use cases, one file each: a reader or
// visitor sends feedback; admins list it, change its status, delete it and
// reply by email.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/caarlos0/env/v11"

	"lamplight/modules/feedback/feedbackapi"
	"lamplight/modules/feedback/internal/store"
	"lamplight/modules/identity/identityapi"
	"lamplight/platform/audit"
	"lamplight/platform/errs"
	"lamplight/platform/ratelimit"
)

// ErrFeedbackNotFound is the answer for a message that does not exist.
var ErrFeedbackNotFound = errs.NotFound("feedback_not_found")

// SendLimit bounds how much feedback one IP address sends.
var SendLimit = ratelimit.PerMinute(5)

// Config is feedback's part of the configuration, read from the environment.
type Config struct {
	// RateLimitScale multiplies SendLimit, like identity's limits
	// (end-to-end runs send everything from one address).
	RateLimitScale int `env:"LAMPLIGHT_RATE_LIMIT_SCALE" envDefault:"1"`
}

// LoadConfig reads the environment.
func LoadConfig() (Config, error) {
	var c Config
	if err := env.Parse(&c); err != nil {
		return c, fmt.Errorf("feedback configuration: %w", err)
	}
	if c.RateLimitScale < 1 {
		return c, errors.New("feedback configuration: LAMPLIGHT_RATE_LIMIT_SCALE must be at least 1")
	}
	return c, nil
}

// Service runs the feedback use cases.
type Service struct {
	cfg     Config
	store   *store.Store
	admins  identityapi.AdminContacts
	audit   audit.Log
	limiter ratelimit.Limiter
	log     *slog.Logger
	now     func() time.Time
}

// New builds the service; admins (may be nil) are told of new feedback by
// email, and every admin action is written to audit in its unit of work.
// Times are kept to the microsecond, the precision both databases store.
func New(cfg Config, s *store.Store, admins identityapi.AdminContacts, audit audit.Log, l ratelimit.Limiter, log *slog.Logger) *Service {
	return &Service{
		cfg: cfg, store: s, admins: admins, audit: audit, limiter: l, log: log,
		now: func() time.Time { return time.Now().UTC().Truncate(time.Microsecond) },
	}
}

// translate turns repository errors into the API's.
func translate(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return ErrFeedbackNotFound
	}
	return err
}

// record writes what actor did to f in the audit log, in tx.
func (s *Service) record(tx *store.Tx, actor identityapi.User, action string, f feedbackapi.Feedback) error {
	line := audit.Line{ActorID: actor.ID, ActorEmail: actor.Email, Action: action, TargetEmail: f.Email}
	if f.UserID != nil {
		line.TargetID = *f.UserID
	}
	return s.audit.Record(tx.Tx, line)
}

// DeleteUserData removes the feedback a reader sent while signed in, after
// the account is deleted.
func (s *Service) DeleteUserData(ctx context.Context, userID string) error {
	return s.store.DeleteUser(ctx, userID)
}
