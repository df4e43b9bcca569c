package app

import (
	"context"

	"lamplight/modules/feedback/feedbackapi"
	"lamplight/modules/feedback/internal/domain"
	"lamplight/modules/feedback/internal/store"
	"lamplight/modules/identity/identityapi"
)

// Delete removes a message for good, and records it in the audit log.
func (s *Service) Delete(ctx context.Context, actor identityapi.User, id string) error {
	if !domain.PlausibleID(id) {
		return ErrFeedbackNotFound
	}
	return translate(s.store.Transact(ctx, func(tx *store.Tx) error {
		f, err := tx.Remove(id)
		if err != nil {
			return err
		}
		return s.record(tx, actor, feedbackapi.ActionDeleteFeedback, f)
	}))
}
