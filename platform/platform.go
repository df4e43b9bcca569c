// Package platform wires the technical capabilities into one fx module:
// database, cache, event bus with its outbox, health, metrics and HTTP. It
// knows no domain words; modules plug in through the fx groups below.
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

	"lamplight/platform/bus"
	"lamplight/platform/cache"
	"lamplight/platform/config"
	"lamplight/platform/db"
	"lamplight/platform/health"
	"lamplight/platform/httpx"
	"lamplight/platform/mail"
	"lamplight/platform/metrics"
	"lamplight/platform/outbox"
	"lamplight/platform/ratelimit"
)

// Group tags modules use to contribute to the platform.
const (
	GroupMigrations    = `group:"migrations"`
	GroupRoutes        = `group:"routes"`
	GroupHandlers      = `group:"bus_handlers"`
	GroupHealth        = `group:"health_modules"`
	GroupOpenAPI       = `group:"openapi"`
	GroupAPIMiddleware = `group:"api_middleware"`
)

// AsRoutes provides a constructor's result as a module's HTTP routes.
func AsRoutes(f any) any {
	return fx.Annotate(f, fx.As(new(httpx.Routes)), fx.ResultTags(GroupRoutes))
}

// Module provides the platform. It needs a config.Config, a *slog.Logger and
// the web app's files (fs.FS) supplied by the caller.
var Module = fx.Module("platform",
	fx.Provide(
		metrics.New,
		newDB,
		newCache,
		newTransport,
		newOutbox,
		newMigrator,
		newHealth,
		newEngine,
		newServer,
		newLimiter,
		mail.NewMailer,
		newMailSender,
		newMailWorker,
		fx.Annotate(func() db.Migrations { return outbox.Migrations }, fx.ResultTags(GroupMigrations)),
		fx.Annotate(func() db.Migrations { return mail.Migrations }, fx.ResultTags(GroupMigrations)),
	),
	fx.Invoke(registerLifecycle),
)

func newDB(lc fx.Lifecycle, cfg config.Config, log *slog.Logger) (*gorm.DB, error) {
	g, err := db.Open(cfg)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.StopHook(func() { db.Close(g, log) }))
	return g, nil
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
// message is written to the process log (and stays in mail_messages).
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

func newMailWorker(g *gorm.DB, m *mail.Mailer, s mail.Sender, log *slog.Logger) *mail.Worker {
	return mail.NewWorker(g, m, s, log)
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

type healthIn struct {
	fx.In
	DB        *gorm.DB
	Cache     cache.Cache
	Transport *bus.Transport
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
		Modules: in.Modules,
	}
}

type engineIn struct {
	fx.In
	Config     config.Config
	Log        *slog.Logger
	Metrics    *metrics.Metrics
	Health     *health.Registry
	Routes     []httpx.Routes          `group:"routes"`
	Fragments  []httpx.OpenAPIFragment `group:"openapi"`
	Middleware []gin.HandlerFunc       `group:"api_middleware"`
	WebApp     fs.FS
}

func newEngine(in engineIn) (*gin.Engine, error) {
	doc, err := httpx.BuildOpenAPI(in.Fragments)
	if err != nil {
		return nil, err
	}
	return httpx.NewEngine(httpx.Deps{
		Config: in.Config, Log: in.Log, Metrics: in.Metrics, Health: in.Health,
		Routes: in.Routes, WebApp: in.WebApp, OpenAPI: doc, Handlers: in.Middleware,
	}), nil
}

func newServer(cfg config.Config, e *gin.Engine, log *slog.Logger) *httpx.Server {
	return httpx.NewServer(cfg, e, log)
}

type lifecycleIn struct {
	fx.In
	LC        fx.Lifecycle
	Migrator  *Migrator
	Transport *bus.Transport
	Handlers  []bus.Handler `group:"bus_handlers"`
	Outbox    *outbox.Outbox
	Mail      *mail.Worker
	Server    *httpx.Server
	Metrics   *metrics.Metrics
	Log       *slog.Logger
}

// registerLifecycle orders start-up as migrate, consume events, relay the
// outbox, deliver mail, accept requests; fx stops them in reverse, so requests and event
// handlers in flight finish before the database closes.
func registerLifecycle(in lifecycleIn) error {
	router, err := bus.NewRouter(in.Transport, in.Handlers, in.Metrics, in.Log)
	if err != nil {
		return err
	}
	in.LC.Append(fx.Hook{OnStart: func(ctx context.Context) error {
		if err := in.Migrator.Up(ctx); err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		return nil
	}})
	in.LC.Append(fx.StopHook(in.Transport.Close))
	in.LC.Append(fx.Hook{OnStart: router.Start, OnStop: func(context.Context) error { return router.Stop() }})
	in.LC.Append(fx.StartStopHook(in.Outbox.Start, in.Outbox.Stop))
	in.LC.Append(fx.StartStopHook(in.Mail.Start, in.Mail.Stop))
	in.LC.Append(fx.Hook{OnStart: in.Server.Start, OnStop: in.Server.Stop})
	return nil
}
