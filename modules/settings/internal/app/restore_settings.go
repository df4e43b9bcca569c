package app

import (
	"context"
	"slices"

	"lamplight/modules/settings/internal/store"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/uow"
)

// RestoreSettings implements settingsapi.Restorer.
func (s *Service) RestoreSettings(_ context.Context, u *uow.Tx, userID string, st settingsapi.Settings) error {
	p := Patch{
		LookBackDate: st.LookBackDate, DailyVerseCountGoal: &st.DailyVerseCountGoal,
		PreferredBibleVersion: st.PreferredBibleVersion, PreferredBibleApp: st.PreferredBibleApp,
		TimeZone: st.TimeZone, RestDaysPerWeek: &st.RestDaysPerWeek, WelcomeDone: &st.WelcomeDone,
		Theme:     st.Theme,
		StartPage: st.StartPage,
		TagSort:   st.TagSort,
	}
	if err := p.validate(); err != nil {
		return err
	}
	tx := store.Join(u)
	var changed []string
	updated, err := tx.Update(userID, func(cur *settingsapi.Settings) error {
		changed = p.apply(cur)
		return nil
	})
	if err != nil || len(changed) == 0 {
		return err
	}
	slices.Sort(changed)
	return tx.Record(settingsapi.SettingsChanged{UserID: userID, Fields: changed, Version: updated.Version})
}
