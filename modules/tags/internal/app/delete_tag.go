package app

import (
	"context"

	"gorm.io/gorm"

	"lamplight/modules/tags/internal/domain"
	"lamplight/modules/tags/tagsapi"
	"lamplight/platform/outbox"
)

// Delete removes a tag and, in the same transaction, every reference to it
// (notes drop it from their tags), then records TagDeleted.
func (s *Service) Delete(ctx context.Context, userID, id string) error {
	if !domain.PlausibleID(id) {
		return ErrTagNotFound
	}
	err := s.outbox.Transact(ctx, func(tx *gorm.DB) error {
		if err := s.store.With(tx).Delete(userID, id); err != nil {
			return err
		}
		for _, r := range s.referrers {
			if err := r.RemoveTag(tx, userID, id); err != nil {
				return err
			}
		}
		return outbox.Record(tx, tagsapi.TagDeleted{UserID: userID, TagID: id})
	})
	return translate(err)
}
