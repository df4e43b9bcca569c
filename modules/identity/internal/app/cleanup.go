package app

import "context"

// DeleteExpired removes expired sessions, codes and reset links. Several
// instances may run it side by side: deleting what expired is idempotent.
func (s *Service) DeleteExpired(ctx context.Context) (int64, error) {
	return s.store.DeleteExpired(ctx, s.now())
}
