// Package app holds the settings use cases.
package app

import (
	"context"
	"errors"
	"time"

	"lamplight/modules/bible"
	"lamplight/modules/identity/identityapi"
	"lamplight/modules/settings/internal/store"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/dates"
)

// Hints seed a new reader's defaults from what the account already knows.
type Hints struct {
	Locale   string
	TimeZone string
}

// Service runs the settings use cases.
type Service struct {
	store     *store.Store
	directory identityapi.Directory
	locales   identityapi.LocaleWriter
	now       func() time.Time
}

// New builds the service. The directory (may be nil) supplies a new reader's
// language and time zone when settings are first read without a request;
// the locale writer (may be nil) saves a language change to the account,
// which keeps the reader's language for every module.
func New(s *store.Store, d identityapi.Directory, l identityapi.LocaleWriter) *Service {
	return &Service{store: s, directory: d, locales: l, now: time.Now}
}

// defaults are a new reader's settings: the look-back date is the day they
// start in their zone (so progress counts from their first reading), the
// goal is the Bible in a year, and the welcome is still to come.
func (s *Service) defaults(h Hints) settingsapi.Settings {
	loc, ok := bible.ParseLocale(h.Locale)
	if !ok {
		loc = bible.English
	}
	tz := h.TimeZone
	if !dates.ValidTimeZone(tz) {
		tz = "UTC"
	}
	today := dates.Today(tz, s.now())
	return settingsapi.Settings{
		LookBackDate:          today,
		DailyVerseCountGoal:   settingsapi.DefaultDailyGoal,
		PreferredBibleVersion: bible.DefaultVersionFor(loc),
		Locale:                string(loc),
		TimeZone:              tz,
		RestDaysPerWeek:       settingsapi.DefaultRestDaysPerWeek,
		Theme:                 settingsapi.ThemeSystem,
		StartPage:             settingsapi.DefaultStartPage,
		TagSort:               settingsapi.DefaultTagSort,
	}
}

// GetFor returns the reader's settings, creating defaults from hints the
// first time. The language is the account's (h.Locale, when known), so a
// change saved to the account shows here at once.
func (s *Service) GetFor(ctx context.Context, userID string, h Hints) (settingsapi.Settings, error) {
	cur, err := s.getOrCreate(ctx, userID, func() (Hints, error) { return h, nil })
	return withLocale(cur, h.Locale), err
}

// withLocale answers the account's language when it is a known one.
func withLocale(cur settingsapi.Settings, locale string) settingsapi.Settings {
	if loc, ok := bible.ParseLocale(locale); ok && locale != "" {
		cur.Locale = string(loc)
	}
	return cur
}

// Get implements settingsapi.Reader: a reader's first settings take their
// language and time zone from the account. For an account that does not
// exist (an event handled after the reader deleted it) the answer is
// identityapi.ErrAccountNotFound and nothing is stored.
func (s *Service) Get(ctx context.Context, userID string) (settingsapi.Settings, error) {
	return s.getOrCreate(ctx, userID, func() (Hints, error) {
		if s.directory == nil {
			return Hints{}, nil
		}
		u, err := s.directory.User(ctx, userID)
		return Hints{Locale: u.Locale, TimeZone: u.TimeZone}, err
	})
}

// getOrCreate stores a reader's first settings only while the account
// exists, so nothing brings a deleted reader's row back. The account is
// checked after the insert, which a deletion may race: either the deletion
// commits after this check, and its UserDeleted handler (which runs later)
// deletes the row, or this check sees the account gone and deletes it.
func (s *Service) getOrCreate(ctx context.Context, userID string, hints func() (Hints, error)) (settingsapi.Settings, error) {
	cur, found, err := s.store.Find(ctx, userID)
	if err != nil || found {
		return cur, err
	}
	h, err := hints()
	if err != nil {
		return settingsapi.Settings{}, err
	}
	cur, created, err := s.store.Create(ctx, userID, s.defaults(h))
	if err != nil || !created || s.directory == nil {
		return cur, err
	}
	if _, err := s.directory.User(ctx, userID); err != nil {
		return settingsapi.Settings{}, errors.Join(err, s.store.DeleteUser(ctx, userID))
	}
	return cur, nil
}

// DeleteUserData removes the reader's settings after the account is deleted.
func (s *Service) DeleteUserData(ctx context.Context, userID string) error {
	return s.store.DeleteUser(ctx, userID)
}
