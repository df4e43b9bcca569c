// Package httpapi maps the settings use cases to HTTP.
package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/settings/internal/app"
	"lamplight/platform/httpx"
)

// Handler serves /api/settings.
type Handler struct{ svc *app.Service }

// New builds the handler.
func New(svc *app.Service) *Handler { return &Handler{svc: svc} }

// Register implements httpx.Routes.
func (h *Handler) Register(api *gin.RouterGroup) {
	g := api.Group("/settings", identityapi.RequireUser)
	g.GET("", h.get)
	g.PUT("", h.put)
}

// hints seed a new reader's defaults from their account.
func hints(c *gin.Context) (string, app.Hints) {
	u, _ := identityapi.CurrentUser(c)
	return u.ID, app.Hints{Locale: u.Locale, TimeZone: u.TimeZone}
}

func (h *Handler) get(c *gin.Context) {
	id, hi := hints(c)
	s, err := h.svc.GetFor(c.Request.Context(), id, hi)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, s)
}

func (h *Handler) put(c *gin.Context) {
	var p app.Patch
	if !httpx.Bind(c, &p) {
		return
	}
	id, hi := hints(c)
	s, err := h.svc.Update(c.Request.Context(), id, hi, p)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, s)
}
