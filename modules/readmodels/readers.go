package readmodels

import (
	"context"

	"lamplight/modules/bible"
	"lamplight/modules/readmodels/internal/insights"
	"lamplight/modules/readmodels/internal/progress"
	"lamplight/modules/readmodels/internal/streaks"
	"lamplight/modules/readmodels/internal/suggestions"
	"lamplight/modules/readmodels/internal/versecounts"
	"lamplight/modules/readmodels/readmodelsapi"
)

// readers answer the typed readers of readmodelsapi from the read models,
// through the same cached path as the HTTP routes.
type readers struct {
	progress    *progress.Projection
	streaks     *streaks.Projection
	suggestions *suggestions.Projection
	versecounts *versecounts.Projection
	insights    *insights.Projection
}

func newReaders(p *progress.Projection, st *streaks.Projection, su *suggestions.Projection, v *versecounts.Projection, i *insights.Projection) readers {
	return readers{progress: p, streaks: st, suggestions: su, versecounts: v, insights: i}
}

func (r readers) Progress(ctx context.Context, userID string) (readmodelsapi.Progress, error) {
	read, _, err := r.progress.Get(ctx, userID, "")
	if err != nil {
		return readmodelsapi.Progress{}, err
	}
	o := progress.NewOverview(read)
	out := readmodelsapi.Progress{Percentage: o.Bible.Percentage, Books: make([]readmodelsapi.BookProgress, len(o.Books))}
	for i, b := range o.Books {
		out.Books[i] = readmodelsapi.BookProgress{Book: b.Book, Percentage: b.Percentage, Complete: b.Complete}
	}
	return out, nil
}

func (r readers) Streak(ctx context.Context, userID, today string) (readmodelsapi.Streak, error) {
	s, _, err := r.streaks.Get(ctx, userID, today)
	return readmodelsapi.Streak{Current: s.Current, Longest: s.Longest}, err
}

func (r readers) Suggestions(ctx context.Context, userID, today string) (string, []bible.Range, error) {
	list, view, err := r.suggestions.Get(ctx, userID, today)
	if err != nil {
		return "", nil, err
	}
	out := make([]bible.Range, len(list))
	for i, s := range list {
		out[i] = s.Range()
	}
	return view.Today, out, nil
}

func (r readers) DateVerseCounts(ctx context.Context, userID, from, to string) ([]readmodelsapi.DayCount, error) {
	t, _, err := r.versecounts.Get(ctx, userID, "")
	if err != nil {
		return nil, err
	}
	days, err := t.Between(from, to)
	out := make([]readmodelsapi.DayCount, len(days))
	for i, d := range days {
		out[i] = readmodelsapi.DayCount{Date: d.Date, Total: d.Total, Unique: d.Unique}
	}
	return out, err
}

func (r readers) Insights(ctx context.Context, userID, today string) (readmodelsapi.InsightsSummary, error) {
	in, _, err := r.insights.Get(ctx, userID, today)
	return readmodelsapi.InsightsSummary{ReadingDays: in.Totals.ReadingDays, ChaptersRead: in.Totals.ChaptersRead}, err
}
