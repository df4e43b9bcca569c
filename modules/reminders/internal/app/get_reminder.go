package app

import (
	"context"
	"errors"
	"time"

	"lamplight/modules/reminders/internal/domain"
	"lamplight/modules/reminders/internal/store"
)

// View is a reader's reminder as the API shows it.
type View struct {
	Enabled          bool     `json:"enabled"`
	Time             string   `json:"time"`
	Days             []int    `json:"days"`
	OnlyIfUnread     bool     `json:"onlyIfUnread"`
	OnlyIfPlanUnread bool     `json:"onlyIfPlanUnread"`
	Channels         []string `json:"channels"`
	// Paused is set when reminders stopped after unanswered ones; saving
	// the reminder again resumes them.
	Paused bool `json:"paused"`
	// TimeZone is the reader's zone the time is read in.
	TimeZone string `json:"timeZone"`
	// Next is when the next reminder is due, null when off.
	Next *time.Time `json:"next"`
}

// Get returns the reader's reminder, the default (off) when never saved.
func (s *Service) Get(ctx context.Context, userID string) (View, error) {
	set, err := s.settings.Get(ctx, userID)
	if err != nil {
		return View{}, err
	}
	r, err := s.store.Reminder(ctx, userID)
	if errors.Is(err, store.ErrNotFound) {
		return view(false, domain.DefaultSchedule, nil, set.TimeZone, nil), nil
	}
	if err != nil {
		return View{}, err
	}
	return viewOf(r, set.TimeZone), nil
}

func viewOf(r store.Reminder, zone string) View {
	next := r.NextAt
	if !r.Enabled || r.PausedAt != nil {
		next = nil
	}
	return view(r.Enabled, domain.ParseSchedule(r.LocalTime, r.Days, r.Channels, r.OnlyIfUnread, r.OnlyIfPlanUnread), r.PausedAt, zone, next)
}

func view(enabled bool, s domain.Schedule, paused *time.Time, zone string, next *time.Time) View {
	if next != nil {
		n := next.UTC()
		next = &n
	}
	return View{
		Enabled: enabled, Time: s.Time(), Days: s.Days, OnlyIfUnread: s.OnlyIfUnread, OnlyIfPlanUnread: s.OnlyIfPlanUnread, Channels: s.Channels,
		Paused: enabled && paused != nil, TimeZone: zone, Next: next,
	}
}
