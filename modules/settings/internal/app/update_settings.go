package app

import (
	"context"
	"slices"
	"time"

	"gorm.io/gorm"

	"lamplight/modules/bible"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/dates"
	"lamplight/platform/errs"
	"lamplight/platform/outbox"
)

// Patch is a settings update: only the values that are set are applied.
type Patch struct {
	LookBackDate          string `json:"lookBackDate"`
	DailyVerseCountGoal   *int   `json:"dailyVerseCountGoal"`
	PreferredBibleVersion string `json:"preferredBibleVersion"`
	PreferredBibleApp     string `json:"preferredBibleApp"`
	Locale                string `json:"locale"`
	TimeZone              string `json:"timeZone"`
	RestDaysPerWeek       *int   `json:"restDaysPerWeek"`
}

func (p Patch) validate() error {
	var f errs.Fields
	if p.LookBackDate != "" && !dates.Valid(p.LookBackDate) {
		f.Add("lookBackDate", errs.IsInvalid)
	}
	if g := p.DailyVerseCountGoal; g != nil && (*g < settingsapi.MinDailyGoal || *g > settingsapi.MaxDailyGoal) {
		f.Add("dailyVerseCountGoal", errs.IsInvalid, "min", settingsapi.MinDailyGoal, "max", settingsapi.MaxDailyGoal)
	}
	if v := p.PreferredBibleVersion; v != "" {
		if _, ok := bible.VersionByCode(v); !ok {
			f.Add("preferredBibleVersion", errs.IsInvalid)
		}
	}
	if a := p.PreferredBibleApp; a != "" && !knownApp(a) {
		f.Add("preferredBibleApp", errs.IsInvalid)
	}
	if l := p.Locale; l != "" {
		if _, ok := bible.ParseLocale(l); !ok {
			f.Add("locale", errs.IsInvalid)
		}
	}
	if tz := p.TimeZone; tz != "" {
		if _, err := time.LoadLocation(tz); err != nil {
			f.Add("timeZone", errs.IsInvalid)
		}
	}
	if r := p.RestDaysPerWeek; r != nil && (*r < 0 || *r > settingsapi.MaxRestDaysPerWeek) {
		f.Add("restDaysPerWeek", errs.IsInvalid, "min", 0, "max", settingsapi.MaxRestDaysPerWeek)
	}
	return f.Err()
}

func knownApp(id string) bool {
	for _, a := range bible.Apps() {
		if string(a.ID) == id {
			return true
		}
	}
	return false
}

// apply sets the patch's values and names the fields that changed.
func (p Patch) apply(s *settingsapi.Settings) []string {
	var changed []string
	setS := func(name, v string, dst *string) {
		if v != "" && v != *dst {
			*dst = v
			changed = append(changed, name)
		}
	}
	setI := func(name string, v *int, dst *int) {
		if v != nil && *v != *dst {
			*dst = *v
			changed = append(changed, name)
		}
	}
	setS("lookBackDate", p.LookBackDate, &s.LookBackDate)
	setI("dailyVerseCountGoal", p.DailyVerseCountGoal, &s.DailyVerseCountGoal)
	setS("preferredBibleVersion", p.PreferredBibleVersion, &s.PreferredBibleVersion)
	setS("preferredBibleApp", p.PreferredBibleApp, &s.PreferredBibleApp)
	setS("locale", p.Locale, &s.Locale)
	setS("timeZone", p.TimeZone, &s.TimeZone)
	setI("restDaysPerWeek", p.RestDaysPerWeek, &s.RestDaysPerWeek)
	return changed
}

// Update applies a patch; an unchanged value publishes nothing.
func (s *Service) Update(ctx context.Context, userID string, h Hints, p Patch) (settingsapi.Settings, error) {
	if err := p.validate(); err != nil {
		return settingsapi.Settings{}, err
	}
	current, err := s.GetFor(ctx, userID, h)
	if err != nil {
		return settingsapi.Settings{}, err
	}
	probe := current
	if len(p.apply(&probe)) == 0 {
		return current, nil
	}
	var updated settingsapi.Settings
	err = s.outbox.Transact(ctx, func(tx *gorm.DB) error {
		var changed []string
		var err error
		updated, err = s.store.Update(tx, userID, func(cur *settingsapi.Settings) error {
			changed = p.apply(cur)
			return nil
		})
		if err != nil {
			return err
		}
		slices.Sort(changed)
		return outbox.Record(tx, settingsapi.SettingsChanged{UserID: userID, Fields: changed, Version: updated.Version})
	})
	return updated, err
}
