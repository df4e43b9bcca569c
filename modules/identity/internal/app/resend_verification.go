package app

import (
	"context"

	"lamplight/modules/identity/internal/domain"
	"lamplight/modules/identity/internal/store"
	"lamplight/platform/errs"
)

// ResendVerification asks for a new verification code.
type ResendVerification struct {
	Email string
	Req   Request
}

// ResendVerification mails a new code to an unverified account once the
// cooldown since the last one has passed. The answer is the same for
// unknown, verified and cooling-down addresses.
func (s *Service) ResendVerification(ctx context.Context, cmd ResendVerification) (string, error) {
	email := domain.NormalizeEmail(cmd.Email)
	var f errs.Fields
	domain.ValidateEmail(&f, "email", email)
	if err := f.Err(); err != nil {
		return "", err
	}
	if err := s.limit(ctx, "verify:ip:"+cmd.Req.IP, limitVerify); err != nil {
		return "", err
	}
	if err := s.limit(ctx, "verify:email:"+email, limitVerify); err != nil {
		return "", err
	}
	u, err := s.store.UserByEmail(ctx, email)
	if isNotFound(err) {
		return email, nil
	}
	if err != nil {
		return "", err
	}
	if u.EmailVerified {
		return email, nil
	}
	due, err := s.verificationDue(ctx, u.ID)
	if err != nil || !due {
		return email, err
	}
	return email, s.store.Transact(ctx, func(tx *store.Tx) error { return s.issueVerification(ctx, tx, u, cmd.Req.SiteURL) })
}
