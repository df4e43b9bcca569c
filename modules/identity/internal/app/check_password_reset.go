package app

import (
	"context"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/internal/domain"
	"lamplight/modules/identity/internal/store"
)

// CheckPasswordReset tells the reset page whether its link still works,
// and for which address.
func (s *Service) CheckPasswordReset(ctx context.Context, token string) (string, error) {
	r, err := s.validReset(ctx, s.store, token)
	if err != nil {
		return "", err
	}
	u, err := s.store.UserByID(ctx, r.UserID)
	if isNotFound(err) {
		return "", identityapi.ErrPasswordResetExpired
	}
	return u.Email, err
}

// validReset finds an unexpired reset link; used or unknown links and
// expired ones are all password_reset_link_expired.
func (s *Service) validReset(ctx context.Context, st *store.Store, token string) (store.PasswordReset, error) {
	if token == "" || len(token) > maxTokenLength {
		return store.PasswordReset{}, identityapi.ErrPasswordResetExpired
	}
	r, err := st.ResetByTokenHash(ctx, domain.HashToken(token))
	if isNotFound(err) {
		return r, identityapi.ErrPasswordResetExpired
	}
	if err != nil {
		return r, err
	}
	if !s.now().Before(r.ExpiresAt) {
		return r, identityapi.ErrPasswordResetExpired
	}
	return r, nil
}
