package app

import (
	"context"

	"lamplight/modules/tags/internal/domain"
	"lamplight/modules/tags/internal/store"
	"lamplight/modules/tags/tagsapi"
)

// Delete removes a tag and records TagDeleted, on which the modules that
// keep tag ids (notes) drop it from their rows.
func (s *Service) Delete(ctx context.Context, userID, id string) error {
	if !domain.PlausibleID(id) {
		return ErrTagNotFound
	}
	err := s.store.Transact(ctx, func(tx *store.Tx) error {
		if err := tx.Delete(userID, id); err != nil {
			return err
		}
		return tx.Record(tagsapi.TagDeleted{UserID: userID, TagID: id})
	})
	return translate(err)
}
