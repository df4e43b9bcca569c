package app

import (
	"context"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/internal/domain"
)

// SetAdmin grants or revokes the admin flag of the account with email.
func (s *Service) SetAdmin(ctx context.Context, email string, admin bool) (identityapi.User, error) {
	u, err := s.store.SetAdmin(ctx, domain.NormalizeEmail(email), admin, s.now())
	if isNotFound(err) {
		return identityapi.User{}, identityapi.ErrAccountNotFound
	}
	if err != nil {
		return identityapi.User{}, err
	}
	s.forgetUser(ctx, u.ID)
	return publicUser(u), nil
}
