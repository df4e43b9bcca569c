package httpapi

import (
	"encoding/json"

	"github.com/gin-gonic/gin"

	"lamplight/modules/readmodels/internal/engine"
	"lamplight/modules/readmodels/internal/insights"
	"lamplight/platform/httpx"
)

// Insights serves /api/insights and /api/insights/chapters.
type Insights struct{ p *insights.Projection }

// NewInsights builds the handler.
func NewInsights(p *insights.Projection) *Insights { return &Insights{p: p} }

// Register implements httpx.Routes.
func (h *Insights) Register(api *gin.RouterGroup) {
	api.GET("/insights", httpx.RequireUser, serveToday(h.p.Runner, engine.Whole, engine.JSON[insights.Insights]))
	api.GET("/insights/chapters", httpx.RequireUser, serveToday(h.p.Runner,
		func(engine.View) (string, error) { return "chapters", nil },
		func(in insights.Insights, _ engine.View) ([]byte, error) { return json.Marshal(in.Chapters) },
	))
}

// Precompressed implements httpx.Precompressing: answers are cached
// compressed.
func (h *Insights) Precompressed() []string {
	return []string{"GET /api/insights", "GET /api/insights/chapters"}
}
