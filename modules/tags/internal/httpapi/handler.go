// Package httpapi maps the tags use cases to HTTP; no rules live here.
package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"lamplight/modules/tags/internal/app"
	"lamplight/modules/tags/internal/domain"
	"lamplight/modules/tags/tagsapi"
	"lamplight/platform/httpx"
	"lamplight/platform/idempotency"
)

// Handler serves /api/passage-note-tags.
type Handler struct {
	svc  *app.Service
	once gin.HandlerFunc
}

// New builds the handler; creating routes accept an Idempotency-Key per reader.
func New(svc *app.Service, keys *idempotency.Keys) *Handler {
	return &Handler{svc: svc, once: keys.Once(idempotency.PerUser)}
}

// Register implements httpx.Routes.
func (h *Handler) Register(api *gin.RouterGroup) {
	g := api.Group("/passage-note-tags", httpx.RequireUser)
	g.GET("", httpx.Handle(http.StatusOK, func(r httpx.Request) ([]app.Listed, error) {
		return h.svc.List(r, r.UserID)
	}))
	g.POST("", h.once, httpx.HandleBody(http.StatusCreated, func(r httpx.Request, d domain.Draft) (tagsapi.Tag, error) {
		return h.svc.Create(r, r.UserID, d)
	}))
	g.GET("/:id", httpx.Handle(http.StatusOK, func(r httpx.Request) (tagsapi.Tag, error) {
		return h.svc.Get(r, r.UserID, r.Param("id"))
	}))
	g.PUT("/:id", httpx.HandleBody(http.StatusOK, func(r httpx.Request, d domain.Draft) (tagsapi.Tag, error) {
		return h.svc.Update(r, r.UserID, r.Param("id"), d)
	}))
	g.DELETE("/:id", httpx.HandleDelete(func(r httpx.Request) error {
		return h.svc.Delete(r, r.UserID, r.Param("id"))
	}))
}
