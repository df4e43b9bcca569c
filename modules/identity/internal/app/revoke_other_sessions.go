package app

import "context"

// RevokeOtherSessions signs every device out except the current one and
// returns how many were signed out.
func (s *Service) RevokeOtherSessions(ctx context.Context, p Principal) (int, error) {
	hashes, err := s.store.DeleteSessions(ctx, p.User.ID, "", p.SessionID)
	if err != nil {
		return 0, err
	}
	s.forget(ctx, hashes)
	return len(hashes), nil
}
