package app

import (
	"context"

	"lamplight/modules/tags/internal/domain"
	"lamplight/modules/tags/internal/store"
	"lamplight/platform/uow"
)

// HoldOwned implements tagsapi.Owner.
func (s *Service) HoldOwned(tx *uow.Tx, userID string, ids []string) ([]string, error) {
	labels, err := store.Join(tx).HoldIDs(userID, plausible(ids))
	return owned(ids, labels), err
}

// Labels implements tagsapi.Owner.
func (s *Service) Labels(ctx context.Context, userID string, ids []string) (map[string]string, error) {
	return s.store.Labels(ctx, userID, plausible(ids))
}

// plausible keeps the ids that could name a tag.
func plausible(ids []string) []string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if domain.PlausibleID(id) {
			out = append(out, id)
		}
	}
	return out
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
