package app

import (
	"context"
	"slices"

	"lamplight/modules/bible"
	"lamplight/modules/settings/internal/store"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/dates"
	"lamplight/platform/errs"
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
	WelcomeDone           *bool  `json:"welcomeDone"`
	Theme                 string `json:"theme"`
	StartPage             string `json:"startPage"`
	TagSort               string `json:"tagSort"`
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
	if tz := p.TimeZone; tz != "" && !dates.ValidTimeZone(tz) {
		f.Add("timeZone", errs.IsInvalid)
	}
	if r := p.RestDaysPerWeek; r != nil && (*r < 0 || *r > settingsapi.MaxRestDaysPerWeek) {
		f.Add("restDaysPerWeek", errs.IsInvalid, "min", 0, "max", settingsapi.MaxRestDaysPerWeek)
	}
	if th := p.Theme; th != "" && !settingsapi.ValidTheme(th) {
		f.Add("theme", errs.IsInvalid)
	}
	if sp := p.StartPage; sp != "" && !slices.Contains(settingsapi.StartPages, sp) {
		f.Add("startPage", errs.IsInvalid)
	}
	if ts := p.TagSort; ts != "" && !slices.Contains(settingsapi.TagSorts, ts) {
		f.Add("tagSort", errs.IsInvalid)
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
	setB := func(name string, v *bool, dst *bool) {
		if v != nil && *v != *dst {
			*dst = *v
			changed = append(changed, name)
		}
	}
	setS("lookBackDate", p.LookBackDate, &s.LookBackDate)
	setI("dailyVerseCountGoal", p.DailyVerseCountGoal, &s.DailyVerseCountGoal)
	if p.PreferredBibleVersion != "" {
		setS("preferredBibleVersion", bible.NormalizeVersion(p.PreferredBibleVersion), &s.PreferredBibleVersion)
	}
	setS("preferredBibleApp", p.PreferredBibleApp, &s.PreferredBibleApp)
	setS("locale", p.Locale, &s.Locale)
	setS("timeZone", p.TimeZone, &s.TimeZone)
	setI("restDaysPerWeek", p.RestDaysPerWeek, &s.RestDaysPerWeek)
	setB("welcomeDone", p.WelcomeDone, &s.WelcomeDone)
	setS("theme", p.Theme, &s.Theme)
	setS("startPage", p.StartPage, &s.StartPage)
	setS("tagSort", p.TagSort, &s.TagSort)
	return changed
}

// Update applies a patch; an unchanged value publishes nothing. A version
// is stored by its canonical code ("esv" as ESV); a language is saved to
// the account, its one home, and kept in the row as well.
func (s *Service) Update(ctx context.Context, userID string, h Hints, p Patch) (settingsapi.Settings, error) {
	if err := p.validate(); err != nil {
		return settingsapi.Settings{}, err
	}
	if p.Locale != "" {
		if s.locales != nil {
			if err := s.locales.SetLocale(ctx, userID, p.Locale); err != nil {
				return settingsapi.Settings{}, err
			}
		}
		h.Locale = p.Locale
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
	err = s.store.Transact(ctx, func(tx *store.Tx) error {
		var changed []string
		var err error
		updated, err = tx.Update(userID, func(cur *settingsapi.Settings) error {
			changed = p.apply(cur)
			return nil
		})
		if err != nil {
			return err
		}
		slices.Sort(changed)
		return tx.Record(settingsapi.SettingsChanged{UserID: userID, Fields: changed, Version: updated.Version})
	})
	return withLocale(updated, h.Locale), err
}
