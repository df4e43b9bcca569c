package httpapi

import (
	"github.com/gin-gonic/gin"

	"lamplight/modules/readmodels/internal/engine"
	"lamplight/modules/readmodels/internal/suggestions"
	"lamplight/platform/httpx"
)

// Suggestions serves /api/reading-suggestions.
type Suggestions struct{ p *suggestions.Projection }

// NewSuggestions builds the handler.
func NewSuggestions(p *suggestions.Projection) *Suggestions { return &Suggestions{p: p} }

// Register implements httpx.Routes.
func (h *Suggestions) Register(api *gin.RouterGroup) {
	api.GET("/reading-suggestions", httpx.RequireUser, serveToday(h.p.Runner, engine.Whole, engine.JSON))
}

// Precompressed implements httpx.Precompressing: answers are cached
// compressed.
func (h *Suggestions) Precompressed() []string { return []string{"GET /api/reading-suggestions"} }
