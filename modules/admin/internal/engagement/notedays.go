package engagement

import (
	"context"
	"slices"
	"sync"
)

// noteDaysSize bounds the readers whose last note-day recount is kept; past
// it an idle one goes, and her next new note is recounted as before.
const noteDaysSize = 256

// noteDays remembers, per reader, which notes the last written recount of
// a note day counted, and lets one recount of a reader run at a time.
//
// A burst of notes on one day (an import, 10,000 notes in the benchmark)
// would otherwise recount the whole day once per note: quadratic. A note
// the last written recount counted was committed before that recount read
// the day, and every later change of the day has an event of its own that
// recomputes it, so its event has nothing left to do. Events queued behind
// a recount find their notes counted by it, and the day is recounted
// about once per recount's time, not once per note. The count written is
// always the recount's, read from the notes themselves; nothing is added.
type noteDays struct {
	mu      sync.Mutex
	readers map[string]*noteDayCount
}

type noteDayCount struct {
	// turn holds a token while a handler of the reader counts.
	turn chan struct{}
	// users are the handlers holding or waiting for turn: an entry in use
	// is never dropped, so its recounts never run beside another's.
	users int
	day   string
	// counted are the sorted ids of the notes on day that the last written
	// recount counted.
	counted []string
}

// acquire waits for the reader's turn to count.
func (m *noteDays) acquire(ctx context.Context, userID string) (*noteDayCount, error) {
	m.mu.Lock()
	c := m.entry(userID)
	c.users++
	m.mu.Unlock()
	select {
	case c.turn <- struct{}{}:
		return c, nil
	case <-ctx.Done():
		m.release(c, false)
		return nil, ctx.Err()
	}
}

// release ends a turn (held) or a wait for one.
func (m *noteDays) release(c *noteDayCount, held bool) {
	if held {
		<-c.turn
	}
	m.mu.Lock()
	c.users--
	m.mu.Unlock()
}

// entry is the reader's, added when missing; m.mu is held.
func (m *noteDays) entry(userID string) *noteDayCount {
	if c, ok := m.readers[userID]; ok {
		return c
	}
	if m.readers == nil {
		m.readers = map[string]*noteDayCount{}
	}
	if len(m.readers) >= noteDaysSize {
		for id, c := range m.readers {
			if c.users == 0 {
				delete(m.readers, id)
				break
			}
		}
	}
	c := &noteDayCount{turn: make(chan struct{}, 1)}
	m.readers[userID] = c
	return c
}

// drop forgets the reader (her account was deleted).
func (m *noteDays) drop(userID string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if c, ok := m.readers[userID]; ok && c.users == 0 {
		delete(m.readers, userID)
	}
}

// has reports whether the last written recount of day counted note id; the
// turn is held.
func (c *noteDayCount) has(day, id string) bool {
	_, found := slices.BinarySearch(c.counted, id)
	return id != "" && c.day == day && found
}

// wrote records a recount of day that was written; the turn is held.
func (c *noteDayCount) wrote(day string, ids []string) {
	slices.Sort(ids)
	c.day, c.counted = day, ids
}
