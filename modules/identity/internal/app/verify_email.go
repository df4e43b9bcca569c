package app

import (
	"context"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/internal/domain"
	"lamplight/modules/identity/internal/store"
	"lamplight/platform/errs"
)

// VerifyEmail confirms an address with the emailed code, or with the
// token of the emailed link.
type VerifyEmail struct {
	Email string
	Code  string
	Token string
	Req   Request
}

// VerifyEmail marks the address verified and signs the reader in. A wrong
// code counts against the code; the fifth wrong one spends it. Unknown
// addresses, expired and spent codes all answer verification_code_expired.
func (s *Service) VerifyEmail(ctx context.Context, cmd VerifyEmail) (SignedIn, error) {
	if cmd.Token != "" {
		return s.verifyByLink(ctx, cmd)
	}
	email := domain.NormalizeEmail(cmd.Email)
	var f errs.Fields
	domain.ValidateEmail(&f, "email", email)
	code, ok := domain.CleanCode(cmd.Code)
	switch {
	case cmd.Code == "":
		f.Add("code", errs.Required)
	case !ok:
		f.Add("code", errs.IsInvalid)
	}
	if err := f.Err(); err != nil {
		return SignedIn{}, err
	}
	if err := s.limit(ctx, "verify:ip:"+cmd.Req.IP, limitVerify); err != nil {
		return SignedIn{}, err
	}
	if err := s.limit(ctx, "verify:email:"+email, limitVerify); err != nil {
		return SignedIn{}, err
	}
	u, err := s.store.UserByEmail(ctx, email)
	if isNotFound(err) {
		return SignedIn{}, identityapi.ErrVerificationCodeExpired
	}
	if err != nil {
		return SignedIn{}, err
	}
	var out SignedIn
	var answer error
	err = s.store.Transact(ctx, func(tx *store.Tx) error {
		v, err := tx.VerificationByUser(ctx, u.ID)
		if isNotFound(err) {
			answer = identityapi.ErrVerificationCodeExpired
			return nil
		}
		if err != nil {
			return err
		}
		switch v.Code.Check(domain.PurposeVerifyEmail, u.ID, code, s.now()) {
		case domain.CodeWrong:
			answer = identityapi.ErrCodeInvalid
			return tx.SetVerificationAttempts(ctx, u.ID, v.Code.Attempts)
		case domain.CodeSpent:
			answer = identityapi.ErrVerificationCodeExpired
			return tx.DeleteVerification(ctx, u.ID)
		}
		out, err = s.markVerified(ctx, tx, u, cmd.Req)
		return err
	})
	if err != nil {
		return SignedIn{}, err
	}
	if answer == nil {
		// Sessions made before verification (when it is optional) see the flag at once.
		s.forgetUser(ctx, out.Account.ID)
	}
	return out, answer
}

func (s *Service) verifyByLink(ctx context.Context, cmd VerifyEmail) (SignedIn, error) {
	if err := s.limit(ctx, "verify:ip:"+cmd.Req.IP, limitVerify); err != nil {
		return SignedIn{}, err
	}
	if len(cmd.Token) > maxTokenLength {
		return SignedIn{}, identityapi.ErrVerificationCodeExpired
	}
	var out SignedIn
	var answer error
	err := s.store.Transact(ctx, func(tx *store.Tx) error {
		v, err := tx.VerificationByLink(ctx, domain.HashToken(cmd.Token))
		if isNotFound(err) {
			answer = identityapi.ErrVerificationCodeExpired
			return nil
		}
		if err != nil {
			return err
		}
		if !s.now().Before(v.Code.ExpiresAt) {
			answer = identityapi.ErrVerificationCodeExpired
			return tx.DeleteVerification(ctx, v.UserID)
		}
		u, err := tx.UserByID(ctx, v.UserID)
		if err != nil {
			return err
		}
		out, err = s.markVerified(ctx, tx, u, cmd.Req)
		return err
	})
	if err != nil {
		return SignedIn{}, err
	}
	if answer == nil {
		// Sessions made before verification (when it is optional) see the flag at once.
		s.forgetUser(ctx, out.Account.ID)
	}
	return out, answer
}

// markVerified records the verified address and starts a session, in tx.
func (s *Service) markVerified(ctx context.Context, tx *store.Tx, u store.User, req Request) (SignedIn, error) {
	u.EmailVerified = true
	u.UpdatedAt = s.now()
	if err := tx.SaveUser(ctx, u); err != nil {
		return SignedIn{}, err
	}
	if err := tx.DeleteVerification(ctx, u.ID); err != nil {
		return SignedIn{}, err
	}
	return s.startSession(ctx, tx, u, req.UserAgent)
}
