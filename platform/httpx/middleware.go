package httpx

import (
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"lamplight/platform/errs"
	plog "lamplight/platform/log"
	"lamplight/platform/metrics"
)

// contentSecurityPolicy allows only the app's own origin: the built web app
// has no inline scripts or styles.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; font-src 'self'; manifest-src 'self'; worker-src 'self'; " +
	"frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"

// requestID keeps a well-formed incoming X-Request-ID or makes one, echoes it,
// and puts it in the request context so every log line carries it.
func requestID(log *slog.Logger) gin.HandlerFunc {
	ids := newRequestIDs()
	return func(c *gin.Context) {
		// By canonical key: looking up "X-Request-ID" canonicalized it into
		// a new string per request.
		var id string
		if v := c.Request.Header["X-Request-Id"]; len(v) > 0 {
			id = v[0]
		}
		if !validRequestID(id) {
			id = ids.next()
		}
		c.Writer.Header()["X-Request-Id"] = []string{id}
		c.Request = c.Request.WithContext(plog.WithRequestID(c.Request.Context(), id))
		c.Set(loggerKey, log)
		c.Next()
	}
}

// validRequestID is ^[A-Za-z0-9._-]{1,64}$, without a regular expression.
func validRequestID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for i := 0; i < len(id); i++ {
		switch b := id[i]; {
		case 'a' <= b && b <= 'z', 'A' <= b && b <= 'Z', '0' <= b && b <= '9', b == '.', b == '_', b == '-':
		default:
			return false
		}
	}
	return true
}

// requestIDs makes request ids: a random prefix per process, so ids of
// several instances do not collide, and a counter. A UUID per request drew
// from the system's random source every time.
type requestIDs struct {
	prefix string
	n      atomic.Uint64
}

func newRequestIDs() *requestIDs {
	return &requestIDs{prefix: strings.ReplaceAll(uuid.NewString(), "-", "")[:16] + "-"}
}

func (r *requestIDs) next() string {
	return r.prefix + strconv.FormatUint(r.n.Add(1), 36)
}

// accessLog writes one structured line per request and records its latency.
// The line's fields are gathered only when its level is logged.
func accessLog(log *slog.Logger, m *metrics.Metrics) gin.HandlerFunc {
	durations := newRouteObservers(m.HTTPDuration)
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		elapsed := time.Since(start)
		route := c.FullPath()
		if route == "" {
			route = "unmatched"
		}
		status := c.Writer.Status()
		durations.get(route, c.Request.Method, statusClass(status)).Observe(elapsed.Seconds())
		level := slog.LevelInfo
		if status >= 500 {
			level = slog.LevelError
		}
		ctx := c.Request.Context()
		if !log.Enabled(ctx, level) {
			return
		}
		log.LogAttrs(ctx, level, "http request",
			slog.String("method", c.Request.Method), slog.String("path", loggedPath(c)), slog.String("route", route),
			slog.Int("status", status), slog.Float64("duration_ms", float64(elapsed.Microseconds())/1000),
			slog.Int("bytes", c.Writer.Size()), slog.String("client_ip", c.ClientIP()))
	}
}

// secretParams are the path parameters that are credentials (a share
// link's token, a calendar feed's file): whoever reads the log must not
// be able to open them. Tokens in queries are never logged.
var secretParams = map[string]bool{"token": true, "file": true}

// loggedPath is the request's path with its secret parameters redacted.
func loggedPath(c *gin.Context) string {
	path := c.Request.URL.Path
	for _, p := range c.Params {
		if secretParams[p.Key] && p.Value != "" {
			path = strings.Replace(path, p.Value, "[redacted]", 1)
		}
	}
	return path
}

// routeObservers keeps the histogram's label-bound observers of matched
// routes: looking them up by label values hashed and checked the three
// strings on every request. Readers load the map without a lock; a new
// key copies it, which happens at most once per route, method and class.
type routeObservers struct {
	vec  *prometheus.HistogramVec
	mu   sync.Mutex
	seen atomic.Pointer[map[observerKey]prometheus.Observer]
}

type observerKey struct{ route, method, class string }

func newRouteObservers(vec *prometheus.HistogramVec) *routeObservers {
	o := &routeObservers{vec: vec}
	o.seen.Store(&map[observerKey]prometheus.Observer{})
	return o
}

func (o *routeObservers) get(route, method, class string) prometheus.Observer {
	k := observerKey{route, method, class}
	if obs, ok := (*o.seen.Load())[k]; ok {
		return obs
	}
	obs := o.vec.WithLabelValues(route, method, class)
	if route == "unmatched" {
		// Any method a client sends: not kept, so the map stays bounded.
		return obs
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	old := *o.seen.Load()
	next := make(map[observerKey]prometheus.Observer, len(old)+1)
	for key, v := range old {
		next[key] = v
	}
	next[k] = obs
	o.seen.Store(&next)
	return obs
}

func statusClass(s int) string {
	switch {
	case s >= 500:
		return "5xx"
	case s >= 400:
		return "4xx"
	case s >= 300:
		return "3xx"
	default:
		return "2xx"
	}
}

// recovery turns a panic into the internal_error body and a logged stack.
func recovery() gin.HandlerFunc {
	return gin.CustomRecoveryWithWriter(nil, func(c *gin.Context, rec any) {
		logger(c).ErrorContext(c.Request.Context(), "panic in handler", "panic", rec)
		Fail(c, errs.New(errs.KindInternal))
	})
}

// securityHeaders sets the headers every response carries. The keys are
// canonical and the values shared slices of one element (an Add copies
// them, a Set replaces them): setting them allocates nothing per request.
func securityHeaders(https bool) gin.HandlerFunc {
	fixed := map[string][]string{
		"Content-Security-Policy":    {contentSecurityPolicy},
		"X-Content-Type-Options":     {"nosniff"},
		"X-Frame-Options":            {"DENY"},
		"Referrer-Policy":            {"strict-origin-when-cross-origin"},
		"Permissions-Policy":         {"camera=(), microphone=(), geolocation=(), payment=()"},
		"Cross-Origin-Opener-Policy": {"same-origin"},
	}
	if https {
		fixed["Strict-Transport-Security"] = []string{"max-age=63072000; includeSubDomains"}
	}
	return func(c *gin.Context) {
		h := c.Writer.Header()
		for k, v := range fixed {
			h[k] = v
		}
		c.Next()
	}
}

// noStoreAPI keeps personal API answers out of shared caches.
func noStoreAPI(c *gin.Context) {
	c.Writer.Header()["Cache-Control"] = noStoreValue
	c.Next()
}

// notFoundAPI answers an unknown /api path.
func notFoundAPI(c *gin.Context) {
	Fail(c, errs.NotFound())
}
