// Package readmodelsapi is the read models' published contract: typed
// readers of a reader's progress, streak, suggestions, date verse counts
// and insights for the modules that show them elsewhere (sharing, reminders),
// the Rebuilder that `lamplight projections rebuild` drives, and the
// Input a source module contributes to the engine. It carries domain types
// only; the engine itself is the readmodels module's internal.
package readmodelsapi

import (
	"context"

	"lamplight/modules/bible"
)

// Rebuilder recomputes one read model for one reader and stores it.
type Rebuilder interface {
	// Name is the read model's name, e.g. "versecounts".
	Name() string
	// Rebuild recomputes the reader's value from the source of truth and
	// stores it, whatever the cache holds.
	Rebuild(ctx context.Context, userID string) error
}

// BulkRebuilder is a Rebuilder that rebuilds every reader at once, which
// `lamplight projections rebuild` prefers: in parallel, and continuing
// where a rebuild that stopped left off.
type BulkRebuilder interface {
	Rebuilder
	// RebuildAll rebuilds users, calling progress (when not nil) as they
	// are done.
	RebuildAll(ctx context.Context, users []string, progress func(done, total int)) error
}

// RebuilderGroup is the fx group every read model adds its Rebuilder to:
//
//	type in struct {
//		fx.In
//		Rebuilders []readmodelsapi.Rebuilder `group:"projection_rebuilders"`
//	}
const RebuilderGroup = `group:"projection_rebuilders"`

// BookProgress is one book's share read since the look-back date.
type BookProgress struct {
	Book       int
	Percentage int
	Complete   bool
}

// Progress is the share of the Bible and of each book read since the
// look-back date; a percentage is 100 only when complete.
type Progress struct {
	Percentage int
	Books      []BookProgress
}

// ProgressReader reads a reader's progress.
type ProgressReader interface {
	Progress(ctx context.Context, userID string) (Progress, error)
}

// Streak is a reader's current and longest run of reading days.
type Streak struct {
	Current int
	Longest int
}

// StreakReader reads a reader's streak on their local date today ("" for
// the reader's current local date).
type StreakReader interface {
	Streak(ctx context.Context, userID, today string) (Streak, error)
}

// SuggestionsReader reads the passages suggested to a reader for today (""
// for the reader's current local date), at most three, and the date they
// are for.
type SuggestionsReader interface {
	Suggestions(ctx context.Context, userID, today string) (day string, next []bible.Range, err error)
}

// DayCount is one date's verses read and verses read for the first time
// since the look-back date.
type DayCount struct {
	Date   string
	Total  int
	Unique int
}

// DateVerseCountsReader reads a reader's counts per date from from to to
// (YYYY-MM-DD, both included); dates without reading are left out.
type DateVerseCountsReader interface {
	DateVerseCounts(ctx context.Context, userID, from, to string) ([]DayCount, error)
}

// InsightsSummary is the part of a reader's insights other modules show:
// over the whole history, the days with reading and the chapters read
// completely at least once.
type InsightsSummary struct {
	ReadingDays  int
	ChaptersRead int
}

// InsightsReader reads a reader's insights on their local date today (""
// for the reader's current local date).
type InsightsReader interface {
	Insights(ctx context.Context, userID, today string) (InsightsSummary, error)
}
