package app

import (
	"context"

	"lamplight/modules/feedback/feedbackapi"
	"lamplight/modules/feedback/internal/domain"
	"lamplight/modules/feedback/internal/store"
)

// ChangeStatus resolves, archives or reopens a message.
func (s *Service) ChangeStatus(ctx context.Context, id string, c domain.StatusChange) (feedbackapi.Feedback, error) {
	if !domain.PlausibleID(id) {
		return feedbackapi.Feedback{}, ErrFeedbackNotFound
	}
	status, err := c.Validate()
	if err != nil {
		return feedbackapi.Feedback{}, err
	}
	var out feedbackapi.Feedback
	err = s.store.Transact(ctx, func(tx *store.Tx) error {
		var err error
		out, err = tx.Update(id, func(f *feedbackapi.Feedback) error {
			f.Status, f.UpdatedAt = status, s.now()
			return nil
		})
		return err
	})
	if err != nil {
		return feedbackapi.Feedback{}, translate(err)
	}
	return out, nil
}
