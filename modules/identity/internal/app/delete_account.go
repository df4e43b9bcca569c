package app

import (
	"context"
	"slices"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/internal/store"
	"lamplight/platform/errs"
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
		if err := s.checkPassword(ctx, u, cmd.Password, identityapi.ErrPasswordIncorrect); err != nil {
			return err
		}
	case s.now().Sub(p.SignedInAt) >= RecentSignIn:
		return errs.Validation(errs.Field("password", errs.Required))
	}
	return s.deleteUser(ctx, u)
}

// deleteUser deletes every identity row of the account and the mail queued
// or sent to its addresses, and publishes UserDeleted through the outbox in
// the same transaction. The last admin is not deleted (ErrLastAdmin): the
// instance would have no one to run it.
func (s *Service) deleteUser(ctx context.Context, u store.User) error {
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
	err = s.store.Transact(ctx, func(tx *store.Tx) error {
		if u.IsAdmin {
			// Read locked, so two admins deleting themselves at once
			// cannot leave none.
			admins, err := tx.LockedAdmins(ctx)
			if err != nil {
				return err
			}
			if len(admins) == 1 && slices.Contains(admins, u.ID) {
				return identityapi.ErrLastAdmin
			}
		}
		if err := tx.DeleteUser(ctx, u.ID); err != nil {
			return err
		}
		if err := tx.ForgetMail(addresses...); err != nil {
			return err
		}
		return tx.Record(identityapi.UserDeleted{UserID: u.ID, At: s.now()})
	})
	if err != nil {
		return err
	}
	s.forget(ctx, hashes)
	return nil
}
