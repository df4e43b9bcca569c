package httpx

import (
	"log/slog"
	"regexp"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"lamplight/platform/errs"
	plog "lamplight/platform/log"
	"lamplight/platform/metrics"
)

// contentSecurityPolicy allows only the app's own origin: the built web app
// has no inline scripts or styles.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; font-src 'self'; manifest-src 'self'; worker-src 'self'; " +
	"frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"

var validRequestID = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

// requestID keeps a well-formed incoming X-Request-ID or makes one, echoes it,
// and puts it in the request context so every log line carries it.
func requestID(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Request-ID")
		if !validRequestID.MatchString(id) {
			id = uuid.NewString()
		}
		c.Header("X-Request-ID", id)
		c.Request = c.Request.WithContext(plog.WithRequestID(c.Request.Context(), id))
		c.Set(loggerKey, log)
		c.Next()
	}
}

// accessLog writes one structured line per request and records its latency.
func accessLog(log *slog.Logger, m *metrics.Metrics) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		elapsed := time.Since(start)
		route := c.FullPath()
		if route == "" {
			route = "unmatched"
		}
		status := c.Writer.Status()
		m.HTTPDuration.WithLabelValues(route, c.Request.Method, statusClass(status)).Observe(elapsed.Seconds())
		level := slog.LevelInfo
		if status >= 500 {
			level = slog.LevelError
		}
		log.Log(c.Request.Context(), level, "http request",
			"method", c.Request.Method, "path", c.Request.URL.Path, "route", route,
			"status", status, "duration_ms", float64(elapsed.Microseconds())/1000,
			"bytes", c.Writer.Size(), "client_ip", c.ClientIP())
	}
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

// securityHeaders sets the headers every response carries.
func securityHeaders(https bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		h := c.Writer.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		if https {
			h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
		c.Next()
	}
}

// noStoreAPI keeps personal API answers out of shared caches.
func noStoreAPI(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	c.Next()
}

// notFoundAPI answers an unknown /api path.
func notFoundAPI(c *gin.Context) {
	Fail(c, errs.NotFound())
}
