package app

import (
	"context"
	"errors"
	"time"

	"lamplight/modules/reminders/internal/domain"
	"lamplight/modules/reminders/internal/store"
)

// Save replaces the reader's reminder. Turning reminders on (or saving
// paused ones) starts a new generation: links of earlier reminders no
// longer unsubscribe. site is the address the reader saved from, used for
// links when no site address is configured.
func (s *Service) Save(ctx context.Context, userID, site string, in domain.Input) (View, error) {
	enabled, sch, err := in.Validate()
	if err != nil {
		return View{}, err
	}
	set, err := s.settings.Get(ctx, userID)
	if err != nil {
		return View{}, err
	}
	var out store.Reminder
	err = s.store.Transact(ctx, func(tx *store.Tx) error {
		out, err = s.save(tx, userID, set.TimeZone, site, enabled, sch)
		return err
	})
	if err != nil {
		return View{}, err
	}
	return viewOf(out, set.TimeZone), nil
}

// save replaces the reader's reminder in tx and schedules the next one.
func (s *Service) save(tx *store.Tx, userID, zone, site string, enabled bool, sch domain.Schedule) (store.Reminder, error) {
	loc := location(zone)
	now := s.now()
	r, err := tx.Reminder(userID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return r, err
	}
	if enabled && (!r.Enabled || r.PausedAt != nil) {
		r.Generation++
	}
	r.UserID, r.Enabled, r.OnlyIfUnread, r.OnlyIfPlanUnread = userID, enabled, sch.OnlyIfUnread, sch.OnlyIfPlanUnread
	r.LocalTime, r.Days, r.Channels = sch.Time(), sch.DaysText(), sch.ChannelsText()
	r.PausedAt, r.ClaimedUntil, r.UpdatedAt, r.SiteURL = nil, nil, now, site
	r.NextAt = nil
	if enabled {
		// A reminder already due today (set for a minute ago) is not
		// sent at once: the next one is at least a minute away.
		if o, ok := domain.Next(sch, loc, now, ""); ok {
			if !o.At.After(now) {
				o, ok = domain.Next(sch, loc, now, o.Date)
			}
			if ok {
				r.NextAt = &o.At
			}
		}
	}
	return r, tx.Save(r)
}

// Reschedule recomputes when the reader's next reminder is due, after
// their time zone changed.
func (s *Service) Reschedule(ctx context.Context, userID string) error {
	set, err := s.settings.Get(ctx, userID)
	if err != nil {
		return err
	}
	return s.store.Transact(ctx, func(tx *store.Tx) error {
		r, err := tx.Reminder(userID)
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		if err != nil || !r.Enabled {
			return err
		}
		r.NextAt = nil
		sch := domain.ParseSchedule(r.LocalTime, r.Days, r.Channels, r.OnlyIfUnread, r.OnlyIfPlanUnread)
		if o, ok := domain.Next(sch, location(set.TimeZone), s.now(), r.DoneDate); ok {
			r.NextAt = &o.At
		}
		return tx.Save(r)
	})
}

func location(zone string) *time.Location {
	if loc, err := time.LoadLocation(zone); err == nil && zone != "" {
		return loc
	}
	return time.UTC
}
