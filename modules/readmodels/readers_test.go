package readmodels_test

import (
	"context"
	"testing"

	"go.uber.org/fx"

	"lamplight/modules/readmodels/readmodelsapi"
	"lamplight/platform/testkit"
)

type typedReaders struct {
	fx.In
	Progress        readmodelsapi.ProgressReader
	Streak          readmodelsapi.StreakReader
	Suggestions     readmodelsapi.SuggestionsReader
	DateVerseCounts readmodelsapi.DateVerseCountsReader
	Insights        readmodelsapi.InsightsReader
}

// The typed readers other modules use answer what the routes answer.
func TestIntegrationTypedReadersAgreeWithTheRoutes(t *testing.T) {
	integration(t)
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		var r typedReaders
		e := start(t, b, fx.Populate(&r))
		e.setLookBack(t, "u1", "2024-01-01")
		e.logEntry(t, "u1", "2024-06-09", v(1, 1, 1), v(1, 1, 31))
		e.logEntry(t, "u1", "2024-06-10", v(1, 2, 1), v(1, 2, 25))
		ctx := context.Background()
		c, o, s, st := readAll(t, e, "u1")

		days, err := r.DateVerseCounts.DateVerseCounts(ctx, "u1", "2024-06-01", today)
		if err != nil || len(days) != len(c) {
			t.Fatalf("date verse counts %v, %v; route %v", days, err, c)
		}
		for _, d := range days {
			if c[d.Date].Total != d.Total || c[d.Date].Unique != d.Unique {
				t.Fatalf("date verse counts %+v; route %v", d, c)
			}
		}
		p, err := r.Progress.Progress(ctx, "u1")
		if err != nil || len(p.Books) != 66 || p.Books[0].Percentage == 0 || p.Books[0].Complete {
			t.Fatalf("progress %+v, %v; route %+v", p, err, o.Bible)
		}
		k, err := r.Streak.Streak(ctx, "u1", today)
		if err != nil || k.Current != st.Current || k.Longest != 2 {
			t.Fatalf("streak %+v, %v; route %+v", k, err, st)
		}
		day, next, err := r.Suggestions.Suggestions(ctx, "u1", today)
		if err != nil || day != today || len(next) != len(s) || next[0].Start != s[0].StartVerseID {
			t.Fatalf("suggestions %s %v, %v; route %+v", day, next, err, s)
		}
		in, err := r.Insights.Insights(ctx, "u1", today)
		if err != nil || in.ReadingDays != 2 || in.ChaptersRead != 2 {
			t.Fatalf("insights %+v, %v", in, err)
		}
	})
}
