package store

import (
	"context"

	"lamplight/platform/db"
)

// CountPerUser counts the tags of userIDs (of every reader when nil), for
// the census (platform/census).
func (s *Store) CountPerUser(ctx context.Context, userIDs []string) (map[string]int, error) {
	return db.CountPerKey(ctx, s.db, "passage_note_tags", "user_id", userIDs)
}
