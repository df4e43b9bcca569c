// Package platform wires the technical capabilities into one fx module:
// database, cache, event bus with its outbox, units of work, idempotency
// keys, health, metrics and HTTP. It knows no domain words; modules plug in
// through the fx groups below.
package platform

import (
	"context"
	"fmt"
	"io/fs"
	"log/slog"

	"github.com/gin-gonic/gin"
	"github.com/redis/go-redis/v9"
	"go.uber.org/fx"
	"gorm.io/gorm"

	"lamplight/platform/archive"
	"lamplight/platform/bus"
	"lamplight/platform/cache"
	"lamplight/platform/census"
	"lamplight/platform/config"
	"lamplight/platform/db"
	"lamplight/platform/health"
	"lamplight/platform/httpx"
	"lamplight/platform/idempotency"
	"lamplight/platform/mail"
	"lamplight/platform/metrics"
	"lamplight/platform/outbox"
	"lamplight/platform/ratelimit"
	"lamplight/platform/uow"
)

// Group tags modules use to contribute to the platform.
const (
	GroupMigrations    = `group:"migrations"`
	GroupRoutes        = `group:"routes"`
	GroupHandlers      = `group:"bus_handlers"`
	GroupHealth        = `group:"health_modules"`
	GroupOpenAPI       = `group:"openapi"`
	GroupAPIMiddleware = `group:"api_middleware"`
	GroupSiteRoutes    = `group:"site_routes"`
	GroupSitePages     = `group:"site_pages"`
)

// AsRoutes provides a constructor's result as a module's HTTP routes.
func AsRoutes(f any) any {
	return fx.Annotate(f, fx.As(new(httpx.Routes)), fx.ResultTags(GroupRoutes))
}

// AsSiteRoutes provides a constructor's result as routes on the engine's
// root, outside /api (public data the web app fetches, such as /_content).
func AsSiteRoutes(f any) any {
	return fx.Annotate(f, fx.As(new(httpx.Routes)), fx.ResultTags(GroupSiteRoutes))
}

// AsSitePages provides a constructor's result as public pages the server
// describes to crawlers and checks paths against.
func AsSitePages(f any) any {
	return fx.Annotate(f, fx.As(new(httpx.SitePages)), fx.ResultTags(GroupSitePages))
}

// Module provides the platform. It needs a config.Config, a *slog.Logger, the
// web app's files (fs.FS) and its routes (httpx.AppRoutes) supplied by the caller.
var Module = fx.Module("platform",
	fx.Provide(
		metrics.New,
		newDB,
		newCache,
		newTransport,
		newRouter,
		newOutbox,
		newMigrator,
		newHealth,
		newOpenAPI,
		newEngine,
		newServer,
		newLimiter,
		mail.NewMailer,
		newMailSender,
		newMailWorker,
		idempotency.New,
		fx.Annotate(census.New, fx.ParamTags(census.Group)),
		fx.Annotate(archive.New, fx.ParamTags(archive.Group)),
		newWriter,
		fx.Annotate(func() db.Migrations { return outbox.Migrations }, fx.ResultTags(GroupMigrations)),
		fx.Annotate(func() db.Migrations { return mail.Migrations }, fx.ResultTags(GroupMigrations)),
		fx.Annotate(func() db.Migrations { return idempotency.Migrations }, fx.ResultTags(GroupMigrations)),
	),
	fx.Invoke(registerLifecycle),
)

func newDB(lc fx.Lifecycle, cfg config.Config, m *metrics.Metrics, log *slog.Logger) (*gorm.DB, error) {
	g, err := db.Open(cfg)
	if err != nil {
		return nil, err
	}
	sqlDB, err := g.DB()
	if err != nil {
		return nil, err
	}
	m.ObserveDB(sqlDB)
	lc.Append(fx.StopHook(func() { db.Close(g, log) }))
	return g, nil
}

// newWriter keeps the version stamps of every unit of work in the cache.
func newWriter(g *gorm.DB, o *outbox.Outbox, m *mail.Mailer, c cache.Cache, log *slog.Logger) *uow.Writer {
	return uow.New(g, o, m).WithStamps(c, log)
}

func newCache(lc fx.Lifecycle, cfg config.Config) (cache.Cache, error) {
	if !cfg.UsesRedis() {
		m := cache.NewMemory()
		lc.Append(fx.StopHook(m.Close))
		return m, nil
	}
	opts, err := redis.ParseURL(cfg.RedisURL)
	if err != nil {
		return nil, err
	}
	client := redis.NewClient(opts)
	lc.Append(fx.StopHook(client.Close))
	return cache.NewRedis(client, cfg.RedisPrefix), nil
}

func newTransport(cfg config.Config, log *slog.Logger) (*bus.Transport, error) {
	if !cfg.UsesRedis() {
		return bus.NewGoChannel(log), nil
	}
	return bus.NewRedisStreams(cfg.RedisURL, cfg.RedisPrefix, log)
}

// newLimiter shares rate limits through Redis when it is configured, so a
// second instance never splits a limit; otherwise they live in process.
func newLimiter(lc fx.Lifecycle, cfg config.Config) (ratelimit.Limiter, error) {
	if !cfg.UsesRedis() {
		return ratelimit.NewMemory(), nil
	}
	opts, err := redis.ParseURL(cfg.RedisURL)
	if err != nil {
		return nil, err
	}
	client := redis.NewClient(opts)
	lc.Append(fx.StopHook(client.Close))
	return ratelimit.NewRedis(client, cfg.RedisPrefix), nil
}

// newMailSender sends through SMTP when SMTP_URL is set; otherwise each
// message is written to the process log.
func newMailSender(cfg config.Config, log *slog.Logger) (mail.Sender, error) {
	if cfg.SMTPURL == "" {
		return mail.LogSender{Log: log}, nil
	}
	from := cfg.MailFrom
	if from == "" {
		from = "Lamplight <no-reply@localhost>"
	}
	return mail.NewSMTPSender(cfg.SMTPURL, from)
}

func newMailWorker(g *gorm.DB, mailer *mail.Mailer, s mail.Sender, m *metrics.Metrics, log *slog.Logger) *mail.Worker {
	return mail.NewWorker(g, mailer, s, m, log)
}

func newOutbox(g *gorm.DB, t *bus.Transport, m *metrics.Metrics, log *slog.Logger) *outbox.Outbox {
	return outbox.New(g, t.Publisher, m, log)
}

// Migrator applies every module's migrations; `lamplight migrate` and start-up use it.
type Migrator struct {
	DB   *gorm.DB
	Sets []db.Migrations
	Log  *slog.Logger
}

// Up applies pending migrations.
func (m *Migrator) Up(ctx context.Context) error { return db.Migrate(ctx, m.DB, m.Sets, m.Log) }

type migratorIn struct {
	fx.In
	DB   *gorm.DB
	Sets []db.Migrations `group:"migrations"`
	Log  *slog.Logger
}

func newMigrator(in migratorIn) *Migrator { return &Migrator{DB: in.DB, Sets: in.Sets, Log: in.Log} }

type routerIn struct {
	fx.In
	Transport *bus.Transport
	Handlers  []bus.Handler `group:"bus_handlers"`
	Metrics   *metrics.Metrics
	Log       *slog.Logger
}

func newRouter(in routerIn) (*bus.Router, error) {
	return bus.NewRouter(in.Transport, in.Handlers, in.Metrics, in.Log)
}

type healthIn struct {
	fx.In
	DB        *gorm.DB
	Cache     cache.Cache
	Transport *bus.Transport
	Router    *bus.Router
	Migrator  *Migrator
	Modules   []health.Module `group:"health_modules"`
}

func newHealth(in healthIn) *health.Registry {
	return &health.Registry{
		Checks: []health.Check{
			{Name: "database", Check: func(ctx context.Context) error { return db.Ping(ctx, in.DB) }},
			{Name: "schema", Check: func(ctx context.Context) error { return db.Pending(ctx, in.DB, in.Migrator.Sets) }},
			{Name: "cache", Check: in.Cache.Ping},
			{Name: "bus", Check: in.Transport.Ping},
		},
		Modules:  in.Modules,
		Handlers: in.Router.Status,
	}
}

type engineIn struct {
	fx.In
	Config     config.Config
	Log        *slog.Logger
	Metrics    *metrics.Metrics
	Health     *health.Registry
	Routes     []httpx.Routes `group:"routes"`
	OpenAPI    httpx.OpenAPIDocument
	Middleware []gin.HandlerFunc `group:"api_middleware"`
	SiteRoutes []httpx.Routes    `group:"site_routes"`
	Pages      []httpx.SitePages `group:"site_pages"`
	WebApp     fs.FS
	AppRoutes  httpx.AppRoutes
}

type openAPIIn struct {
	fx.In
	Fragments []httpx.OpenAPIFragment `group:"openapi"`
}

func newOpenAPI(in openAPIIn) (httpx.OpenAPIDocument, error) {
	return httpx.BuildOpenAPI(in.Fragments)
}

func newEngine(in engineIn) *gin.Engine {
	return httpx.NewEngine(httpx.Deps{
		Config: in.Config, Log: in.Log, Metrics: in.Metrics, Health: in.Health,
		Routes: in.Routes, WebApp: in.WebApp, OpenAPI: in.OpenAPI, Handlers: in.Middleware,
		SiteRoutes: in.SiteRoutes, AppRoutes: in.AppRoutes, Pages: in.Pages,
	})
}

func newServer(cfg config.Config, e *gin.Engine, log *slog.Logger) *httpx.Server {
	return httpx.NewServer(cfg, e, log)
}

type lifecycleIn struct {
	fx.In
	LC        fx.Lifecycle
	Migrator  *Migrator
	Transport *bus.Transport
	Router    *bus.Router
	Outbox    *outbox.Outbox
	Mail      *mail.Worker
	Keys      *idempotency.Keys
	Server    *httpx.Server
}

// registerLifecycle orders start-up as migrate, consume events, relay the
// outbox, deliver mail, sweep idempotency keys, accept requests; fx stops them in reverse, so requests and event
// handlers in flight finish before the database closes.
func registerLifecycle(in lifecycleIn) {
	in.LC.Append(fx.Hook{OnStart: func(ctx context.Context) error {
		if err := in.Migrator.Up(ctx); err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		return nil
	}})
	in.LC.Append(fx.StopHook(in.Transport.Close))
	in.LC.Append(fx.Hook{OnStart: in.Router.Start, OnStop: func(context.Context) error { return in.Router.Stop() }})
	in.LC.Append(fx.StartStopHook(in.Outbox.Start, in.Outbox.Stop))
	in.LC.Append(fx.StartStopHook(in.Mail.Start, in.Mail.Stop))
	in.LC.Append(fx.StartStopHook(in.Keys.Start, in.Keys.Stop))
	in.LC.Append(fx.Hook{OnStart: in.Server.Start, OnStop: in.Server.Stop})
}
