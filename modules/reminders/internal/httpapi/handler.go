// Package httpapi maps the reminders use cases to HTTP; no rules live here.
package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"lamplight/modules/reminders/internal/app"
	"lamplight/modules/reminders/internal/domain"
	"lamplight/platform/httpx"
)

// Handler serves /api/reminders.
type Handler struct{ svc *app.Service }

// New builds the handler.
func New(svc *app.Service) *Handler { return &Handler{svc: svc} }

// PushKey is the server's VAPID public key, for PushManager.subscribe.
type PushKey struct {
	PublicKey string `json:"publicKey"`
}

// Register implements httpx.Routes.
func (h *Handler) Register(api *gin.RouterGroup) {
	// Without a session: the links of a reminder.
	api.POST("/reminders/unsubscribe", func(c *gin.Context) {
		if err := h.svc.UnsubscribeToken(c.Request.Context(), c.Query("token")); err != nil {
			httpx.Fail(c, err)
			return
		}
		c.Status(http.StatusNoContent)
	})
	api.GET("/reminders/unsubscribe", func(c *gin.Context) {
		if err := h.svc.CheckToken(c.Request.Context(), c.Query("token")); err != nil {
			httpx.Fail(c, err)
			return
		}
		c.Header("Cache-Control", "no-store")
		c.Status(http.StatusNoContent)
	})
	api.GET("/reminders/open", func(c *gin.Context) {
		to, err := h.svc.Open(c.Request.Context(), c.Query("token"), c.Query("to"))
		if err != nil {
			httpx.Fail(c, err)
			return
		}
		c.Header("Cache-Control", "no-store")
		c.Header("Referrer-Policy", "no-referrer")
		c.Redirect(http.StatusSeeOther, to)
	})

	g := api.Group("/reminders", httpx.RequireUser)
	g.GET("", httpx.Handle(http.StatusOK, func(r httpx.Request) (app.View, error) {
		return h.svc.Get(r, r.UserID)
	}))
	g.PUT("", func(c *gin.Context) {
		var in domain.Input
		if !httpx.Bind(c, &in) {
			return
		}
		ctx := c.Request.Context()
		out, err := h.svc.Save(ctx, httpx.UserID(ctx), httpx.SiteURL(c), in)
		if err != nil {
			httpx.Fail(c, err)
			return
		}
		c.JSON(http.StatusOK, out)
	})
	g.GET("/push/key", httpx.Handle(http.StatusOK, func(r httpx.Request) (PushKey, error) {
		k, err := h.svc.Keys(r)
		return PushKey{PublicKey: k.Public}, err
	}))
	g.GET("/push/subscriptions", httpx.Handle(http.StatusOK, func(r httpx.Request) ([]app.SubscriptionView, error) {
		return h.svc.Subscriptions(r, r.UserID)
	}))
	g.POST("/push/subscriptions", httpx.HandleBody(http.StatusCreated, func(r httpx.Request, in app.SubscriptionInput) (app.SubscriptionView, error) {
		return h.svc.Subscribe(r, r.UserID, in)
	}))
	g.DELETE("/push/subscriptions/:id", httpx.HandleDelete(func(r httpx.Request) error {
		return h.svc.Unsubscribe(r, r.UserID, r.Param("id"))
	}))
}
