// Package httpapi maps the notes use cases to HTTP; no rules live here.
package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"lamplight/modules/notes/internal/app"
	"lamplight/modules/notes/internal/domain"
	"lamplight/modules/notes/notesapi"
	"lamplight/platform/httpx"
	"lamplight/platform/idempotency"
)

// Handler serves /api/passage-notes.
type Handler struct {
	svc  *app.Service
	once gin.HandlerFunc
}

// New builds the handler; every write accepts an Idempotency-Key per reader,
// so an offline change sent again (its answer lost) is applied once.
func New(svc *app.Service, keys *idempotency.Keys) *Handler {
	return &Handler{svc: svc, once: keys.Once(idempotency.PerUser)}
}

// Register implements httpx.Routes.
func (h *Handler) Register(api *gin.RouterGroup) {
	g := api.Group("/passage-notes", httpx.RequireUser)
	g.GET("", httpx.Handle(http.StatusOK, func(r httpx.Request) (app.Page, error) {
		return h.svc.List(r, r.UserID, rawQuery(r))
	}))
	g.POST("", h.once, httpx.HandleBody(http.StatusCreated, func(r httpx.Request, d domain.Draft) (notesapi.Note, error) {
		return h.svc.Create(r, r.UserID, d)
	}))
	g.GET("/counts", httpx.Handle(http.StatusOK, func(r httpx.Request) (map[string]int, error) {
		return h.svc.Counts(r, r.UserID, r.Query("by"))
	}))
	g.GET("/:id", httpx.Handle(http.StatusOK, func(r httpx.Request) (notesapi.Note, error) {
		return h.svc.Get(r, r.UserID, r.Param("id"))
	}))
	g.PUT("/:id", h.once, httpx.HandleBody(http.StatusOK, func(r httpx.Request, d domain.Draft) (notesapi.Note, error) {
		return h.svc.Update(r, r.UserID, r.Param("id"), d)
	}))
	g.DELETE("/:id", h.once, httpx.HandleDelete(func(r httpx.Request) error {
		return h.svc.Delete(r, r.UserID, r.Param("id"))
	}))
}

// rawQuery reads the list query; repeated filterTags may also be sent as
// filterTags[] (the form common HTTP clients use for arrays).
func rawQuery(r httpx.Request) domain.RawQuery {
	return domain.RawQuery{
		Limit:                     r.Query("limit"),
		Offset:                    r.Query("offset"),
		SortOn:                    r.Query("sortOn"),
		SortDirection:             r.Query("sortDirection"),
		FilterTags:                append(r.QueryArray("filterTags"), r.QueryArray("filterTags[]")...),
		FilterTagMatching:         r.Query("filterTagMatching"),
		SearchText:                r.Query("searchText"),
		FilterPassageStartVerseID: r.Query("filterPassageStartVerseId"),
		FilterPassageEndVerseID:   r.Query("filterPassageEndVerseId"),
		FilterPassageMatching:     r.Query("filterPassageMatching"),
	}
}
