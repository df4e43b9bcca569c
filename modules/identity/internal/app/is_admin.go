package app

import "context"

// IsAdmin reads the account's admin flag from the database, past the
// session cache: admin routes are few and rarely used, and a flag changed
// by another process (`lamplight admin revoke`) must count at once.
func (s *Service) IsAdmin(ctx context.Context, userID string) (bool, error) {
	u, err := s.store.UserByID(ctx, userID)
	if isNotFound(err) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return u.IsAdmin, nil
}
