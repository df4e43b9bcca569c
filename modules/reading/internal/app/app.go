// Package app holds the reading use cases, one file each.
package app

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"time"

	"gorm.io/gorm"

	"lamplight/modules/reading/internal/store"
	"lamplight/modules/reading/readingapi"
	"lamplight/platform/cache"
	"lamplight/platform/errs"
	"lamplight/platform/outbox"
)

// ErrEntryNotFound is the answer for a missing entry or another reader's.
var ErrEntryNotFound = errs.NotFound("reading.entry_not_found")

// entriesCacheTTL bounds how long an unused reader's log stays cached.
const entriesCacheTTL = 24 * time.Hour

// Service runs the reading use cases.
type Service struct {
	store  *store.Store
	outbox *outbox.Outbox
	cache  cache.Cache
	log    *slog.Logger
	now    func() time.Time
}

// New builds the service. Times are kept to the microsecond, the precision
// both databases store, so a written entry reads back unchanged.
func New(s *store.Store, o *outbox.Outbox, c cache.Cache, log *slog.Logger) *Service {
	return &Service{store: s, outbox: o, cache: c, log: log, now: func() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }}
}

// write runs fn on the reader's log in one transaction with a new log
// version, and records the event for the dates it reports as changed.
func (s *Service) write(ctx context.Context, userID, op string, fn func(t *store.Tx) ([]string, error)) error {
	err := s.outbox.Transact(ctx, func(tx *gorm.DB) error {
		t, err := store.BumpVersion(tx, userID)
		if err != nil {
			return err
		}
		changed, err := fn(t)
		if err != nil {
			return err
		}
		slices.Sort(changed)
		return outbox.Record(tx, readingapi.LogEntryChanged{
			UserID: userID, Dates: slices.Compact(changed), Op: op, Version: t.Version,
		})
	})
	if errors.Is(err, store.ErrNotFound) {
		return ErrEntryNotFound
	}
	return err
}
