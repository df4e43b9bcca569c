package app

import (
	"cmp"
	"context"
	"slices"
	"sort"
	"strings"
	"sync"

	"lamplight/modules/reading/readingapi"
)

// Log implements readingapi.Reader. The reader's whole log is kept in
// process under its version; a read asks the database only for what
// changed since (one indexed statement), so a recompute after a write
// loads one entry, not ten years. The entries handed out are shared: no
// caller may modify them.
func (s *Service) Log(ctx context.Context, userID, from string) (readingapi.Log, error) {
	return s.LogAt(ctx, userID, from, 0)
}

// LogAt implements readingapi.Reader: a kept log already at version (a
// version the caller saw committed) is answered without the database.
// Otherwise the caller waits for a catch-up of the kept log that it may
// share with the callers arriving at the same time (see logMemo).
func (s *Service) LogAt(ctx context.Context, userID, from string, version int64) (readingapi.Log, error) {
	l, err := s.logs.at(ctx, userID, version, s.catchUp)
	return since(l, from), err
}

// catchUp brings kept (ok: there is one) up to the database's version.
func (s *Service) catchUp(ctx context.Context, userID string, kept readingapi.Log, ok bool) (readingapi.Log, error) {
	if !ok {
		return s.store.Snapshot(ctx, userID, "")
	}
	version, changed, deleted, err := s.store.Delta(ctx, userID, kept.Version)
	switch {
	case err != nil:
		return readingapi.Log{}, err
	case version < kept.Version:
		// The log was removed (account deleted) and perhaps begun again.
		return s.store.Snapshot(ctx, userID, "")
	case version > kept.Version:
		return patch(kept, version, changed, deleted), nil
	}
	return kept, nil
}

// patchInsertMax is how many changed entries patch inserts one by one; more
// (an import) are sorted in with the rest.
const patchInsertMax = 32

// patch is l with changed entries written over and deleted ones removed,
// as a new slice: readers may still hold the old one. The step is added to
// the log's Changes with the earliest date it touched, old or new.
func patch(l readingapi.Log, version int64, changed []readingapi.Entry, deleted []string) readingapi.Log {
	ids := make([]string, 0, len(changed)+len(deleted))
	first := ""
	touch := func(date string) {
		if first == "" || date < first {
			first = date
		}
	}
	for _, e := range changed {
		ids = append(ids, e.ID)
		touch(e.Date)
	}
	ids = append(ids, deleted...)
	// A write changes an entry or a few: comparing each kept id with them
	// costs less than hashing it for a set.
	gone := func(id string) bool { return slices.Contains(ids, id) }
	if len(ids) > patchInsertMax {
		set := make(map[string]bool, len(ids))
		for _, id := range ids {
			set[id] = true
		}
		gone = func(id string) bool { return set[id] }
	}
	out := make([]readingapi.Entry, 0, len(l.Entries)+len(changed))
	for _, e := range l.Entries {
		if gone(e.ID) {
			touch(e.Date)
			continue
		}
		out = append(out, e)
	}
	next := readingapi.Log{Entries: out, Version: version}
	if len(changed) > patchInsertMax {
		out = append(out, changed...)
		slices.SortFunc(out, logOrder)
		next.Entries = out
		return next.After(l.Changes, l.Version, first)
	}
	// A few changed entries go in where they belong: sorting the whole log
	// again was most of a write's recompute.
	for _, e := range changed {
		i, _ := slices.BinarySearchFunc(out, e, logOrder)
		out = slices.Insert(out, i, e)
	}
	next.Entries = out
	return next.After(l.Changes, l.Version, first)
}

// logOrder is the log's order: date, start verse, id.
func logOrder(a, b readingapi.Entry) int {
	return cmp.Or(strings.Compare(a.Date, b.Date), cmp.Compare(a.Start, b.Start), strings.Compare(a.ID, b.ID))
}

// since is l without the entries dated before from; l is in date order.
func since(l readingapi.Log, from string) readingapi.Log {
	if from == "" {
		return l
	}
	i := sort.Search(len(l.Entries), func(i int) bool { return l.Entries[i].Date >= from })
	l.Entries = l.Entries[i:len(l.Entries):len(l.Entries)]
	return l
}

// logMemoSize bounds the readers whose log is kept (a ten-year log is
// about 4,000 entries, some 400 KB); past it an arbitrary one goes and is
// loaded whole again when next read.
const logMemoSize = 256

// logMemo is the latest log read of each recently read reader, and the
// catch-ups that bring it up to date.
//
// A write makes every projection of its reader stale at once, so several
// callers want the new version together: they share one catch-up instead
// of each reading the change and copying the log. Sharing must not hand a
// caller a log older than a write it has seen committed, so a caller joins
// only a catch-up that has not begun reading yet (it will see everything
// committed before the caller arrived), or, with a version asked for, takes
// the result of a running one if it reached that version. Each reader has
// at most one catch-up reading and one gathering callers behind it.
type logMemo struct {
	mu   sync.Mutex
	logs map[string]*keptLog
}

type keptLog struct {
	log     readingapi.Log
	ok      bool
	running *catchUp
	// next is the catch-up that begins when running ends; callers arriving
	// meanwhile join it.
	next *catchUp
}

// catchUp is one read of the database for a reader, shared by its callers.
type catchUp struct {
	// ctx is its first caller's, without the cancellation: a caller who
	// gives up leaves it running for the others.
	ctx  context.Context
	done chan struct{}
	log  readingapi.Log
	err  error
}

type catchUpFunc func(ctx context.Context, userID string, kept readingapi.Log, ok bool) (readingapi.Log, error)

// at returns the reader's log at version or later (with version 0: with
// every write committed before at was called), catching up with read when
// the kept one may be older.
func (m *logMemo) at(ctx context.Context, userID string, version int64, read catchUpFunc) (readingapi.Log, error) {
	for {
		m.mu.Lock()
		k := m.entry(userID)
		if k.ok && version > 0 && k.log.Version >= version {
			l := k.log
			m.mu.Unlock()
			return l, nil
		}
		if r := k.running; r != nil && version > 0 {
			// It began before this call, but may reach the version.
			m.mu.Unlock()
			if err := wait(ctx, r); err != nil {
				return readingapi.Log{}, err
			}
			if r.err == nil && r.log.Version >= version {
				return r.log, nil
			}
			continue
		}
		if k.next == nil {
			k.next = &catchUp{ctx: context.WithoutCancel(ctx), done: make(chan struct{})}
		}
		c := k.next
		if k.running == nil {
			m.begin(userID, k, read)
		}
		m.mu.Unlock()
		if err := wait(ctx, c); err != nil {
			return readingapi.Log{}, err
		}
		return c.log, c.err
	}
}

func wait(ctx context.Context, c *catchUp) error {
	select {
	case <-c.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// entry is the reader's kept log, added when missing; m.mu is held.
func (m *logMemo) entry(userID string) *keptLog {
	if k, ok := m.logs[userID]; ok {
		return k
	}
	if m.logs == nil {
		m.logs = map[string]*keptLog{}
	}
	if len(m.logs) >= logMemoSize {
		for id := range m.logs {
			delete(m.logs, id)
			break
		}
	}
	k := &keptLog{}
	m.logs[userID] = k
	return k
}

// begin starts k.next reading, from the kept log as it is now; when it
// ends, the callers gathered meanwhile get theirs. m.mu is held.
func (m *logMemo) begin(userID string, k *keptLog, read catchUpFunc) {
	c := k.next
	k.running, k.next = c, nil
	kept, ok := k.log, k.ok
	go func() {
		l, err := read(c.ctx, userID, kept, ok)
		m.mu.Lock()
		c.log, c.err = l, err
		if err == nil {
			k.log, k.ok = l, true
		}
		k.running = nil
		if k.next != nil {
			m.begin(userID, k, read)
		}
		m.mu.Unlock()
		close(c.done)
	}()
}

func (m *logMemo) drop(userID string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.logs, userID)
}

// Version implements readingapi.Reader.
func (s *Service) Version(ctx context.Context, userID string) (int64, error) {
	return s.store.Version(ctx, userID)
}

// UsersWithEntries implements readingapi.Reader.
func (s *Service) UsersWithEntries(ctx context.Context) ([]string, error) {
	return s.store.UsersWithEntries(ctx)
}

// DeleteUserData removes the reader's whole log after their account is deleted.
func (s *Service) DeleteUserData(ctx context.Context, userID string) error {
	if err := s.store.DeleteUser(ctx, userID); err != nil {
		return err
	}
	s.logs.drop(userID)
	// The version went back to none: its stamp, which only rises, goes too.
	return s.cache.Delete(ctx, entriesKey(userID), readingapi.VersionStamp(userID))
}
