package app

import (
	"context"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/internal/store"
	"lamplight/platform/errs"
)

// confirmOwner checks that the person using a session owns the account before
// a change that could take it over: the current password, or for an account
// without one a sign-in less than RecentSignIn old.
func (s *Service) confirmOwner(ctx context.Context, p Principal, u store.User, password string) error {
	if u.PasswordHash == "" {
		if s.now().Sub(p.SignedInAt) >= RecentSignIn {
			return errs.Validation(errs.Field("password", errs.Required))
		}
		return nil
	}
	if password == "" {
		return errs.Validation(errs.Field("password", errs.Required))
	}
	return s.checkPassword(ctx, u, password, identityapi.ErrPasswordIncorrect)
}
