package httpapi

import (
	"github.com/gin-gonic/gin"

	"lamplight/modules/readmodels/internal/engine"
	"lamplight/modules/readmodels/internal/streaks"
	"lamplight/platform/httpx"
)

// Streaks serves /api/insights/streak.
type Streaks struct{ p *streaks.Projection }

// NewStreaks builds the handler.
func NewStreaks(p *streaks.Projection) *Streaks { return &Streaks{p: p} }

// Register implements httpx.Routes.
func (h *Streaks) Register(api *gin.RouterGroup) {
	api.GET("/insights/streak", httpx.RequireUser, serveToday(h.p.Runner, engine.Whole, engine.JSON))
}

// Precompressed implements httpx.Precompressing: answers are cached
// compressed.
func (h *Streaks) Precompressed() []string { return []string{"GET /api/insights/streak"} }
