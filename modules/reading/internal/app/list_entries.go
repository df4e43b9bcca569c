package app

import (
	"context"
	"encoding/json"
	"strconv"

	"lamplight/platform/cache"
	"lamplight/platform/dates"
	"lamplight/platform/errs"
)

// List returns the reader's entries dated in [from, to] as JSON; either date
// may be empty. The whole log is kept encoded in the cache while its version
// is current, so a ten-year log is served without decoding it again.
func (s *Service) List(ctx context.Context, userID, from, to string) (json.RawMessage, error) {
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
		entries, err := s.store.List(ctx, userID, from, to)
		if err != nil {
			return nil, err
		}
		return json.Marshal(entries)
	}
	version, err := s.store.Version(ctx, userID)
	if err != nil {
		return nil, err
	}
	return cache.Versioned(ctx, s.cache, s.log, entriesKey(userID), strconv.FormatInt(version, 10), entriesCacheTTL,
		func() (json.RawMessage, error) {
			log, err := s.store.Snapshot(ctx, userID, "")
			if err != nil {
				return nil, err
			}
			return json.Marshal(log.Entries)
		})
}

func entriesKey(userID string) string { return "reading:entries:" + userID }
