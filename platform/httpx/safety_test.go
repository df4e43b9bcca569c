package httpx_test

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gin-gonic/gin"

	"lamplight/platform/config"
	"lamplight/platform/health"
	"lamplight/platform/httpx"
	"lamplight/platform/metrics"
)

// sqliteBusy stands for the SQLite driver's error after the busy timeout.
type sqliteBusy struct{}

func (sqliteBusy) Error() string { return "database is locked (5) (SQLITE_BUSY)" }
func (sqliteBusy) Code() int     { return 5 }

// A database that is busy or out of reach answers 503 with Retry-After,
// not 500: the request may succeed when sent again.
func TestFailDatabaseUnavailable(t *testing.T) {
	e := gin.New()
	e.GET("/busy", func(c *gin.Context) { httpx.Fail(c, fmt.Errorf("save entry: %w", sqliteBusy{})) })
	e.GET("/broken", func(c *gin.Context) { httpx.Fail(c, fmt.Errorf("save entry: boom")) })
	w := httptest.NewRecorder()
	e.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/busy", nil))
	if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") == "" ||
		!strings.Contains(w.Body.String(), `"code":"unavailable"`) || !strings.Contains(w.Body.String(), `"service_unavailable"`) {
		t.Fatalf("%d %v %s", w.Code, w.Header(), w.Body)
	}
	w = httptest.NewRecorder()
	e.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/broken", nil))
	if w.Code != http.StatusInternalServerError {
		t.Fatalf("%d", w.Code)
	}
}

// The access log never holds a share link's token or a feed's file name.
func TestAccessLogRedactsTokens(t *testing.T) {
	var out strings.Builder
	e := httpx.NewEngine(httpx.Deps{
		Config: config.Config{}, Log: slog.New(slog.NewTextHandler(&out, nil)), Metrics: metrics.New(),
		Health: &health.Registry{}, WebApp: fstest.MapFS{},
		SiteRoutes: []httpx.Routes{httpx.RoutesFunc(func(root *gin.RouterGroup) {
			ok := func(c *gin.Context) { c.Status(http.StatusOK) }
			root.GET("/share/progress/:token", ok)
			root.GET("/share/calendar/:file", ok)
		})},
	})
	for _, path := range []string{"/share/progress/s3cr3t-share-token", "/share/calendar/s3cr3t-feed-token.ics"} {
		e.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, path, nil))
	}
	if got := out.String(); strings.Contains(got, "s3cr3t") || strings.Count(got, "[redacted]") != 2 {
		t.Fatal(got)
	}
}
