package app

import (
	"context"

	"gorm.io/gorm"
)

// OwnedIDs implements tagsapi.Owner.
func (s *Service) OwnedIDs(ctx context.Context, userID string, ids []string) ([]string, error) {
	labels, err := s.store.Labels(ctx, userID, ids, false)
	return owned(ids, labels), err
}

// LockOwned implements tagsapi.Owner.
func (s *Service) LockOwned(tx *gorm.DB, userID string, ids []string) ([]string, error) {
	labels, err := s.store.With(tx).Labels(tx.Statement.Context, userID, ids, true)
	return owned(ids, labels), err
}

// Labels implements tagsapi.Owner.
func (s *Service) Labels(ctx context.Context, userID string, ids []string) (map[string]string, error) {
	return s.store.Labels(ctx, userID, ids, false)
}

// owned keeps the ids found, each once, in the order given.
func owned(ids []string, found map[string]string) []string {
	out := make([]string, 0, len(found))
	seen := make(map[string]bool, len(found))
	for _, id := range ids {
		if _, ok := found[id]; ok && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
