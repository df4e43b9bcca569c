package app

import (
	"context"

	"lamplight/modules/tags/internal/domain"
	"lamplight/modules/tags/internal/store"
	"lamplight/modules/tags/tagsapi"
)

// Delete removes a tag, takes it off the notes in the same unit of work (so
// a read after the answer finds no note with it) and records TagDeleted.
func (s *Service) Delete(ctx context.Context, userID, id string) error {
	if !domain.PlausibleID(id) {
		return ErrTagNotFound
	}
	err := s.store.Transact(ctx, func(tx *store.Tx) error {
		if err := tx.Delete(userID, id); err != nil {
			return err
		}
		if s.detach != nil {
			if err := s.detach.DetachTag(tx.Tx, userID, id); err != nil {
				return err
			}
		}
		return tx.Record(tagsapi.TagDeleted{UserID: userID, TagID: id})
	})
	return translate(err)
}
