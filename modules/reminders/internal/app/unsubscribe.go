package app

import (
	"context"

	"lamplight/modules/reminders/internal/store"
)

// CheckToken tells whether a reminder's token would still turn reminders
// off, changing nothing: the unsubscribe page says a dead link is dead
// before the reader presses its button.
func (s *Service) CheckToken(ctx context.Context, token string) error {
	if token == "" {
		return ErrTokenInvalid
	}
	return s.store.Transact(ctx, func(tx *store.Tx) error {
		_, err := live(tx, token)
		return err
	})
}

// live finds the reminder a token belongs to, when the token still works.
func live(tx *store.Tx, token string) (store.Reminder, error) {
	o, err := tx.ByToken(hashToken(token))
	if err != nil {
		return store.Reminder{}, translate(err)
	}
	r, err := tx.Reminder(o.UserID)
	if err != nil {
		return r, translate(err)
	}
	if r.Generation != o.Generation {
		return r, ErrTokenInvalid
	}
	return r, nil
}

// UnsubscribeToken turns reminders off for whoever holds a reminder's token,
// without a session (RFC 8058 one-click). Tokens of reminders sent before
// reminders were last turned on no longer work; repeating it is harmless.
func (s *Service) UnsubscribeToken(ctx context.Context, token string) error {
	if token == "" {
		return ErrTokenInvalid
	}
	return s.store.Transact(ctx, func(tx *store.Tx) error {
		r, err := live(tx, token)
		if err != nil {
			return err
		}
		r.Enabled, r.NextAt, r.ClaimedUntil, r.UpdatedAt = false, nil, nil, s.now()
		return tx.Save(r)
	})
}
