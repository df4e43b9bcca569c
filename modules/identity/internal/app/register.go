package app

import (
	"context"
	"errors"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/internal/domain"
	"lamplight/modules/identity/internal/mailtemplates"
	"lamplight/modules/identity/internal/store"
	"lamplight/platform/errs"
)

// Register asks for an account.
type Register struct {
	Email    string
	Password string
	Locale   string
	TimeZone string
	Req      Request
}

// Registered is the answer, identical whether the address was new or not.
type Registered struct {
	Email                string
	VerificationRequired bool
}

// Register creates an unverified account and mails a verification code. An
// address that already has an account gets the same answer, and its owner
// an email saying someone tried to sign up with it (at most once per resend
// cooldown), so the answer never tells whether an address is registered.
func (s *Service) Register(ctx context.Context, cmd Register) (Registered, error) {
	email := domain.NormalizeEmail(cmd.Email)
	var f errs.Fields
	domain.ValidateEmail(&f, "email", email)
	domain.ValidatePassword(&f, "password", cmd.Password)
	locale, tz := domain.DefaultLocale, domain.DefaultTimeZone
	if cmd.Locale != "" {
		if locale = domain.NormalizeLocale(cmd.Locale); locale == "" {
			f.Add("locale", errs.IsInvalid)
		}
	}
	if cmd.TimeZone != "" {
		if tz = cmd.TimeZone; !domain.ValidTimeZone(tz) {
			f.Add("timeZone", errs.IsInvalid)
		}
	}
	if err := f.Err(); err != nil {
		return Registered{}, err
	}
	if err := s.limit(ctx, "register:ip:"+cmd.Req.IP, limitRegister); err != nil {
		return Registered{}, err
	}
	answer := Registered{Email: email, VerificationRequired: s.cfg.RequireEmailVerification}
	// Hash first on both paths, so they take the same time.
	hash, err := s.hasher.Hash(cmd.Password)
	if err != nil {
		return Registered{}, err
	}
	existing, err := s.store.UserByEmail(ctx, email)
	if err == nil {
		return answer, s.noticeRegisterAttempt(ctx, existing, cmd.Req)
	}
	if !isNotFound(err) {
		return Registered{}, err
	}
	now := s.now()
	u := store.User{ID: newID(), Email: email, PasswordHash: hash, Locale: locale, TimeZone: tz, CreatedAt: now, UpdatedAt: now}
	err = s.store.Transact(ctx, func(tx *store.Tx) error {
		if err := tx.CreateUser(ctx, u); err != nil {
			return err
		}
		if err := tx.Record(identityapi.AccountRegistered{UserID: u.ID, At: now, Method: identityapi.MethodPassword}); err != nil {
			return err
		}
		return s.issueVerification(ctx, tx, u, cmd.Req.SiteURL)
	})
	if errors.Is(err, store.ErrEmailUsed) {
		// Someone registered the address a moment ago.
		if existing, err := s.store.UserByEmail(ctx, email); err == nil {
			return answer, s.noticeRegisterAttempt(ctx, existing, cmd.Req)
		}
		return answer, nil
	}
	if err != nil {
		return Registered{}, err
	}
	return answer, nil
}

// noticeRegisterAttempt mails the owner of an address someone tried to
// register, unless such a notice went out within the resend cooldown.
func (s *Service) noticeRegisterAttempt(ctx context.Context, u store.User, req Request) error {
	first, err := s.cache.SetNX(ctx, "identity:register-notice:"+u.ID, []byte("1"), domain.ResendCooldown)
	if err != nil || !first {
		return err
	}
	return s.store.Transact(ctx, func(tx *store.Tx) error {
		return sendMail(tx, mailtemplates.RegisterAttempt, u.Locale, u.Email, mailtemplates.Data{
			Email:      u.Email,
			Link:       link(req.SiteURL, u.Locale, "/login", nil),
			SecondLink: link(req.SiteURL, u.Locale, "/reset-password", nil),
		})
	})
}
