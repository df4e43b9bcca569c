package app

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"sync"

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
// most requests read (cache.UserKeys), all in one round trip. They are used
// only when the session turns out to be that user's.
func (s *Service) sessionAndAhead(ctx context.Context, hash, key string) ([]byte, readAhead, error) {
	user := s.decoded.user(hash)
	st, ok := cache.StamperOf(s.cache)
	if user == "" || len(s.userKeys) == 0 || !ok {
		raw, err := s.cache.Get(ctx, key)
		return raw, readAhead{}, err
	}
	keys := []string{key}
	for _, k := range s.userKeys {
		keys = append(keys, k(user)...)
	}
	vals, err := st.GetMany(ctx, keys...)
	if err != nil {
		return nil, readAhead{}, err
	}
	if vals[0] == nil {
		return nil, readAhead{}, cache.ErrMiss
	}
	return vals[0], readAhead{user: user, values: cache.NewPrefetched(keys[1:], vals[1:])}, nil
}

// decodedSessionsSize bounds the decoded session lookups kept; past it they
// are all dropped and decoded again.
const decodedSessionsSize = 10_000

// decodedSessions keeps the last decoding of each cached session lookup, so
// a request whose lookup is byte for byte the one seen before skips the
// JSON decoding (an eighth of a cached read). The cache stays the truth:
// only its current bytes are ever decoded or matched.
type decodedSessions struct {
	mu sync.Mutex
	m  map[string]decodedSession
}

type decodedSession struct {
	raw []byte
	e   cachedSession
}

// user is whose session the lookup under hash was when last decoded.
func (d *decodedSessions) user(hash string) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.m[hash].e.User.ID
}

func (d *decodedSessions) decode(hash string, raw []byte, into *cachedSession) error {
	d.mu.Lock()
	got, ok := d.m[hash]
	d.mu.Unlock()
	if ok && bytes.Equal(got.raw, raw) {
		*into = got.e
		return nil
	}
	if err := json.Unmarshal(raw, into); err != nil {
		return err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.m == nil || len(d.m) >= decodedSessionsSize {
		d.m = map[string]decodedSession{}
	}
	d.m[hash] = decodedSession{raw: bytes.Clone(raw), e: *into}
	return nil
}
