package app

import (
	"context"

	"lamplight/modules/feedback/feedbackapi"
	"lamplight/modules/feedback/internal/domain"
	"lamplight/modules/feedback/internal/mailtemplates"
	"lamplight/modules/feedback/internal/store"
	"lamplight/modules/identity/identityapi"
)

// Reply emails an admin's answer to a message's sender, in the sender's
// language with the original quoted, and marks the message replied; the
// mail is queued in the same unit of work, so it is sent if and only if
// the mark commits, like the audit line.
func (s *Service) Reply(ctx context.Context, actor identityapi.User, id string, r domain.Reply) (feedbackapi.Feedback, error) {
	if !domain.PlausibleID(id) {
		return feedbackapi.Feedback{}, ErrFeedbackNotFound
	}
	text, err := r.Validate()
	if err != nil {
		return feedbackapi.Feedback{}, err
	}
	var out feedbackapi.Feedback
	err = s.store.Transact(ctx, func(tx *store.Tx) error {
		var err error
		out, err = tx.Update(id, func(f *feedbackapi.Feedback) error {
			now := s.now()
			f.RepliedAt, f.UpdatedAt = &now, now
			return nil
		})
		if err != nil {
			return err
		}
		if err := s.record(tx, actor, feedbackapi.ActionReplyFeedback, out); err != nil {
			return err
		}
		return tx.Enqueue(mailtemplates.Reply(out.Locale, out.Email, text, out.Message, out.CreatedAt))
	})
	if err != nil {
		return feedbackapi.Feedback{}, translate(err)
	}
	return out, nil
}
