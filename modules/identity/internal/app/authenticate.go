package app

import (
	"context"
	"encoding/json"
	"errors"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/internal/domain"
	"lamplight/platform/cache"
)

// maxTokenLength rejects junk before hashing it.
const maxTokenLength = 128

// Authenticate resolves a session token to its user. The lookup is cached
// briefly by token hash; a session unused for SessionRefreshEvery has its
// expiry slid forward (refreshed is then true, so a cookie can be renewed).
func (s *Service) Authenticate(ctx context.Context, token string) (p Principal, refreshed bool, err error) {
	if token == "" || len(token) > maxTokenLength {
		return Principal{}, false, identityapi.ErrUnauthenticated
	}
	hash := domain.HashToken(token)
	key := sessionKey(hash)
	var e cachedSession
	fresh := false
	raw, cerr := s.cache.Get(ctx, key)
	if cerr != nil || json.Unmarshal(raw, &e) != nil || e.SessionID == "" {
		if cerr != nil && !errors.Is(cerr, cache.ErrMiss) {
			s.log.WarnContext(ctx, "session cache unavailable", "err", cerr)
		}
		sess, u, err := s.store.SessionByTokenHash(ctx, hash)
		if isNotFound(err) {
			return Principal{}, false, identityapi.ErrUnauthenticated
		}
		if err != nil {
			return Principal{}, false, err
		}
		e = cachedSession{SessionID: sess.ID, SignedInAt: sess.CreatedAt, LastUsedAt: sess.LastUsedAt, ExpiresAt: sess.ExpiresAt, User: publicUser(u)}
		fresh = true
	}
	now := s.now()
	if !now.Before(e.ExpiresAt) {
		if _, err := s.store.DeleteSessions(ctx, e.User.ID, e.SessionID, ""); err != nil {
			return Principal{}, false, err
		}
		s.forget(ctx, []string{hash})
		return Principal{}, false, identityapi.ErrUnauthenticated
	}
	if now.Sub(e.LastUsedAt) >= SessionRefreshEvery {
		expires := now.Add(SessionLifetime)
		err := s.store.ExtendSession(ctx, e.SessionID, now, expires)
		if isNotFound(err) {
			s.forget(ctx, []string{hash})
			return Principal{}, false, identityapi.ErrUnauthenticated
		}
		if err != nil {
			return Principal{}, false, err
		}
		if err := s.store.TouchUser(ctx, e.User.ID, now); err != nil {
			return Principal{}, false, err
		}
		e.LastUsedAt, e.ExpiresAt = now, expires
		fresh, refreshed = true, true
	}
	if fresh {
		if err := s.cache.Set(ctx, key, e.encode(), sessionCacheTTL); err != nil {
			s.log.WarnContext(ctx, "cache session", "err", err)
		}
	}
	return Principal{User: e.User, SessionID: e.SessionID, SignedInAt: e.SignedInAt, ExpiresAt: e.ExpiresAt}, refreshed, nil
}
