package app

import (
	"context"

	"lamplight/modules/reminders/internal/store"
)

// UnsubscribeToken turns reminders off for whoever holds a reminder's token,
// without a session (RFC 8058 one-click). Tokens of reminders sent before
// reminders were last turned on no longer work; repeating it is harmless.
func (s *Service) UnsubscribeToken(ctx context.Context, token string) error {
	if token == "" {
		return ErrTokenInvalid
	}
	return s.store.Transact(ctx, func(tx *store.Tx) error {
		o, err := tx.ByToken(hashToken(token))
		if err != nil {
			return translate(err)
		}
		r, err := tx.Reminder(o.UserID)
		if err != nil {
			return translate(err)
		}
		if r.Generation != o.Generation {
			return ErrTokenInvalid
		}
		r.Enabled, r.NextAt, r.ClaimedUntil, r.UpdatedAt = false, nil, nil, s.now()
		return tx.Save(r)
	})
}
