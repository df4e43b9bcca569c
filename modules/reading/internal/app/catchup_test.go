package app

import (
	"context"
	"runtime"
	"sync"
	"testing"

	"lamplight/modules/reading/readingapi"
)

// database is a reader's committed log version; a catch-up reads it when it
// begins and may then be held before it answers.
type database struct {
	mu      sync.Mutex
	version int64
	reads   int
	began   chan int64
	release chan struct{}
}

func (d *database) commit() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.version++
}

func (d *database) read(context.Context, string, readingapi.Log, bool) (readingapi.Log, error) {
	d.mu.Lock()
	v := d.version
	d.reads++
	d.mu.Unlock()
	if d.began != nil {
		d.began <- v
		<-d.release
	}
	return readingapi.Log{Version: v}, nil
}

// gathering tells whether callers wait for the reader's next catch-up.
func (m *logMemo) gathering(userID string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := m.logs[userID]
	return k != nil && k.next != nil
}

// A write committed while a catch-up is reading is not in what it read: a
// caller arriving after the commit must not be handed that catch-up's log,
// but the next one's, which the callers arriving meanwhile share.
func TestCatchUpSharedOnlyWithCallersItCanSatisfy(t *testing.T) {
	ctx := context.Background()
	db := &database{version: 1, began: make(chan int64), release: make(chan struct{})}
	var m logMemo
	type answer struct {
		l   readingapi.Log
		err error
	}
	first := make(chan answer, 1)
	go func() {
		l, err := m.at(ctx, "r", 0, db.read)
		first <- answer{l, err}
	}()
	if v := <-db.began; v != 1 {
		t.Fatalf("first catch-up read version %d", v)
	}
	db.commit()
	// Callers arriving after the commit: one asking for whatever is
	// committed, one for the version it saw committed, one for an older.
	later := make(chan answer, 2)
	for _, version := range []int64{0, 2} {
		go func() {
			l, err := m.at(ctx, "r", version, db.read)
			later <- answer{l, err}
		}()
	}
	// Until the callers reach the memo; the bound only keeps a memo that
	// never gathers them (one that hands them the running catch-up) from
	// hanging the test, and the checks below hold whenever they arrive.
	for i := 0; i < 1e6 && !m.gathering("r"); i++ {
		runtime.Gosched()
	}
	old := make(chan answer, 1)
	go func() {
		l, err := m.at(ctx, "r", 1, db.read)
		old <- answer{l, err}
	}()
	db.release <- struct{}{}
	if a := <-first; a.err != nil || a.l.Version != 1 {
		t.Fatalf("first caller: %+v", a)
	}
	if a := <-old; a.err != nil || a.l.Version < 1 {
		t.Fatalf("caller asking for version 1: %+v", a)
	}
	for answered := 0; answered < 2; {
		select {
		case v := <-db.began:
			if v != 2 {
				t.Fatalf("second catch-up read version %d", v)
			}
			db.release <- struct{}{}
		case a := <-later:
			if a.err != nil || a.l.Version != 2 {
				t.Fatalf("a caller arriving after the commit got %+v, want version 2", a)
			}
			answered++
		}
	}
	// A version already kept is answered without the database.
	if l, err := m.at(ctx, "r", 2, db.read); err != nil || l.Version != 2 {
		t.Fatalf("kept version 2: %+v, %v", l, err)
	}
	db.mu.Lock()
	defer db.mu.Unlock()
	if db.reads != 2 {
		t.Fatalf("%d catch-ups, want 2: the later callers share one, the kept version needs none", db.reads)
	}
}
