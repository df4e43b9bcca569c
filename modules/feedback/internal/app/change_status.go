package app

import (
	"context"

	"lamplight/modules/feedback/feedbackapi"
	"lamplight/modules/feedback/internal/domain"
	"lamplight/modules/feedback/internal/store"
	"lamplight/modules/identity/identityapi"
)

// statusActions names each status change in the audit log.
var statusActions = map[string]string{
	feedbackapi.StatusResolved: feedbackapi.ActionResolveFeedback,
	feedbackapi.StatusArchived: feedbackapi.ActionArchiveFeedback,
	feedbackapi.StatusOpen:     feedbackapi.ActionReopenFeedback,
}

// ChangeStatus resolves, archives or reopens a message, and records it in
// the audit log.
func (s *Service) ChangeStatus(ctx context.Context, actor identityapi.User, id string, c domain.StatusChange) (feedbackapi.Feedback, error) {
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
		if err != nil {
			return err
		}
		return s.record(tx, actor, statusActions[status], out)
	})
	if err != nil {
		return feedbackapi.Feedback{}, translate(err)
	}
	return out, nil
}
