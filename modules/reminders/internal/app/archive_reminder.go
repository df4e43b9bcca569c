package app

import (
	"context"
	"errors"

	"lamplight/modules/reminders/internal/domain"
	"lamplight/modules/reminders/internal/store"
	"lamplight/modules/reminders/remindersapi"
	"lamplight/platform/uow"
)

// Reminder implements remindersapi.Reader: the saved schedule, for the
// archive.
func (s *Service) Reminder(ctx context.Context, userID string) (*remindersapi.Reminder, error) {
	r, err := s.store.Reminder(ctx, userID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	sch := domain.ParseSchedule(r.LocalTime, r.Days, r.Channels, r.OnlyIfUnread, r.OnlyIfPlanUnread)
	return &remindersapi.Reminder{
		Enabled: r.Enabled, Time: sch.Time(), Days: sch.Days, OnlyIfUnread: sch.OnlyIfUnread, OnlyIfPlanUnread: sch.OnlyIfPlanUnread,
		Channels: sch.Channels,
	}, nil
}

// RestoreReminder implements remindersapi.Restorer: the archive's reminder
// is saved as the reader would save it, so it starts unpaused.
func (s *Service) RestoreReminder(u *uow.Tx, userID, timeZone, site string, r remindersapi.Reminder) error {
	enabled, sch, err := domain.Input{
		Enabled: &r.Enabled, Time: &r.Time, Days: r.Days, OnlyIfUnread: &r.OnlyIfUnread, OnlyIfPlanUnread: &r.OnlyIfPlanUnread,
		Channels: r.Channels,
	}.Validate()
	if err != nil {
		return err
	}
	_, err = s.save(store.Join(u), userID, timeZone, site, enabled, sch)
	return err
}
