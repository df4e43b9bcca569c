package app

import "context"

// RevokeSession signs one of the user's devices out; another user's
// session, or none, is not found.
func (s *Service) RevokeSession(ctx context.Context, p Principal, id string) error {
	if !validUUID(id) {
		return ErrSessionNotFound
	}
	hashes, err := s.store.DeleteSessions(ctx, p.User.ID, id, "")
	if err != nil {
		return err
	}
	if len(hashes) == 0 {
		return ErrSessionNotFound
	}
	s.forget(ctx, hashes)
	return nil
}
