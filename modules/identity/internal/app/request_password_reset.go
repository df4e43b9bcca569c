package app

import (
	"context"
	"net/url"

	"lamplight/modules/identity/internal/domain"
	"lamplight/modules/identity/internal/mailtemplates"
	"lamplight/modules/identity/internal/store"
	"lamplight/platform/errs"
)

// RequestPasswordReset asks for a reset link.
type RequestPasswordReset struct {
	Email string
	Req   Request
}

// RequestPasswordReset mails a single-use reset link and a code to an
// existing account; a new request replaces the code. The answer is the same whether the address is known or not.
func (s *Service) RequestPasswordReset(ctx context.Context, cmd RequestPasswordReset) (string, error) {
	email := domain.NormalizeEmail(cmd.Email)
	var f errs.Fields
	domain.ValidateEmail(&f, "email", email)
	if err := f.Err(); err != nil {
		return "", err
	}
	if err := s.limit(ctx, "reset-request:ip:"+cmd.Req.IP, limitResetRequest); err != nil {
		return "", err
	}
	u, err := s.store.UserByEmail(ctx, email)
	if isNotFound(err) {
		return email, nil
	}
	if err != nil {
		return "", err
	}
	now := s.now()
	token := domain.NewToken()
	code, stored := domain.NewOneTimeCode(domain.PurposeResetPassword, u.ID, now)
	// The code lives as long as the link, so one lifetime in the mail covers both.
	stored.ExpiresAt = now.Add(ResetLinkLifetime)
	return email, s.store.Transact(ctx, func(tx *store.Tx) error {
		r := store.PasswordReset{TokenHash: domain.HashToken(token), UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(ResetLinkLifetime)}
		if err := tx.CreateReset(ctx, r); err != nil {
			return err
		}
		if err := tx.PutResetCode(ctx, store.ResetCode{UserID: u.ID, Code: stored}); err != nil {
			return err
		}
		return sendMail(tx, mailtemplates.PasswordReset, u.Locale, u.Email, mailtemplates.Data{
			Email: u.Email, Code: code, Minutes: int(ResetLinkLifetime.Minutes()),
			Link: link(cmd.Req.SiteURL, u.Locale, "/reset-password", url.Values{"token": {token}}),
		})
	})
}
