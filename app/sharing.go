package app

import (
	"context"

	"go.uber.org/fx"

	"lamplight/modules/bible"
	"lamplight/modules/projections/progress"
	"lamplight/modules/projections/streaks"
	"lamplight/modules/projections/suggestions"
	"lamplight/modules/sharing/sharingapi"
)

// sharingSources answers the sharing module from the projections: a
// progress link shows the progress and streak projections, the calendar
// feed's Read next event the suggestions.
type sharingSources struct {
	progress    *progress.Projection
	streaks     *streaks.Projection
	suggestions *suggestions.Projection
}

var provideSharingSources = fx.Provide(
	func(p *progress.Projection, s *streaks.Projection, g *suggestions.Projection) sharingSources {
		return sharingSources{progress: p, streaks: s, suggestions: g}
	},
	func(s sharingSources) sharingapi.ProgressSource { return s },
	func(s sharingSources) sharingapi.ReadNextSource { return s },
)

func (s sharingSources) PublicProgress(ctx context.Context, userID string) (sharingapi.PublicProgress, error) {
	read, _, err := s.progress.Get(ctx, userID, "")
	if err != nil {
		return sharingapi.PublicProgress{}, err
	}
	st, _, err := s.streaks.Get(ctx, userID, "")
	if err != nil {
		return sharingapi.PublicProgress{}, err
	}
	o := progress.NewOverview(read)
	out := sharingapi.PublicProgress{
		Percentage: o.Bible.Percentage, CurrentStreak: st.Current, LongestStreak: st.Longest,
		Books: make([]sharingapi.BookProgress, len(o.Books)),
	}
	for i, b := range o.Books {
		out.Books[i] = sharingapi.BookProgress{Book: b.Book, Percentage: b.Percentage, Complete: b.Complete}
	}
	return out, nil
}

func (s sharingSources) ReadNext(ctx context.Context, userID string) (string, []bible.Range, error) {
	next, view, err := s.suggestions.Get(ctx, userID, "")
	if err != nil {
		return "", nil, err
	}
	out := make([]bible.Range, len(next))
	for i, n := range next {
		out[i] = n.Range()
	}
	return view.Today, out, nil
}
