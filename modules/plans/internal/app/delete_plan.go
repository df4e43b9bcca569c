package app

import (
	"context"

	"lamplight/modules/plans/internal/store"
)

// Delete removes one of the reader's plans.
func (s *Service) Delete(ctx context.Context, userID, id string) error {
	return translate(s.store.Transact(ctx, func(tx *store.Tx) error {
		if err := tx.Delete(userID, id); err != nil {
			return err
		}
		return tx.Changed(userID, id)
	}))
}
