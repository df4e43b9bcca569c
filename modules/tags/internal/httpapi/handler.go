// Package httpapi maps the tags use cases to HTTP; no rules live here.
package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/tags/internal/app"
	"lamplight/modules/tags/internal/domain"
	"lamplight/platform/httpx"
)

// Handler serves /api/passage-note-tags.
type Handler struct{ svc *app.Service }

// New builds the handler.
func New(svc *app.Service) *Handler { return &Handler{svc: svc} }

// Register implements httpx.Routes.
func (h *Handler) Register(api *gin.RouterGroup) {
	g := api.Group("/passage-note-tags", identityapi.RequireUser)
	g.GET("", h.list)
	g.POST("", h.create)
	g.GET("/:id", h.get)
	g.PUT("/:id", h.update)
	g.DELETE("/:id", h.delete)
}

func userID(c *gin.Context) string {
	u, _ := identityapi.CurrentUser(c)
	return u.ID
}

func (h *Handler) list(c *gin.Context) {
	tags, err := h.svc.List(c.Request.Context(), userID(c))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, tags)
}

func (h *Handler) get(c *gin.Context) {
	t, err := h.svc.Get(c.Request.Context(), userID(c), c.Param("id"))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, t)
}

func (h *Handler) create(c *gin.Context) {
	var d domain.Draft
	if !httpx.Bind(c, &d) {
		return
	}
	t, err := h.svc.Create(c.Request.Context(), userID(c), d)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, t)
}

func (h *Handler) update(c *gin.Context) {
	var d domain.Draft
	if !httpx.Bind(c, &d) {
		return
	}
	t, err := h.svc.Update(c.Request.Context(), userID(c), c.Param("id"), d)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, t)
}

func (h *Handler) delete(c *gin.Context) {
	if err := h.svc.Delete(c.Request.Context(), userID(c), c.Param("id")); err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"deleted": true})
}
