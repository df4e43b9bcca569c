package app

import (
	"context"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/internal/domain"
	"lamplight/modules/identity/internal/store"
	"lamplight/platform/errs"
)

// ChangePassword replaces the password of the signed-in user.
type ChangePassword struct {
	CurrentPassword string
	NewPassword     string
}

// ChangePassword checks the current password (an account without one,
// made through Google, sets its first), stores the new one, spends pending
// reset links and signs every other device out.
func (s *Service) ChangePassword(ctx context.Context, p Principal, cmd ChangePassword) error {
	u, err := s.store.UserByID(ctx, p.User.ID)
	if err != nil {
		return err
	}
	var f errs.Fields
	if u.PasswordHash != "" && cmd.CurrentPassword == "" {
		f.Add("currentPassword", errs.Required)
	}
	domain.ValidatePassword(&f, "newPassword", cmd.NewPassword)
	if err := f.Err(); err != nil {
		return err
	}
	if u.PasswordHash != "" {
		if err := s.checkPassword(ctx, u, cmd.CurrentPassword, identityapi.ErrCurrentPasswordWrong); err != nil {
			return err
		}
	}
	hash, err := s.hasher.Hash(cmd.NewPassword)
	if err != nil {
		return err
	}
	var revoked []string
	err = s.store.Transact(ctx, func(tx *store.Tx) error {
		u.PasswordHash, u.UpdatedAt = hash, s.now()
		if err := tx.SaveUser(ctx, u); err != nil {
			return err
		}
		if err := tx.DeleteResets(ctx, u.ID); err != nil {
			return err
		}
		revoked, err = tx.DeleteSessions(ctx, u.ID, "", p.SessionID)
		return err
	})
	if err != nil {
		return err
	}
	s.forget(ctx, revoked)
	return nil
}
