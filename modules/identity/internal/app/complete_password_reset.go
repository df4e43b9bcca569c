package app

import (
	"context"

	"lamplight/modules/identity/internal/domain"
	"lamplight/modules/identity/internal/store"
	"lamplight/platform/errs"
)

// CompletePasswordReset sets a new password through a reset link.
type CompletePasswordReset struct {
	Token    string
	Password string
	Req      Request
}

// CompletePasswordReset sets the password, spends every reset link of the
// account, signs every device out and signs this one in. Following the
// emailed link also proves the address, so it becomes verified.
func (s *Service) CompletePasswordReset(ctx context.Context, cmd CompletePasswordReset) (SignedIn, error) {
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
		u, err := tx.UserByID(ctx, r.UserID)
		if err != nil {
			return err
		}
		u.PasswordHash, u.EmailVerified, u.UpdatedAt = hash, true, s.now()
		if err := tx.SaveUser(ctx, u); err != nil {
			return err
		}
		if err := tx.DeleteResets(ctx, u.ID); err != nil {
			return err
		}
		if err := tx.DeleteVerification(ctx, u.ID); err != nil {
			return err
		}
		if revoked, err = tx.DeleteSessions(ctx, u.ID, "", ""); err != nil {
			return err
		}
		out, err = s.startSession(ctx, tx, u, cmd.Req.UserAgent)
		return err
	})
	if err != nil {
		return SignedIn{}, err
	}
	s.forget(ctx, revoked)
	return out, nil
}
