package suggestions

import (
	"github.com/gin-gonic/gin"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/projections/rebuildapi"
	"lamplight/platform/httpx"
)

// Handler serves /api/reading-suggestions.
type Handler struct{ p *Projection }

// NewHandler builds the handler.
func NewHandler(p *Projection) *Handler { return &Handler{p: p} }

// Register implements httpx.Routes.
func (h *Handler) Register(api *gin.RouterGroup) {
	api.GET("/reading-suggestions", httpx.RequireUser, h.get)
}

func (h *Handler) get(c *gin.Context) {
	today, err := rebuildapi.ParseDate("today", c.Query("today"))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	u, _ := identityapi.CurrentUser(c.Request.Context())
	a, err := h.p.Answer(c.Request.Context(), u.ID, today, rebuildapi.Whole, rebuildapi.JSON)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.WriteTagged(c, a.ETag, a.Gzip)
}

// Precompressed implements httpx.Precompressing: answers are cached
// compressed.
func (h *Handler) Precompressed() []string { return []string{"GET /api/reading-suggestions"} }
