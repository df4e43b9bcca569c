package app

import "context"

// Logout revokes the request's session.
func (s *Service) Logout(ctx context.Context, p Principal) error {
	hashes, err := s.store.DeleteSessions(ctx, p.User.ID, p.SessionID, "")
	if err != nil {
		return err
	}
	s.forget(ctx, hashes)
	return nil
}
