package app

import (
	"context"
	"errors"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/internal/domain"
	"lamplight/modules/identity/internal/store"
	"lamplight/platform/errs"
)

// Login signs in with an email address and password. Locale and TimeZone,
// sent by the browser, update the account when they are valid.
type Login struct {
	Email    string
	Password string
	Locale   string
	TimeZone string
	Req      Request
}

// Login checks the password and starts a session. An unknown address and a
// wrong password take the same time (a dummy hash is checked) and give the
// same invalid_login. An unverified account, when verification is
// required, gets verify_email and a new code (once per resend cooldown).
// Only invalid_login counts against the limits (see signInAttempt), per
// address and per account (known or not, so the answer tells nothing).
func (s *Service) Login(ctx context.Context, cmd Login) (SignedIn, error) {
	email := domain.NormalizeEmail(cmd.Email)
	var f errs.Fields
	if email == "" {
		f.Add("email", errs.Required)
	}
	if cmd.Password == "" {
		f.Add("password", errs.Required)
	}
	if err := f.Err(); err != nil {
		return SignedIn{}, err
	}
	a, err := s.signInAttempt(ctx, email, cmd.Req.IP)
	if err != nil {
		return SignedIn{}, err
	}
	out, err := s.login(ctx, cmd, email)
	a.end(ctx, errors.Is(err, identityapi.ErrInvalidLogin))
	return out, err
}

func (s *Service) login(ctx context.Context, cmd Login, email string) (SignedIn, error) {
	u, err := s.store.UserByEmail(ctx, email)
	if isNotFound(err) {
		s.hasher.VerifyDummy(cmd.Password)
		return SignedIn{}, identityapi.ErrInvalidLogin
	}
	if err != nil {
		return SignedIn{}, err
	}
	ok, rehash := s.hasher.Verify(cmd.Password, u.PasswordHash)
	if !ok {
		return SignedIn{}, identityapi.ErrInvalidLogin
	}
	if !u.EmailVerified && s.cfg.RequireEmailVerification {
		due, err := s.verificationDue(ctx, u.ID)
		if err != nil {
			return SignedIn{}, err
		}
		if due {
			if err := s.store.Transact(ctx, func(tx *store.Tx) error { return s.issueVerification(ctx, tx, u, cmd.Req.SiteURL) }); err != nil {
				return SignedIn{}, err
			}
		}
		return SignedIn{}, identityapi.ErrVerifyEmail(u.Email)
	}
	changed := false
	if l := domain.NormalizeLocale(cmd.Locale); l != "" && l != u.Locale {
		u.Locale, changed = l, true
	}
	if cmd.TimeZone != "" && cmd.TimeZone != u.TimeZone && domain.ValidTimeZone(cmd.TimeZone) {
		u.TimeZone, changed = cmd.TimeZone, true
	}
	if rehash {
		if u.PasswordHash, err = s.hasher.Hash(cmd.Password); err != nil {
			return SignedIn{}, err
		}
		changed = true
	}
	var out SignedIn
	err = s.store.Transact(ctx, func(tx *store.Tx) error {
		if changed {
			u.UpdatedAt = s.now()
			if err := tx.SaveUser(ctx, u); err != nil {
				return err
			}
		}
		out, err = s.startSession(ctx, tx, u, cmd.Req.UserAgent)
		return err
	})
	if err != nil {
		return SignedIn{}, err
	}
	if changed {
		s.forgetUser(ctx, u.ID)
	}
	return out, nil
}
