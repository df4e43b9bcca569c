// Package readingapi is the reading module's published contract: its event
// and the narrow query other modules (projections) read the log through.
package readingapi

import (
	"cmp"
	"context"
	"slices"
	"time"

	"lamplight/modules/bible"
	"lamplight/platform/bus"
	"lamplight/platform/inputs"
	"lamplight/platform/uow"
)

// Entry is one logged passage read on a date (YYYY-MM-DD).
type Entry struct {
	ID        string        `json:"id"`
	Date      string        `json:"date"`
	Start     bible.VerseID `json:"startVerseId"`
	End       bible.VerseID `json:"endVerseId"`
	CreatedAt time.Time     `json:"createdAt"`
	UpdatedAt time.Time     `json:"updatedAt"`
}

// Range is the entry's passage.
func (e Entry) Range() bible.Range { return bible.Range{Start: e.Start, End: e.End} }

// ByDate returns the entries ordered by date, keeping the order of each
// date's entries; a log already is, so this only copies when a caller
// hands over an unordered list.
func ByDate(es []Entry) []Entry {
	less := func(a, b Entry) int { return cmp.Compare(a.Date, b.Date) }
	if slices.IsSortedFunc(es, less) {
		return es
	}
	es = slices.Clone(es)
	slices.SortStableFunc(es, less)
	return es
}

// Log is a reader's entries with the log version they were read at.
type Log struct {
	Entries []Entry
	// Version grows with every write to the reader's log; 0 for an empty,
	// never written log.
	Version int64
	// Changes are the latest steps that led to this log, oldest first: what
	// a projection needs to carry on from a value computed at an earlier
	// version instead of reading the whole log again. Empty when unknown
	// (a log read whole from the database).
	Changes []Change
}

// Change is one step of a log from version Since to Version: no entry dated
// before From was added, changed or removed.
type Change struct {
	Since, Version int64
	From           string
}

// ChangesKept bounds Log.Changes.
const ChangesKept = 32

// After returns l with the step from version since to l.Version, which
// touched no date before from, appended to changes carried from before.
func (l Log) After(changes []Change, since int64, from string) Log {
	kept := changes[max(len(changes)+1-ChangesKept, 0):]
	l.Changes = append(append(make([]Change, 0, len(kept)+1), kept...), Change{Since: since, Version: l.Version, From: from})
	return l
}

// SameBefore reports whether the entries dated before date are the same in
// l as in the reader's log at version: Changes lead from version to
// l.Version without touching a date before date. False when that is not
// known.
func (l Log) SameBefore(version int64, date string) bool {
	at := version
	for _, c := range l.Changes {
		if c.Version <= at {
			continue
		}
		if c.Since != at || c.From < date {
			return false
		}
		at = c.Version
	}
	return at == l.Version
}

// VersionStamp is the cache key of the stamp of the reader's log version
// (platform/cache, stamp.go): every write to the log keeps it, so a read
// learns the version with the session instead of from the database.
func VersionStamp(userID string) string { return "stamp:log:" + userID }

// Reader reads a reader's log. Implemented by the reading module.
type Reader interface {
	// Log returns the entries dated on or after from ("" for all), ordered by
	// date, then start verse, read in one consistent snapshot with the version.
	Log(ctx context.Context, userID, from string) (Log, error)
	// LogAt is Log at version or later, for a caller who learned that
	// version was committed (a projection's inputs): it may be answered
	// without the database.
	LogAt(ctx context.Context, userID, from string, version int64) (Log, error)
	// Version returns the reader's current log version (cheap).
	Version(ctx context.Context, userID string) (int64, error)
	// UsersWithEntries lists the ids of readers who have a log, for rebuilds.
	UsersWithEntries(ctx context.Context) ([]string, error)
}

// Operations carried by LogEntryChanged.
const (
	OpCreated = "created"
	OpUpdated = "updated"
	OpDeleted = "deleted"
)

// LogEntryChanged is published (through the outbox) after every write to a
// reader's log. Dates lists every date whose entries changed (both the old
// and the new date of a moved entry).
type LogEntryChanged struct {
	UserID  string   `json:"userId"`
	Dates   []string `json:"dates"`
	Op      string   `json:"op"`
	Version int64    `json:"version"`
}

// Topic implements bus.Event.
func (LogEntryChanged) Topic() string { return "reading.log_entry_changed" }

// Importer adds entries read from a file inside the unit of work of the
// module importing it, so the whole import commits or rolls back together.
// Implemented by the reading module.
type Importer interface {
	// ImportEntries adds to userID's log those entries whose date and range
	// are neither logged yet nor earlier in entries, and reports which it
	// added. It takes the log's next version first, which on PostgreSQL
	// holds other writes to the log until tx ends, so the check and the
	// writes agree. An entry without an id or times gets new ones; the
	// entries must be valid (Entry.Range().Validate and a real date).
	ImportEntries(tx *uow.Tx, userID string, entries []Entry) ([]bool, error)
}

// CensusKind is the name the census counts a reader's log entries under.
const CensusKind = "entries"

// InputName names the log among the read models' inputs.
const InputName = "log"

// Input is the log as the read models' input (platform/inputs): its version
// and its change event; the engine reads the entries at that version itself
// (Reader.LogAt). The handler keeps the consumer group it always had.
func Input(r Reader) inputs.Input {
	return inputs.Input{
		Name:        InputName,
		Stamp:       VersionStamp,
		OnlyVersion: true,
		Read: func(ctx context.Context, userID string) (any, int64, error) {
			v, err := r.Version(ctx, userID)
			return nil, v, err
		},
		OnChange: func(changed func(context.Context, string) error) bus.Handler {
			return bus.On("projections.refresh", func(ctx context.Context, ev LogEntryChanged) error {
				return changed(ctx, ev.UserID)
			})
		},
	}
}
