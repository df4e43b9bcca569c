package suggestions

import (
	"net/http"

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
	api.GET("/reading-suggestions", identityapi.RequireUser, h.get)
}

func (h *Handler) get(c *gin.Context) {
	today, err := rebuildapi.ParseDate("today", c.Query("today"))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	u, _ := identityapi.CurrentUser(c)
	out, _, err := h.p.Get(c.Request.Context(), u.ID, today)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, out)
}
