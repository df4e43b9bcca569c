package app

import (
	"context"
	"errors"

	"lamplight/modules/reminders/internal/store"
	"lamplight/modules/reminders/remindersapi"
	"lamplight/platform/redirect"
)

// Open records that a reminder's link was followed (ReminderOpened, the
// first time) and returns where to go: to, when it is a path of this site,
// else the home page. An unknown token still leads on.
func (s *Service) Open(ctx context.Context, token, to string) (string, error) {
	to = redirect.Or(to, "/today")
	if token == "" {
		return to, nil
	}
	now := s.now()
	err := s.store.Transact(ctx, func(tx *store.Tx) error {
		o, err := tx.ByToken(hashToken(token))
		if err != nil || o.OpenedAt != nil {
			return err
		}
		if err := tx.MarkOpened(o, now); err != nil {
			return err
		}
		return tx.Record(remindersapi.ReminderOpened{UserID: o.UserID, LocalDate: o.LocalDate, At: now})
	})
	if errors.Is(err, store.ErrNotFound) {
		err = nil
	}
	return to, err
}
