// Package reading is the reader's log of passages read per date: the source
// of truth every progress view is derived from.
package reading

import (
	"context"
	_ "embed"
	"log/slog"
	"time"

	"go.uber.org/fx"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/reading/internal/app"
	"lamplight/modules/reading/internal/httpapi"
	"lamplight/modules/reading/internal/store"
	"lamplight/modules/reading/readingapi"
	"lamplight/platform"
	"lamplight/platform/bus"
	"lamplight/platform/census"
	"lamplight/platform/health"
	"lamplight/platform/httpx"
	"lamplight/platform/inputs"
	"lamplight/platform/metrics"
)

//go:embed openapi.yaml
var openapi []byte

// Module provides the log store, the use cases (also as readingapi.Reader
// for projections) and the /api/log-entries routes.
var Module = fx.Module("reading",
	// Store.
	fx.Provide(
		store.New,
		fx.Annotate(store.Migrations, fx.ResultTags(platform.GroupMigrations)),
	),
	// Use cases, and the contract other modules read the log through.
	fx.Provide(
		app.New,
		func(s *app.Service) readingapi.Reader { return s },
		func(s *app.Service) readingapi.Importer { return s },
		fx.Annotate(func(s *store.Store) census.Counter {
			return census.NewCounter(readingapi.CensusKind, s.CountPerUser)
		}, fx.ResultTags(census.Group)),
		fx.Annotate(deleteOnUserDeleted, fx.ResultTags(platform.GroupHandlers)),
	),
	// HTTP.
	fx.Provide(
		platform.AsRoutes(httpapi.New),
		fx.Annotate(func() httpx.OpenAPIFragment { return openapi }, fx.ResultTags(platform.GroupOpenAPI)),
		fx.Annotate(func() health.Module { return health.Module{Name: "reading"} }, fx.ResultTags(platform.GroupHealth)),
	),
	// The log as the read models' input.
	inputs.Provide(readingapi.Input),
	fx.Invoke(sampleActiveReaders),
)

// sampleActiveReaders exports how many readers logged today (UTC), counted
// at most every five minutes: the count scans the day's entries.
func sampleActiveReaders(s *store.Store, m *metrics.Metrics, log *slog.Logger) {
	m.Sample(log, 5*time.Minute, func(ctx context.Context) ([]float64, error) {
		n, err := s.ReadersActiveSince(ctx, time.Now().UTC().Truncate(24*time.Hour))
		return []float64{float64(n)}, err
	}, metrics.Gauge{Name: "lamplight_readers_active_today", Help: "Readers who logged or edited an entry since midnight UTC (sampled every 5 minutes)."})
}

// deleteOnUserDeleted removes a deleted reader's log.
func deleteOnUserDeleted(s *app.Service) bus.Handler {
	return bus.On("reading.delete-user-data", func(ctx context.Context, ev identityapi.UserDeleted) error {
		return s.DeleteUserData(ctx, ev.UserID)
	})
}
