package app

import (
	"context"
	"time"
)

// SessionView is one signed-in device in the sessions list.
type SessionView struct {
	ID         string
	Device     string
	CreatedAt  time.Time
	LastUsedAt time.Time
	ExpiresAt  time.Time
	Current    bool
}

// ListSessions lists the user's sessions, the current one marked.
func (s *Service) ListSessions(ctx context.Context, p Principal) ([]SessionView, error) {
	sessions, err := s.store.Sessions(ctx, p.User.ID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := make([]SessionView, 0, len(sessions))
	for _, x := range sessions {
		if !now.Before(x.ExpiresAt) {
			continue
		}
		out = append(out, SessionView{ID: x.ID, Device: x.Device, CreatedAt: x.CreatedAt, LastUsedAt: x.LastUsedAt,
			ExpiresAt: x.ExpiresAt, Current: x.ID == p.SessionID})
	}
	return out, nil
}
