package app

import (
	"context"
	"sync/atomic"

	"lamplight/modules/notes/internal/store"
)

// analyseEvery is how many notes are written between two analyses of the
// notes tables.
const analyseEvery = 1000

// Statistics keeps the database's statistics of the notes tables fresh,
// so the planner chooses between the trigram index and a reader's own
// notes knowing how many notes she has. Notes are counted as they are
// written (NoteChanged, so a note imported in another module's unit of
// work counts once committed); autovacuum alone would leave a reader who
// just imported thousands of notes unknown to the planner for a minute
// or more.
type Statistics struct {
	store   *store.Store
	written atomic.Int64
}

// NewStatistics builds the counter of notes written.
func NewStatistics(s *store.Store) *Statistics { return &Statistics{store: s} }

// Written counts one note written and analyses the tables after every
// analyseEvery notes.
func (s *Statistics) Written(ctx context.Context) error {
	if s.written.Add(1)%analyseEvery != 0 {
		return nil
	}
	return s.store.Analyse(ctx)
}
