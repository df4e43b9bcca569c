package app

import (
	"context"
	"strconv"

	"lamplight/modules/reading/readingapi"
	"lamplight/platform/cache"
	"lamplight/platform/dates"
	"lamplight/platform/errs"
)

// List returns the reader's entries dated in [from, to]; either may be empty.
// The whole log is served from the cache while its version is current.
func (s *Service) List(ctx context.Context, userID, from, to string) ([]readingapi.Entry, error) {
	var f errs.Fields
	if from != "" && !dates.Valid(from) {
		f.Add("from", errs.IsInvalid)
	}
	if to != "" && !dates.Valid(to) {
		f.Add("to", errs.IsInvalid)
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	if from != "" || to != "" {
		return s.store.List(ctx, userID, from, to)
	}
	version, err := s.store.Version(ctx, userID)
	if err != nil {
		return nil, err
	}
	return cache.Versioned(ctx, s.cache, s.log, "reading:entries:"+userID, strconv.FormatInt(version, 10), entriesCacheTTL,
		func() ([]readingapi.Entry, error) {
			log, err := s.store.Snapshot(ctx, userID, "")
			return log.Entries, err
		})
}
