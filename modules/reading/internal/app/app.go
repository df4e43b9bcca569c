// Package app holds the reading use cases, one file each.
package app

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"time"

	"lamplight/modules/reading/internal/store"
	"lamplight/modules/reading/readingapi"
	"lamplight/platform/cache"
	"lamplight/platform/errs"
	"lamplight/platform/memo"
)

// ErrEntryNotFound is the answer for a missing entry or another reader's.
var ErrEntryNotFound = errs.NotFound("entry_not_found")

// entriesCacheTTL bounds how long an unused reader's log stays cached.
const entriesCacheTTL = 24 * time.Hour

// Service runs the reading use cases.
type Service struct {
	store *store.Store
	cache cache.Cache
	log   *slog.Logger
	now   func() time.Time
	logs  logMemo
	// wholeLogs is ListAll's encoded logs.
	wholeLogs *memo.Memo[string, WholeLog]
}

// New builds the service. Times are kept to the microsecond, the precision
// both databases store, so a written entry reads back unchanged.
func New(s *store.Store, c cache.Cache, log *slog.Logger) *Service {
	return &Service{store: s, cache: c, log: log, wholeLogs: memo.New[string, WholeLog](wholeLogsSize), now: func() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }}
}

// write runs fn on the reader's log in one unit of work with a new log
// version, and records the event for the dates it reports as changed.
func (s *Service) write(ctx context.Context, userID, op string, fn func(t *store.Tx) ([]string, error)) error {
	err := s.store.Transact(ctx, userID, func(t *store.Tx) error {
		changed, err := fn(t)
		if err != nil {
			return err
		}
		slices.Sort(changed)
		return t.Record(readingapi.LogEntryChanged{
			UserID: userID, Dates: slices.Compact(changed), Op: op, Version: t.Version,
		})
	})
	if errors.Is(err, store.ErrNotFound) {
		return ErrEntryNotFound
	}
	return err
}
