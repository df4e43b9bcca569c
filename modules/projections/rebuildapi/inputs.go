package rebuildapi

import (
	"context"
	"database/sql"
	"errors"

	"gorm.io/gorm"

	"lamplight/modules/reading/readingapi"
	"lamplight/modules/settings/settingsapi"
)

// Inputs are what a reader's projections depend on besides the log: the
// settings and the log version.
type Inputs struct {
	Settings   settingsapi.Settings
	LogVersion int64
}

// InputsReader reads a reader's current Inputs. A value cached for them is
// current; the log itself is read only when one is not.
type InputsReader interface {
	Inputs(ctx context.Context, userID string) (Inputs, error)
}

// separate reads the settings, then the log version, through the modules'
// contracts: two statements.
type separate struct {
	settings settingsapi.Reader
	reading  readingapi.Reader
}

func (s separate) Inputs(ctx context.Context, userID string) (Inputs, error) {
	st, err := s.settings.Get(ctx, userID)
	if err != nil {
		return Inputs{}, err
	}
	v, err := s.reading.Version(ctx, userID)
	return Inputs{Settings: st, LogVersion: v}, err
}

// joined reads the settings row and the log version in one statement, what
// every cached read and every event costs. It is the one read outside the
// settings and reading modules of their tables, kept to the columns their
// contracts publish. A reader without a settings row yet goes through the
// settings module, which creates it from the account (once, and never for
// a deleted account).
type joined struct {
	db *gorm.DB
	separate
}

func newJoined(g *gorm.DB, s settingsapi.Reader, r readingapi.Reader) InputsReader {
	// Prepared once per connection: parsing the statement was a seventh of
	// a cached read on SQLite.
	return joined{db: g.Session(&gorm.Session{PrepareStmt: true}), separate: separate{settings: s, reading: r}}
}

const inputsSQL = `SELECT look_back_date, daily_verse_count_goal, preferred_bible_version, preferred_bible_app,
	locale, time_zone, rest_days_per_week, version,
	COALESCE((SELECT version FROM log_versions WHERE user_id = ?), 0)
	FROM user_settings WHERE user_id = ?`

func (j joined) Inputs(ctx context.Context, userID string) (Inputs, error) {
	var in Inputs
	s := &in.Settings
	err := j.db.WithContext(ctx).Raw(inputsSQL, userID, userID).Row().Scan(
		&s.LookBackDate, &s.DailyVerseCountGoal, &s.PreferredBibleVersion, &s.PreferredBibleApp,
		&s.Locale, &s.TimeZone, &s.RestDaysPerWeek, &s.Version, &in.LogVersion)
	if errors.Is(err, sql.ErrNoRows) {
		return j.separate.Inputs(ctx, userID)
	}
	return in, err
}
