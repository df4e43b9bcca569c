// Package httpapi maps the settings use cases to HTTP.
package httpapi

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/settings/internal/app"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/httpx"
)

// Handler serves /api/settings.
type Handler struct{ svc *app.Service }

// New builds the handler.
func New(svc *app.Service) *Handler { return &Handler{svc: svc} }

// Register implements httpx.Routes.
func (h *Handler) Register(api *gin.RouterGroup) {
	g := api.Group("/settings", httpx.RequireUser)
	g.GET("", httpx.Handle(http.StatusOK, func(r httpx.Request) (settingsapi.Settings, error) {
		return h.svc.GetFor(r, r.UserID, hints(r))
	}))
	g.PUT("", httpx.HandleBody(http.StatusOK, func(r httpx.Request, p app.Patch) (settingsapi.Settings, error) {
		return h.svc.Update(r, r.UserID, hints(r), p)
	}))
}

// hints seed a new reader's defaults from their account.
func hints(ctx context.Context) app.Hints {
	u, _ := identityapi.CurrentUser(ctx)
	return app.Hints{Locale: u.Locale, TimeZone: u.TimeZone}
}
