package cache

import (
	"context"
	"strconv"
	"strings"
	"time"
)

// A stamp mirrors in the cache a version number the database keeps (a
// reader's log version, say), so a read learns it in the round trip that
// fetches the session instead of asking the database. The database stays
// the truth; a stamp is trusted only while it cannot be older than any
// acknowledged write:
//
//   - a writer marks the stamp pending inside its transaction, before it
//     commits (StampBegin), and after the commit raises it to the committed
//     version and ends the mark (StampEnd); a pending stamp sends readers to
//     the database, so a writer that dies or cannot reach the cache after
//     its commit leaves them reading the database until the mark expires,
//     never a stale stamp;
//   - a reader that went to the database fills the stamp (StampFill), never
//     over a pending mark, and stamps only ever rise, so a slow reader's
//     older version cannot replace a newer one;
//   - an emptied cache has no stamps: readers go to the database, and a
//     writer that began before it was emptied does not start it again.
//
// A stamp is stored as "<pending writers> <version>".
type StampOp int

// The operations on a stamp.
const (
	StampBegin StampOp = iota
	StampEnd
	StampFill
)

// Lifetimes of a stamp: a settled one, so a stamp the cache could not be
// told about (the cache failed both before and after a commit) is trusted
// at most this long, as a cached session is; and one with a writer in
// flight, longer than any transaction.
const (
	StampTTL        = time.Minute
	StampPendingTTL = 5 * time.Minute
)

// Stamper is implemented by the adapters (Memory, Redis): several keys read
// in one round trip, and stamps kept by one atomic operation each.
type Stamper interface {
	// GetMany returns the values of keys in one round trip, nil for a
	// missing one.
	GetMany(ctx context.Context, keys ...string) ([][]byte, error)
	// Stamp applies op to the stamp under key; version is the committed
	// version (StampEnd; 0 after a rollback) or the one read (StampFill).
	Stamp(ctx context.Context, key string, op StampOp, version int64) error
}

// StamperOf is c's Stamper, or false for a cache without stamps (a test's
// stand-in): its callers then read the database.
func StamperOf(c Cache) (Stamper, bool) {
	s, ok := c.(Stamper)
	return s, ok
}

// ParseStamp is a stamp's version; ok is false for a missing, pending or
// malformed stamp, which the database must answer instead.
func ParseStamp(raw []byte) (version int64, ok bool) {
	pending, v, found := strings.Cut(string(raw), " ")
	if !found || pending != "0" {
		return 0, false
	}
	version, err := strconv.ParseInt(v, 10, 64)
	return version, err == nil
}

// stampState is a stamp's parsed value; a malformed one counts as absent.
type stampState struct {
	pending, version int64
}

func parseState(raw []byte) (stampState, bool) {
	p, v, found := strings.Cut(string(raw), " ")
	pending, err1 := strconv.ParseInt(p, 10, 64)
	version, err2 := strconv.ParseInt(v, 10, 64)
	if !found || err1 != nil || err2 != nil {
		return stampState{}, false
	}
	return stampState{pending, version}, true
}

// apply is op on a stamp (exists false: none yet): the new value and its
// lifetime, or write false when nothing changes. The Redis adapter runs the
// same rules in a script.
func apply(s stampState, exists bool, op StampOp, version int64) (value []byte, ttl time.Duration, write bool) {
	switch op {
	case StampBegin:
		s.pending++
	case StampEnd:
		if !exists {
			// Emptied or expired while the writer ran: another writer's
			// newer version may have gone with it, so only a reader's fill
			// from the database may start the stamp again.
			return nil, 0, false
		}
		s.pending = max(s.pending-1, 0)
	case StampFill:
		if s.pending > 0 || (exists && s.version >= version) {
			return nil, 0, false
		}
	}
	s.version = max(s.version, version)
	ttl = StampTTL
	if s.pending > 0 {
		ttl = StampPendingTTL
	}
	return []byte(strconv.FormatInt(s.pending, 10) + " " + strconv.FormatInt(s.version, 10)), ttl, true
}

// StampedVersion is the version under the stamp key: as read with the
// session (PrefetchedValue), else from c; when the stamp is missing or
// pending, or c keeps no stamps, it is read from the database (read) and
// the stamp filled from it.
func StampedVersion(ctx context.Context, c Cache, key string, read func(context.Context) (int64, error)) (int64, error) {
	st, ok := StamperOf(c)
	if !ok {
		return read(ctx)
	}
	raw, ok := PrefetchedValue(ctx, key)
	if !ok {
		// An unreachable cache leaves it nil: the database answers.
		raw, _ = c.Get(ctx, key)
	}
	if v, ok := ParseStamp(raw); ok {
		return v, nil
	}
	v, err := read(ctx)
	if err != nil {
		return 0, err
	}
	// A failed fill costs the next read a statement, nothing more.
	_ = st.Stamp(ctx, key, StampFill, v)
	return v, nil
}
