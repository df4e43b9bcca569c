package cache

import "context"

// A request's read ahead: most requests of a signed-in user read a few of
// the user's keys (version stamps, stamp.go). The authentication reads them
// with the session, in the same round trip (ReadAhead), once it expects
// whose session it is, and puts them in the request's context
// (WithPrefetched) when the request writes nothing; readers then find them
// there (PrefetchedValue) instead of asking the cache again. Modules name
// the keys in the fx group UserKeysGroup. docs/READ-PATH.md draws the path.

// UserKeys names keys of a signed-in user that most requests read (version
// stamps): the authentication middleware fetches them with the session, in
// the same round trip, once it knows whose session it is. Modules add them
// to the fx group UserKeysGroup.
type UserKeys func(userID string) []string

// UserKeysGroup is the fx group of UserKeys.
const UserKeysGroup = `group:"cache_user_keys"`

// Prefetched holds values read ahead of their use in a request.
type Prefetched struct {
	keys   []string
	values [][]byte
}

type prefetchedKey struct{}

// WithPrefetched returns ctx carrying values read for its request.
func WithPrefetched(ctx context.Context, p Prefetched) context.Context {
	if len(p.keys) == 0 {
		return ctx
	}
	return context.WithValue(ctx, prefetchedKey{}, p)
}

// PrefetchedValue is the value read for key earlier in the request (nil when
// the key was missing then); ok is false when it was not read ahead.
func PrefetchedValue(ctx context.Context, key string) (value []byte, ok bool) {
	p, _ := ctx.Value(prefetchedKey{}).(Prefetched)
	for i, k := range p.keys {
		if k == key {
			return p.values[i], true
		}
	}
	return nil, false
}

// ReadAhead reads key and, when user is known ("" when not), the user's
// keys in the same round trip; a cache without stamps reads key alone. A
// missing key is ErrMiss.
func ReadAhead(ctx context.Context, c Cache, keys []UserKeys, key, user string) ([]byte, Prefetched, error) {
	st, ok := StamperOf(c)
	if user == "" || len(keys) == 0 || !ok {
		raw, err := c.Get(ctx, key)
		return raw, Prefetched{}, err
	}
	all := []string{key}
	for _, k := range keys {
		all = append(all, k(user)...)
	}
	vals, err := st.GetMany(ctx, all...)
	if err != nil {
		return nil, Prefetched{}, err
	}
	if vals[0] == nil {
		return nil, Prefetched{}, ErrMiss
	}
	return vals[0], Prefetched{keys: all[1:], values: vals[1:]}, nil
}
