package app

import (
	"context"
	"encoding/json"
	"strconv"

	"lamplight/platform/cache"
	"lamplight/platform/dates"
	"lamplight/platform/errs"
	"lamplight/platform/httpx"
)

// List returns the reader's entries dated in [from, to] as JSON; either date
// may be empty (the whole log: ListAll serves that faster).
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
	entries, err := s.store.List(ctx, userID, from, to)
	if err != nil {
		return nil, err
	}
	return json.Marshal(entries)
}

// ListAll returns the reader's whole log as gzip-compressed JSON, and a log
// version it holds every write up to (it may hold later ones too), from which
// a client can follow the changes. It is kept
// compressed in the cache while the log's version is current, so a ten-year
// log (about 800 KB of JSON, 100 KB compressed) is sent without being encoded or compressed
// again.
func (s *Service) ListAll(ctx context.Context, userID string) ([]byte, int64, error) {
	version, err := s.store.Version(ctx, userID)
	if err != nil {
		return nil, 0, err
	}
	gz, err := cache.Versioned(ctx, s.cache, s.log, entriesKey(userID), strconv.FormatInt(version, 10), entriesCacheTTL,
		func() ([]byte, error) {
			log, err := s.store.Snapshot(ctx, userID, "")
			if err != nil {
				return nil, err
			}
			raw, err := json.Marshal(log.Entries)
			if err != nil {
				return nil, err
			}
			return httpx.Gzip(raw)
		})
	return gz, version, err
}

func entriesKey(userID string) string { return "reading:entries:" + userID }
