package app

import (
	"context"

	"lamplight/modules/bible"
	"lamplight/modules/projections/streaks"
	"lamplight/modules/projections/suggestions"
	"lamplight/modules/reminders/remindersapi"
)

// reminderDigest lends the reminders module the streaks and suggestions
// projections: modules reach projections only through the composition root.
type reminderDigest struct {
	streaks     *streaks.Projection
	suggestions *suggestions.Projection
}

func newReminderDigest(st *streaks.Projection, su *suggestions.Projection) remindersapi.Digest {
	return reminderDigest{streaks: st, suggestions: su}
}

func (d reminderDigest) Streak(ctx context.Context, userID, today string) (int, error) {
	s, _, err := d.streaks.Get(ctx, userID, today)
	return s.Current, err
}

func (d reminderDigest) Suggestions(ctx context.Context, userID, today string) ([]bible.Range, error) {
	list, _, err := d.suggestions.Get(ctx, userID, today)
	out := make([]bible.Range, len(list))
	for i, s := range list {
		out[i] = s.Range()
	}
	return out, err
}
