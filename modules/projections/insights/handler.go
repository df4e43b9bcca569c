package insights

import (
	"encoding/json"

	"github.com/gin-gonic/gin"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/projections/rebuildapi"
	"lamplight/platform/httpx"
)

// Handler serves /api/insights and /api/insights/chapters.
type Handler struct{ p *Projection }

// NewHandler builds the handler.
func NewHandler(p *Projection) *Handler { return &Handler{p: p} }

// Register implements httpx.Routes.
func (h *Handler) Register(api *gin.RouterGroup) {
	api.GET("/insights", httpx.RequireUser, h.serve(rebuildapi.Whole, rebuildapi.JSON[Insights]))
	api.GET("/insights/chapters", httpx.RequireUser, h.serve(
		func(rebuildapi.View) (string, error) { return "chapters", nil },
		func(in Insights, _ rebuildapi.View) ([]byte, error) { return json.Marshal(in.Chapters) },
	))
}

// Precompressed implements httpx.Precompressing: answers are cached
// compressed.
func (h *Handler) Precompressed() []string {
	return []string{"GET /api/insights", "GET /api/insights/chapters"}
}

func (h *Handler) serve(variant func(rebuildapi.View) (string, error), render func(Insights, rebuildapi.View) ([]byte, error)) gin.HandlerFunc {
	return func(c *gin.Context) {
		today, err := rebuildapi.ParseDate("today", c.Query("today"))
		if err != nil {
			httpx.Fail(c, err)
			return
		}
		u, _ := identityapi.CurrentUser(c.Request.Context())
		a, err := h.p.Answer(c.Request.Context(), u.ID, today, variant, render)
		if err != nil {
			httpx.Fail(c, err)
			return
		}
		httpx.WriteTagged(c, a.ETag, a.Gzip)
	}
}
