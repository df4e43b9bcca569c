package health_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"lamplight/platform/bus"
	"lamplight/platform/health"
)

func get(t *testing.T, e *gin.Engine, path string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	return rec.Code, rec.Body.String()
}

func TestAHandlerNotConsumingDegradesItsModuleButNotReadiness(t *testing.T) {
	gin.SetMode(gin.TestMode)
	lag := int64(3)
	r := &health.Registry{
		Checks:  []health.Check{{Name: "bus", Check: func(context.Context) error { return nil }}},
		Modules: []health.Module{{Name: "projections.progress"}, {Name: "projections.streaks"}, {Name: "reading"}},
		Handlers: func(context.Context) []bus.HandlerStatus {
			return []bus.HandlerStatus{
				{Name: "reading.delete-user-data", Status: "ok"},
				{Name: "projections.progress.settings", Status: "failing", Error: "its consumer group is missing", Lag: &lag},
				{Name: "projections.streaks", Status: "ok"},
			}
		},
	}
	e := gin.New()
	r.Register(e)

	if code, body := get(t, e, "/readyz"); code != http.StatusOK {
		t.Fatalf("readiness must not depend on event handlers: %d %s", code, body)
	}
	code, body := get(t, e, "/api/health")
	var h struct {
		Status   string              `json:"status"`
		Modules  []health.Status     `json:"modules"`
		Handlers []bus.HandlerStatus `json:"handlers"`
	}
	if code != http.StatusOK || json.Unmarshal([]byte(body), &h) != nil {
		t.Fatalf("%d %s", code, body)
	}
	if h.Status != "degraded" {
		t.Fatalf("status %q, want degraded: %s", h.Status, body)
	}
	modules := map[string]health.Status{}
	for _, m := range h.Modules {
		modules[m.Name] = m
	}
	if m := modules["projections.progress"]; m.Status != "failing" || !strings.Contains(m.Error, "projections.progress.settings") {
		t.Fatalf("module of the stuck handler: %+v", m)
	}
	// The other modules stay ok.
	for _, name := range []string{"projections.streaks", "reading"} {
		if modules[name].Status != "ok" {
			t.Fatalf("module %s: %+v", name, modules[name])
		}
	}
	if len(h.Handlers) != 3 || h.Handlers[0].Name != "projections.progress.settings" || *h.Handlers[0].Lag != 3 {
		t.Fatalf("handlers: %+v", h.Handlers)
	}
}
