// Package httpapi maps the feedback use cases to HTTP; no rules live here.
package httpapi

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"lamplight/modules/feedback/feedbackapi"
	"lamplight/modules/feedback/internal/app"
	"lamplight/modules/feedback/internal/domain"
	"lamplight/modules/identity/identityapi"
	"lamplight/platform/httpx"
	"lamplight/platform/idempotency"
)

// Handler serves /api/feedback and /api/admin/feedback.
type Handler struct {
	svc  *app.Service
	once gin.HandlerFunc
}

// New builds the handler. Sending accepts an Idempotency-Key per sender:
// the account when signed in, else the client's IP address.
func New(svc *app.Service, keys *idempotency.Keys) *Handler {
	return &Handler{svc: svc, once: keys.Once(perSender)}
}

// perSender scopes a signed-out sender's keys to their IP address, the
// same address their sending is rate-limited by.
func perSender(c *gin.Context) string {
	if id := idempotency.PerUser(c); id != "" {
		return id
	}
	return "ip:" + c.ClientIP()
}

// actor is the signed-in admin; the guard ran first.
func actor(ctx context.Context) identityapi.User {
	u, _ := identityapi.CurrentUser(ctx)
	return u
}

// Register implements httpx.Routes.
func (h *Handler) Register(api *gin.RouterGroup) {
	api.POST("/feedback", h.once, func(c *gin.Context) {
		var d domain.Draft
		if !httpx.Bind(c, &d) {
			return
		}
		o := app.Origin{IP: c.ClientIP(), AcceptLanguage: c.GetHeader("Accept-Language"), SiteURL: httpx.SiteURL(c)}
		out, err := h.svc.Send(c.Request.Context(), o, d)
		if err != nil {
			httpx.Fail(c, err)
			return
		}
		c.JSON(http.StatusCreated, out)
	})

	g := api.Group("/admin/feedback", httpx.RequireAdmin)
	g.GET("", httpx.Handle(http.StatusOK, func(r httpx.Request) (app.Page, error) {
		return h.svc.List(r, domain.RawQuery{Status: r.Query("status"), Limit: r.Query("limit"), Offset: r.Query("offset")})
	}))
	g.PATCH("/:id", httpx.HandleBody(http.StatusOK, func(r httpx.Request, c domain.StatusChange) (feedbackapi.Feedback, error) {
		return h.svc.ChangeStatus(r, actor(r), r.Param("id"), c)
	}))
	g.DELETE("/:id", func(c *gin.Context) {
		if err := h.svc.Delete(c.Request.Context(), actor(c.Request.Context()), c.Param("id")); err != nil {
			httpx.Fail(c, err)
			return
		}
		c.Status(http.StatusNoContent)
	})
	g.POST("/:id/reply", httpx.HandleBody(http.StatusOK, func(r httpx.Request, reply domain.Reply) (feedbackapi.Feedback, error) {
		return h.svc.Reply(r, actor(r), r.Param("id"), reply)
	}))
}
