package app

import (
	"context"

	"lamplight/modules/reading/readingapi"
)

// LogFromDatabase is Log without the kept log, for tests.
func (s *Service) LogFromDatabase(ctx context.Context, userID, from string) (readingapi.Log, error) {
	return s.store.Snapshot(ctx, userID, from)
}
