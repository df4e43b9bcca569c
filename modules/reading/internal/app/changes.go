package app

import (
	"context"

	"lamplight/modules/reading/readingapi"
	"lamplight/platform/cache"
	"lamplight/platform/errs"
)

// Changes is what a client keeping a local copy needs to catch up.
type Changes struct {
	Version int64              `json:"version"`
	Entries []readingapi.Entry `json:"entries"`
	Deleted []string           `json:"deleted"`
}

// Changes returns entries written and ids deleted after version since.
func (s *Service) Changes(ctx context.Context, userID string, since int64) (Changes, error) {
	if since < 0 {
		return Changes{}, errs.Validation(errs.Field("since", errs.IsInvalid))
	}
	// A client that is up to date (the usual poll) is answered from the
	// version's stamp, read with the session: no statement.
	version, err := cache.StampedVersion(ctx, s.cache, readingapi.VersionStamp(userID), func(ctx context.Context) (int64, error) {
		return s.store.Version(ctx, userID)
	})
	if err != nil {
		return Changes{}, err
	}
	if since >= version {
		return Changes{Version: version, Entries: []readingapi.Entry{}, Deleted: []string{}}, nil
	}
	log, deleted, err := s.store.Changes(ctx, userID, since)
	if err != nil {
		return Changes{}, err
	}
	if log.Entries == nil {
		log.Entries = []readingapi.Entry{}
	}
	if deleted == nil {
		deleted = []string{}
	}
	return Changes{Version: log.Version, Entries: log.Entries, Deleted: deleted}, nil
}
