package app

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/internal/domain"
	"lamplight/platform/cache"
	"lamplight/platform/memo"
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
	raw, ahead, cerr := s.sessionAndAhead(ctx, hash, key)
	if cerr != nil || s.decoded.decode(hash, raw, &e) != nil || e.SessionID == "" {
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
	p = Principal{User: e.User, SessionID: e.SessionID, SignedInAt: e.SignedInAt, ExpiresAt: e.ExpiresAt}
	if ahead.user == e.User.ID {
		p.Prefetched = ahead.values
	}
	return p, refreshed, nil
}

// readAhead is what was read with a session for the user it was expected
// to belong to.
type readAhead struct {
	user   string
	values cache.Prefetched
}

// sessionAndAhead reads the session lookup under key and, when this
// instance has seen it before and so expects whose it is, that user's keys
// most requests read (cache.ReadAhead). They are used only when the session
// turns out to be that user's.
func (s *Service) sessionAndAhead(ctx context.Context, hash, key string) ([]byte, readAhead, error) {
	user := s.decoded.user(hash)
	raw, p, err := cache.ReadAhead(ctx, s.cache, s.userKeys, key, user)
	return raw, readAhead{user: user, values: p}, err
}

// decodedSessionsSize bounds the decoded session lookups kept.
const decodedSessionsSize = 10_000

// decodedSessions keeps the last decoding of each cached session lookup, so
// a request whose lookup is byte for byte the one seen before skips the
// JSON decoding (an eighth of a cached read). The cache stays the truth:
// only its current bytes are ever decoded or matched, so the memo's
// version is unused (0).
type decodedSessions struct {
	m *memo.Memo[string, decodedSession]
}

func newDecodedSessions() decodedSessions {
	return decodedSessions{m: memo.New[string, decodedSession](decodedSessionsSize)}
}

type decodedSession struct {
	raw []byte
	e   cachedSession
}

// user is whose session the lookup under hash was when last decoded.
func (d decodedSessions) user(hash string) string {
	got, _, _ := d.m.Latest(hash)
	return got.e.User.ID
}

func (d decodedSessions) decode(hash string, raw []byte, into *cachedSession) error {
	if got, _, ok := d.m.Latest(hash); ok && bytes.Equal(got.raw, raw) {
		*into = got.e
		return nil
	}
	if err := json.Unmarshal(raw, into); err != nil {
		return err
	}
	d.m.Replace(hash, 0, decodedSession{raw: bytes.Clone(raw), e: *into})
	return nil
}
