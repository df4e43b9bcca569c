package store

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

const (
	// analyseEvery is how many notes are written before the notes tables
	// are due to be analysed again.
	analyseEvery = 1000
	// settle is the pause in note writes a due analysis waits for.
	settle = time.Second
	// maxDelay bounds that wait, so a long burst of writes (an import, a
	// busy server) is still analysed every few seconds.
	maxDelay = 5 * time.Second
)

// Statistics keeps the database's statistics of the notes tables fresh
// (the store's own concern, so the use cases never schedule it),
// so the planner chooses between the trigram index and a reader's own
// notes knowing how many notes she has. Notes are counted as they are
// written (NoteChanged, so a note imported in another module's unit of
// work counts once committed); autovacuum alone would leave a reader who
// just imported thousands of notes unknown to the planner for a minute
// or more.
//
// The analysis (60-800 ms of a shared machine's CPU, with the flush of the
// trigram index's pending list) runs in the background once writes pause,
// not in the event handler on the 1,000th note: there it ran just as a
// burst ended, under the first searches of the notes just written, and
// held up the events behind it. Plans only change when the counts change
// by a large factor, so statistics a few seconds behind are harmless.
type Statistics struct {
	store *Store
	log   *slog.Logger

	mu sync.Mutex
	// written counts the notes written since the last analysis began.
	written int
	// due is when written reached analyseEvery; zero while it has not.
	due     time.Time
	timer   *time.Timer
	stopped bool
	// analysing is held by the analysis in flight: one at a time, and
	// Stop waits for it.
	analysing sync.Mutex
}

// NewStatistics builds the counter of notes written.
func NewStatistics(s *Store, log *slog.Logger) *Statistics {
	return &Statistics{store: s, log: log}
}

// Written counts one note written; once analyseEvery were, the tables are
// analysed after a pause of settle in the writes, or maxDelay at most.
func (s *Statistics) Written(context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.written++
	if s.stopped || s.written < analyseEvery {
		return nil
	}
	now := time.Now()
	if s.due.IsZero() {
		s.due = now
	}
	wait := min(settle, s.due.Add(maxDelay).Sub(now))
	if s.timer == nil {
		s.timer = time.AfterFunc(wait, s.analyse)
	} else {
		s.timer.Reset(wait)
	}
	return nil
}

// analyse refreshes the statistics; a failure is logged and leaves the
// analysis due, so the next note written schedules it again.
func (s *Statistics) analyse() {
	s.analysing.Lock()
	defer s.analysing.Unlock()
	s.mu.Lock()
	if s.stopped || s.due.IsZero() {
		s.mu.Unlock()
		return
	}
	counted := s.written
	s.written, s.due = 0, time.Time{}
	s.mu.Unlock()
	if err := s.store.Analyse(context.Background()); err != nil {
		s.log.Warn("analysing the notes tables failed", "err", err)
		s.mu.Lock()
		s.written += counted
		s.mu.Unlock()
	}
}

// Stop cancels a pending analysis and waits for the one in flight.
func (s *Statistics) Stop() {
	s.mu.Lock()
	s.stopped = true
	if s.timer != nil {
		s.timer.Stop()
	}
	s.mu.Unlock()
	// Taking the lock is waiting for the analysis in flight to end.
	s.analysing.Lock()
	defer s.analysing.Unlock()
}
