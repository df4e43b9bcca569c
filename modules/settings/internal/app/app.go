// Package app holds the settings use cases.
package app

import (
	"context"
	"time"

	"lamplight/modules/bible"
	"lamplight/modules/identity/identityapi"
	"lamplight/modules/settings/internal/store"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/dates"
	"lamplight/platform/outbox"
)

// Hints seed a new reader's defaults from what the account already knows.
type Hints struct {
	Locale   string
	TimeZone string
}

// Service runs the settings use cases.
type Service struct {
	store     *store.Store
	outbox    *outbox.Outbox
	directory identityapi.Directory
	now       func() time.Time
}

// New builds the service. The directory (may be nil) supplies a new reader's
// language and time zone when settings are first read without a request.
func New(s *store.Store, o *outbox.Outbox, d identityapi.Directory) *Service {
	return &Service{store: s, outbox: o, directory: d, now: time.Now}
}

// defaults are a new reader's settings: the look-back date is the first day
// of the current year in the reader's zone, the goal is the Bible in a year.
func (s *Service) defaults(h Hints) settingsapi.Settings {
	loc, ok := bible.ParseLocale(h.Locale)
	if !ok {
		loc = bible.English
	}
	tz := h.TimeZone
	if _, err := time.LoadLocation(tz); err != nil || tz == "" {
		tz = "UTC"
	}
	today := dates.Today(tz, s.now())
	return settingsapi.Settings{
		LookBackDate:          today[:4] + "-01-01",
		DailyVerseCountGoal:   settingsapi.DefaultDailyGoal,
		PreferredBibleVersion: bible.DefaultVersionFor(loc),
		Locale:                string(loc),
		TimeZone:              tz,
		RestDaysPerWeek:       settingsapi.DefaultRestDaysPerWeek,
	}
}

// GetFor returns the reader's settings, creating defaults from hints the first time.
func (s *Service) GetFor(ctx context.Context, userID string, h Hints) (settingsapi.Settings, error) {
	return s.store.GetOrCreate(ctx, userID, s.defaults(h))
}

// Get implements settingsapi.Reader.
func (s *Service) Get(ctx context.Context, userID string) (settingsapi.Settings, error) {
	var h Hints
	if s.directory != nil {
		if u, err := s.directory.User(ctx, userID); err == nil {
			h = Hints{Locale: u.Locale, TimeZone: u.TimeZone}
		}
	}
	return s.GetFor(ctx, userID, h)
}

// DeleteUserData removes the reader's settings after the account is deleted.
func (s *Service) DeleteUserData(ctx context.Context, userID string) error {
	return s.store.DeleteUser(ctx, userID)
}
