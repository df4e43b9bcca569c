// Package httpx is the HTTP edge: the gin engine with its middleware, the
// single place errors become JSON, the embedded web app, and the server's
// lifecycle. Modules only register routes.
package httpx

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/gin-contrib/gzip"
	"github.com/gin-gonic/gin"

	"lamplight/platform/config"
	"lamplight/platform/health"
	"lamplight/platform/metrics"
)

// Routes is implemented by each module that serves API endpoints, and by
// those that serve site routes outside /api (Deps.SiteRoutes).
type Routes interface {
	// Register adds the module's handlers to the group it is given: /api,
	// or the engine's root for site routes.
	Register(api *gin.RouterGroup)
}

// RoutesFunc adapts a function to Routes.
type RoutesFunc func(api *gin.RouterGroup)

// Register implements Routes.
func (f RoutesFunc) Register(api *gin.RouterGroup) { f(api) }

// Deps is what the engine is built from.
type Deps struct {
	Config  config.Config
	Log     *slog.Logger
	Metrics *metrics.Metrics
	Health  *health.Registry
	Routes  []Routes
	// SiteRoutes serve public data the web app fetches outside /api
	// (/_content/...): no API middleware, their own caching.
	SiteRoutes []Routes
	WebApp     fs.FS
	AppRoutes  AppRoutes   // the web app's routes; any other path is a 404
	Pages      []SitePages // public pages' titles and descriptions for crawlers
	OpenAPI    OpenAPIDocument
	Handlers   []gin.HandlerFunc // extra API middleware, run before module handlers (authentication)
}

func init() { gin.SetMode(gin.ReleaseMode) }

// NewEngine assembles the HTTP handler.
func NewEngine(d Deps) *gin.Engine {
	e := gin.New()
	e.HandleMethodNotAllowed = false
	e.RedirectTrailingSlash = false
	e.ContextWithFallback = true
	// Without configured proxies the peer address is the client; config
	// validation has already checked every entry.
	_ = e.SetTrustedProxies(d.Config.TrustedProxies)
	// The fastest gzip level: a ten-year log is hundreds of KB of JSON, and
	// level 1 still shrinks it several times over at a fraction of the CPU.
	s := newSite(d.Config)
	app := newSPA(d.WebApp, d.AppRoutes, d.Pages, s.url, d.Log)
	e.Use(requestID(d.Log), accessLog(d.Log, d.Metrics), recovery(), securityHeaders(d.Config.SecureCookies()),
		s.handle, operatorOnly(d.Config, s), limitBodies(d.Routes), validInput,
		gzip.Gzip(gzip.BestSpeed, gzip.WithCustomShouldCompressFn(compressFilter(d.Routes, app.hasPrecompressed))))

	d.Health.Register(e)
	e.GET("/metrics", gin.WrapH(d.Metrics.Handler()))
	if d.Config.Pprof {
		e.GET(pprofRoute, servePprof)
	}

	api := e.Group("/api", noStoreAPI)
	api.Use(d.Handlers...)
	api.GET("/openapi.json", func(c *gin.Context) { c.Data(http.StatusOK, "application/json", d.OpenAPI) })
	for _, r := range d.Routes {
		r.Register(api)
	}
	site := e.Group("")
	for _, r := range d.SiteRoutes {
		r.Register(site)
	}
	(&crawlers{spa: app, cache: map[string][]byte{}}).register(e)
	e.NoRoute(app.handle)
	return e
}

// Server owns the listener so a taken port fails start-up, not a request.
type Server struct {
	srv  *http.Server
	ln   net.Listener
	log  *slog.Logger
	done chan struct{}
}

// NewServer wraps the handler with sane timeouts.
func NewServer(cfg config.Config, h http.Handler, log *slog.Logger) *Server {
	return &Server{
		srv: &http.Server{
			Addr:              cfg.Addr,
			Handler:           h,
			ReadHeaderTimeout: 10 * time.Second,
			ReadTimeout:       30 * time.Second,
			WriteTimeout:      60 * time.Second,
			IdleTimeout:       120 * time.Second,
			MaxHeaderBytes:    1 << 20,
		},
		log:  log,
		done: make(chan struct{}),
	}
}

// Start listens and serves in the background.
func (s *Server) Start(context.Context) error {
	ln, err := net.Listen("tcp", s.srv.Addr)
	if err != nil {
		return err
	}
	s.ln = ln
	go func() {
		defer close(s.done)
		if err := s.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			s.log.Error("http server", "err", err)
		}
	}()
	return nil
}

// Stop stops accepting and waits for in-flight requests.
func (s *Server) Stop(ctx context.Context) error {
	err := s.srv.Shutdown(ctx)
	<-s.done
	return err
}

// URL is the address the server listens on, usable once started.
func (s *Server) URL() string {
	return "http://" + s.ln.Addr().String()
}
