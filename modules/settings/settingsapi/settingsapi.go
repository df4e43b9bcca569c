// Package settingsapi is the settings module's published contract.
package settingsapi

import (
	"context"

	"lamplight/platform/bus"
	"lamplight/platform/inputs"
	"lamplight/platform/uow"
)

// Settings are a reader's preferences, with defaults filled in.
type Settings struct {
	LookBackDate          string `json:"lookBackDate"`
	DailyVerseCountGoal   int    `json:"dailyVerseCountGoal"`
	PreferredBibleVersion string `json:"preferredBibleVersion"`
	PreferredBibleApp     string `json:"preferredBibleApp"`
	Locale                string `json:"locale"`
	TimeZone              string `json:"timeZone"`
	RestDaysPerWeek       int    `json:"restDaysPerWeek"`
	// WelcomeDone is set once the reader completed or skipped the welcome,
	// so it shows once across devices.
	WelcomeDone bool `json:"welcomeDone"`
	// Theme is the colour scheme: ThemeSystem (follow the device), ThemeLight
	// or ThemeDark. A browser's own choice wins over it.
	Theme string `json:"theme"`
	// StartPage is the screen a signed-in reader opening the home page goes to.
	StartPage string `json:"startPage"`
	// TagSort is the order the tags screen lists tags in.
	TagSort string `json:"tagSort"`
	// Version grows with every change; 0 while the reader has only defaults.
	Version int64 `json:"-"`
}

// Limits and defaults.
const (
	DefaultDailyGoal       = 86
	MinDailyGoal           = 1
	MaxDailyGoal           = 1111
	DefaultRestDaysPerWeek = 1
	MaxRestDaysPerWeek     = 6
	DefaultStartPage       = "today"
	DefaultTagSort         = "az"
)

// Themes.
const (
	ThemeSystem = "system"
	ThemeLight  = "light"
	ThemeDark   = "dark"
)

// ValidTheme reports whether t names a theme.
func ValidTheme(t string) bool { return t == ThemeSystem || t == ThemeLight || t == ThemeDark }

// StartPages are the screens a reader may choose to start on.
var StartPages = []string{"today", "books", "checklist", "calendar", "notes"}

// TagSorts are the orders of the tags screen: by label A-Z or Z-A, newest or
// oldest first, most or fewest notes first.
var TagSorts = []string{"az", "za", "newest", "oldest", "mostNotes", "fewestNotes"}

// VersionStamp is the cache key of the stamp of the reader's settings
// version (platform/cache, stamp.go): every change of the settings keeps it.
func VersionStamp(userID string) string { return "stamp:settings:" + userID }

// Reader reads a reader's settings. Implemented by the settings module.
type Reader interface {
	Get(ctx context.Context, userID string) (Settings, error)
}

// SettingsChanged is published after a reader's settings changed; Fields
// names the JSON fields that changed.
type SettingsChanged struct {
	UserID  string   `json:"userId"`
	Fields  []string `json:"fields"`
	Version int64    `json:"version"`
}

// Topic implements bus.Event.
func (SettingsChanged) Topic() string { return "settings.changed" }

// Restorer puts back settings from an archive inside the unit of work of
// the module importing it. Implemented by the settings module.
type Restorer interface {
	// RestoreSettings sets userID's settings to s, except the language,
	// which belongs to the account. Invalid values are refused as an
	// update would refuse them. The reader's settings must have been read
	// (Reader.Get) before tx began, which stores their first ones.
	RestoreSettings(ctx context.Context, tx *uow.Tx, userID string, s Settings) error
}

// InputName names the settings among the read models' inputs.
const InputName = "settings"

// Input is the settings as the read models' input (platform/inputs): the
// value is a Settings, its version Settings.Version (0 for defaults with no
// row yet). The handler keeps the consumer group it always had.
func Input(r Reader) inputs.Input {
	return inputs.Input{
		Name:          InputName,
		Stamp:         VersionStamp,
		ZeroUnstamped: true,
		Read: func(ctx context.Context, userID string) (any, int64, error) {
			s, err := r.Get(ctx, userID)
			return s, s.Version, err
		},
		OnChange: func(changed func(context.Context, string) error) bus.Handler {
			return bus.On("projections.refresh.settings", func(ctx context.Context, ev SettingsChanged) error {
				return changed(ctx, ev.UserID)
			})
		},
	}
}
