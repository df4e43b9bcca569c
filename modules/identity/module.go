// Package identity is accounts and sign-in: registration with email
// verification, password and Google sign-in, sessions, password reset and
// change, email change, account deletion and the admin flag. Other modules
// use identityapi (the current user of a request's context, the UserDeleted
// event) and guard routes with httpx.RequireUser and httpx.RequireAdmin.
package identity

import (
	"context"
	_ "embed"
	"log/slog"
	"time"
	_ "time/tzdata" // time zones validate even where the system has no zoneinfo

	"github.com/gin-gonic/gin"
	"go.uber.org/fx"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/internal/app"
	"lamplight/modules/identity/internal/httpapi"
	"lamplight/modules/identity/internal/store"
	"lamplight/platform"
	"lamplight/platform/cache"
	"lamplight/platform/config"
	"lamplight/platform/health"
	"lamplight/platform/httpx"
	"lamplight/platform/loop"
	"lamplight/platform/metrics"
)

//go:embed openapi.yaml
var openapi []byte

// Config is identity's configuration: LAMPLIGHT_REQUIRE_EMAIL_VERIFICATION,
// LAMPLIGHT_GOOGLE_CLIENT_ID / _SECRET / _ISSUER,
// LAMPLIGHT_PASSWORD_HASH_MEMORY_KIB / _ITERATIONS, LAMPLIGHT_RATE_LIMIT_SCALE.
type Config = app.Config

// Clock tells identity the time; tests replace it to expire codes and sessions.
type Clock = app.Clock

// LoadConfig reads identity's configuration from the environment.
func LoadConfig() (Config, error) { return app.LoadConfig() }

// DefaultConfig is the configuration with every default applied.
func DefaultConfig() Config { return app.DefaultConfig() }

// Module provides identity's store, use cases, routes and the
// authentication middleware that runs on every /api request.
var Module = fx.Module("identity",
	// Configuration and clock (tests decorate both).
	fx.Provide(
		LoadConfig,
		func() Clock { return app.SystemClock{} },
	),
	// Store, then use cases.
	fx.Provide(
		store.New,
		app.New,
		httpapi.New,
		fx.Private,
	),
	fx.Provide(
		fx.Annotate(store.Migrations, fx.ResultTags(platform.GroupMigrations)),
		// The contract other modules and the operator commands use.
		func(s *app.Service) identityapi.Directory { return s },
		func(s *app.Service) identityapi.LocaleWriter { return s },
		func(s *app.Service) identityapi.AdminContacts { return s },
		func(s *app.Service) identityapi.Accounts { return s },
		func(s *app.Service) *Admins { return &Admins{svc: s} },
	),
	// HTTP: routes, authentication, documentation, health.
	fx.Provide(
		fx.Annotate(func(h *httpapi.Handler) httpx.Routes { return h }, fx.ResultTags(platform.GroupRoutes)),
		fx.Annotate(func(h *httpapi.Handler) gin.HandlerFunc { return h.Authenticate }, fx.ResultTags(platform.GroupAPIMiddleware)),
		fx.Annotate(func() httpx.OpenAPIFragment { return openapi }, fx.ResultTags(platform.GroupOpenAPI)),
		fx.Annotate(func(s *store.Store) health.Module { return health.Module{Name: "identity", Check: s.Ping} }, fx.ResultTags(platform.GroupHealth)),
	),
	fx.Invoke(startCleaner, readAhead),
)

type readAheadIn struct {
	fx.In
	Service *app.Service
	Keys    []cache.UserKeys `group:"cache_user_keys"`
}

// readAhead has the session lookup fetch what other modules read on most
// requests (version stamps) in its round trip.
func readAhead(in readAheadIn) { in.Service.ReadAhead(in.Keys) }

// startCleaner deletes expired sessions, codes and links hourly.
func startCleaner(lc fx.Lifecycle, s *app.Service, cfg config.Config, m *metrics.Metrics, log *slog.Logger) {
	cleaner := &loop.Loop{
		Name: "identity_cleanup", Interval: time.Hour, Log: log, Metrics: m,
		Job: func(ctx context.Context) error {
			_, err := s.DeleteExpired(ctx)
			return err
		},
	}
	lc.Append(fx.StartStopHook(func() {
		if cfg.SiteURL == "" {
			log.Info("LAMPLIGHT_SITE_URL is not set: links in emails use the host of each request; set it in production")
		}
		cleaner.Start()
	}, cleaner.Stop))
}
