package app

import (
	"context"

	"gorm.io/gorm"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/internal/store"
	"lamplight/platform/errs"
	"lamplight/platform/outbox"
)

// DeleteAccount deletes the signed-in user's account.
type DeleteAccount struct {
	Password string
}

// DeleteAccount needs the current password, or a sign-in less than
// RecentSignIn old. It deletes every identity row of the reader and the
// mail queued or sent to their addresses, and publishes UserDeleted through
// the outbox in the same transaction, so every other module deletes the
// reader's data too.
func (s *Service) DeleteAccount(ctx context.Context, p Principal, cmd DeleteAccount) error {
	u, err := s.store.UserByID(ctx, p.User.ID)
	if err != nil {
		return err
	}
	switch {
	case cmd.Password != "":
		if err := s.limit(ctx, "password:user:"+u.ID, limitLogin); err != nil {
			return err
		}
		if ok, _ := s.hasher.Verify(cmd.Password, u.PasswordHash); !ok {
			return identityapi.ErrPasswordIncorrect
		}
	case s.now().Sub(p.SignedInAt) >= RecentSignIn:
		return errs.Validation(errs.Field("password", errs.Required))
	}
	hashes, err := s.store.SessionTokenHashes(ctx, u.ID)
	if err != nil {
		return err
	}
	addresses := []string{u.Email}
	if c, err := s.store.EmailChangeByUser(ctx, u.ID); err == nil {
		addresses = append(addresses, c.NewEmail)
	} else if !isNotFound(err) {
		return err
	}
	err = s.outbox.Transact(ctx, func(tx *gorm.DB) error {
		if err := store.New(tx).DeleteUser(ctx, u.ID); err != nil {
			return err
		}
		for _, a := range addresses {
			if err := s.mailer.Forget(ctx, tx, a); err != nil {
				return err
			}
		}
		return outbox.Record(tx, identityapi.UserDeleted{UserID: u.ID})
	})
	if err != nil {
		return err
	}
	s.forget(ctx, hashes)
	return nil
}
