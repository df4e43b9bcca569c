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
	l, ok := s.logs.get(userID)
	if !ok {
		full, err := s.store.Snapshot(ctx, userID, "")
		if err != nil {
			return readingapi.Log{}, err
		}
		s.logs.put(userID, full)
		return since(full, from), nil
	}
	version, changed, deleted, err := s.store.Delta(ctx, userID, l.Version)
	if err != nil {
		return readingapi.Log{}, err
	}
	switch {
	case version < l.Version:
		// The log was removed (account deleted) and perhaps begun again.
		s.logs.drop(userID)
		return s.Log(ctx, userID, from)
	case version > l.Version:
		l = patch(l, version, changed, deleted)
		s.logs.put(userID, l)
	}
	return since(l, from), nil
}

// patchInsertMax is how many changed entries patch inserts one by one; more
// (an import) are sorted in with the rest.
const patchInsertMax = 32

// patch is l with changed entries written over and deleted ones removed,
// as a new slice: readers may still hold the old one.
func patch(l readingapi.Log, version int64, changed []readingapi.Entry, deleted []string) readingapi.Log {
	ids := make([]string, 0, len(changed)+len(deleted))
	for _, e := range changed {
		ids = append(ids, e.ID)
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
		if !gone(e.ID) {
			out = append(out, e)
		}
	}
	if len(changed) > patchInsertMax {
		out = append(out, changed...)
		slices.SortFunc(out, logOrder)
		return readingapi.Log{Entries: out, Version: version}
	}
	// A few changed entries go in where they belong: sorting the whole log
	// again was most of a write's recompute.
	for _, e := range changed {
		i, _ := slices.BinarySearchFunc(out, e, logOrder)
		out = slices.Insert(out, i, e)
	}
	return readingapi.Log{Entries: out, Version: version}
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
	return readingapi.Log{Entries: l.Entries[i:len(l.Entries):len(l.Entries)], Version: l.Version}
}

// logMemoSize bounds the readers whose log is kept (a ten-year log is
// about 4,000 entries, some 400 KB); past it an arbitrary one goes and is
// loaded whole again when next read.
const logMemoSize = 256

// logMemo is the latest log read of each recently read reader.
type logMemo struct {
	mu   sync.Mutex
	logs map[string]readingapi.Log
}

func (m *logMemo) get(userID string) (readingapi.Log, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	l, ok := m.logs[userID]
	return l, ok
}

func (m *logMemo) put(userID string, l readingapi.Log) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.logs == nil {
		m.logs = map[string]readingapi.Log{}
	}
	if old, ok := m.logs[userID]; ok && old.Version > l.Version {
		return
	}
	if _, ok := m.logs[userID]; !ok && len(m.logs) >= logMemoSize {
		for k := range m.logs {
			delete(m.logs, k)
			break
		}
	}
	m.logs[userID] = l
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
