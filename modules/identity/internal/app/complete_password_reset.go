package app

import (
	"context"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/internal/domain"
	"lamplight/modules/identity/internal/store"
	"lamplight/platform/errs"
)

// CompletePasswordReset sets a new password through a reset link, or
// through the address and the code mailed with the link.
type CompletePasswordReset struct {
	Token    string
	Email    string
	Code     string
	Password string
	Req      Request
}

// CompletePasswordReset sets the password, spends every reset link and code
// of the account, signs every device out and signs this one in. The link
// and the code both come by email, so the address becomes verified.
func (s *Service) CompletePasswordReset(ctx context.Context, cmd CompletePasswordReset) (SignedIn, error) {
	if cmd.Token == "" && (cmd.Email != "" || cmd.Code != "") {
		return s.completeResetByCode(ctx, cmd)
	}
	var f errs.Fields
	domain.ValidatePassword(&f, "password", cmd.Password)
	if err := f.Err(); err != nil {
		return SignedIn{}, err
	}
	if err := s.limit(ctx, "reset-complete:ip:"+cmd.Req.IP, limitResetComplete); err != nil {
		return SignedIn{}, err
	}
	r, err := s.validReset(ctx, s.store, cmd.Token)
	if err != nil {
		return SignedIn{}, err
	}
	u, err := s.store.UserByID(ctx, r.UserID)
	if err != nil {
		return SignedIn{}, err
	}
	if err := s.limit(ctx, "reset-complete:email:"+u.Email, limitResetComplete); err != nil {
		return SignedIn{}, err
	}
	hash, err := s.hasher.Hash(cmd.Password)
	if err != nil {
		return SignedIn{}, err
	}
	var out SignedIn
	var revoked []string
	err = s.store.Transact(ctx, func(tx *store.Tx) error {
		// Read the link again under lock: of two requests, only one spends it.
		if _, err := s.validReset(ctx, tx.Store, cmd.Token); err != nil {
			return err
		}
		out, revoked, err = s.setResetPassword(ctx, tx, r.UserID, hash, cmd.Req)
		return err
	})
	if err != nil {
		return SignedIn{}, err
	}
	s.forget(ctx, revoked)
	return out, nil
}

// completeResetByCode checks the emailed code. A wrong code counts against
// it and the fifth wrong one spends it; the throttle per address and per
// email bounds the guesses across new codes. Unknown addresses, expired and
// spent codes all answer password_reset_code_expired.
func (s *Service) completeResetByCode(ctx context.Context, cmd CompletePasswordReset) (SignedIn, error) {
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
	domain.ValidatePassword(&f, "password", cmd.Password)
	if err := f.Err(); err != nil {
		return SignedIn{}, err
	}
	if err := s.limit(ctx, "reset-complete:ip:"+cmd.Req.IP, limitResetComplete); err != nil {
		return SignedIn{}, err
	}
	if err := s.limit(ctx, "reset-complete:email:"+email, limitResetComplete); err != nil {
		return SignedIn{}, err
	}
	u, err := s.store.UserByEmail(ctx, email)
	if isNotFound(err) {
		return SignedIn{}, identityapi.ErrPasswordResetCodeExpired
	}
	if err != nil {
		return SignedIn{}, err
	}
	hash, err := s.hasher.Hash(cmd.Password)
	if err != nil {
		return SignedIn{}, err
	}
	var out SignedIn
	var revoked []string
	var answer error
	err = s.store.Transact(ctx, func(tx *store.Tx) error {
		c, err := tx.ResetCodeByUser(ctx, u.ID)
		if isNotFound(err) {
			answer = identityapi.ErrPasswordResetCodeExpired
			return nil
		}
		if err != nil {
			return err
		}
		switch c.Code.Check(domain.PurposeResetPassword, u.ID, code, s.now()) {
		case domain.CodeWrong:
			answer = identityapi.ErrCodeInvalid
			return tx.SetResetCodeAttempts(ctx, u.ID, c.Code.Attempts)
		case domain.CodeSpent:
			answer = identityapi.ErrPasswordResetCodeExpired
			return tx.DeleteResets(ctx, u.ID)
		}
		out, revoked, err = s.setResetPassword(ctx, tx, u.ID, hash, cmd.Req)
		return err
	})
	if err != nil {
		return SignedIn{}, err
	}
	if answer != nil {
		return SignedIn{}, answer
	}
	s.forget(ctx, revoked)
	return out, nil
}

// setResetPassword stores the new password hash, spends the account's
// resets and pending verification, revokes its sessions and starts one, in tx.
func (s *Service) setResetPassword(ctx context.Context, tx *store.Tx, userID, hash string, req Request) (SignedIn, []string, error) {
	u, err := tx.UserByID(ctx, userID)
	if err != nil {
		return SignedIn{}, nil, err
	}
	u.PasswordHash, u.EmailVerified, u.UpdatedAt = hash, true, s.now()
	if err := tx.SaveUser(ctx, u); err != nil {
		return SignedIn{}, nil, err
	}
	if err := tx.DeleteResets(ctx, u.ID); err != nil {
		return SignedIn{}, nil, err
	}
	if err := tx.DeleteVerification(ctx, u.ID); err != nil {
		return SignedIn{}, nil, err
	}
	revoked, err := tx.DeleteSessions(ctx, u.ID, "", "")
	if err != nil {
		return SignedIn{}, nil, err
	}
	out, err := s.startSession(ctx, tx, u, req.UserAgent)
	return out, revoked, err
}
