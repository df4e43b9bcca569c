// Package readmodels is every read model recomputed from events, one module
// like the others: the engine (internal/engine) keeps each reader's values
// current from the inputs the source modules contribute and serves cached
// reads with no SQL statement; each read model is one package under
// internal/ (a pure computation and its spec); internal/httpapi serves
// their routes; readmodelsapi publishes typed readers, the Rebuilder and
// the Input other modules use.
package readmodels

import (
	_ "embed"

	"go.uber.org/fx"

	"lamplight/modules/readmodels/internal/engine"
	"lamplight/modules/readmodels/internal/httpapi"
	"lamplight/modules/readmodels/internal/insights"
	"lamplight/modules/readmodels/internal/progress"
	"lamplight/modules/readmodels/internal/streaks"
	"lamplight/modules/readmodels/internal/suggestions"
	"lamplight/modules/readmodels/internal/versecounts"
	"lamplight/modules/readmodels/readmodelsapi"
	"lamplight/platform"
	"lamplight/platform/httpx"
)

//go:embed openapi.yaml
var openapi []byte

// Module provides the engine, every read model, their readers and routes.
var Module = fx.Module("readmodels",
	engine.Module,
	engine.ReadModel(versecounts.New),
	engine.ReadModel(progress.New),
	engine.ReadModel(suggestions.New),
	engine.ReadModel(streaks.New),
	engine.ReadModel(insights.New),
	fx.Provide(
		newReaders,
		func(r readers) readmodelsapi.ProgressReader { return r },
		func(r readers) readmodelsapi.StreakReader { return r },
		func(r readers) readmodelsapi.SuggestionsReader { return r },
		func(r readers) readmodelsapi.DateVerseCountsReader { return r },
		func(r readers) readmodelsapi.InsightsReader { return r },
		platform.AsRoutes(httpapi.NewVerseCounts),
		platform.AsRoutes(httpapi.NewProgress),
		platform.AsRoutes(httpapi.NewSuggestions),
		platform.AsRoutes(httpapi.NewStreaks),
		platform.AsRoutes(httpapi.NewInsights),
		fx.Annotate(func() httpx.OpenAPIFragment { return openapi }, fx.ResultTags(platform.GroupOpenAPI)),
	),
)
