package app

import (
	"context"
	"errors"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/internal/domain"
	"lamplight/modules/identity/internal/store"
	"lamplight/platform/errs"
)

// ConfirmEmailChange completes an email change with the code sent to the
// new address.
type ConfirmEmailChange struct {
	Code string
	Req  Request
}

// ConfirmEmailChange moves the account to the new, now verified, address.
// Reset links and a pending verification sent to the old address are
// spent. Wrong codes count as in verification.
func (s *Service) ConfirmEmailChange(ctx context.Context, p Principal, cmd ConfirmEmailChange) (Account, error) {
	code, ok := domain.CleanCode(cmd.Code)
	switch {
	case cmd.Code == "":
		return Account{}, errs.Validation(errs.Field("code", errs.Required))
	case !ok:
		return Account{}, identityapi.ErrCodeInvalid
	}
	if err := s.limit(ctx, "verify:ip:"+cmd.Req.IP, limitVerify); err != nil {
		return Account{}, err
	}
	var out Account
	var answer error
	err := s.store.Transact(ctx, func(tx *store.Tx) error {
		c, err := tx.EmailChangeByUser(ctx, p.User.ID)
		if isNotFound(err) {
			answer = identityapi.ErrVerificationCodeExpired
			return nil
		}
		if err != nil {
			return err
		}
		switch c.Code.Check(domain.PurposeChangeEmail, p.User.ID, code, s.now()) {
		case domain.CodeWrong:
			answer = identityapi.ErrCodeInvalid
			return tx.SetEmailChangeAttempts(ctx, p.User.ID, c.Code.Attempts)
		case domain.CodeSpent:
			answer = identityapi.ErrVerificationCodeExpired
			return tx.DeleteEmailChange(ctx, p.User.ID)
		}
		u, err := tx.UserByID(ctx, p.User.ID)
		if err != nil {
			return err
		}
		u.Email, u.EmailVerified, u.UpdatedAt = c.NewEmail, true, s.now()
		if err := tx.SaveUser(ctx, u); err != nil {
			return err
		}
		for _, del := range []func(context.Context, string) error{tx.DeleteEmailChange, tx.DeleteResets, tx.DeleteVerification} {
			if err := del(ctx, u.ID); err != nil {
				return err
			}
		}
		out = accountOf(u)
		return nil
	})
	if errors.Is(err, store.ErrEmailUsed) {
		// Taken since the code was sent; the pending change is useless now.
		_ = s.store.DeleteEmailChange(ctx, p.User.ID)
		return Account{}, identityapi.ErrEmailInUse
	}
	if err != nil {
		return Account{}, err
	}
	if answer != nil {
		return Account{}, answer
	}
	s.forgetUser(ctx, p.User.ID)
	return out, nil
}
