package app

import (
	"context"

	"lamplight/modules/feedback/internal/domain"
	"lamplight/modules/feedback/internal/store"
)

// Delete removes a message for good.
func (s *Service) Delete(ctx context.Context, id string) error {
	if !domain.PlausibleID(id) {
		return ErrFeedbackNotFound
	}
	return translate(s.store.Transact(ctx, func(tx *store.Tx) error { return tx.Delete(id) }))
}
