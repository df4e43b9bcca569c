package httpx_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"lamplight/platform/httpx"
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
