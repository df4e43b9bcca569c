// Package httpapi maps the notes use cases to HTTP; no rules live here.
package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/notes/internal/app"
	"lamplight/modules/notes/internal/domain"
	"lamplight/platform/httpx"
)

// Handler serves /api/passage-notes.
type Handler struct{ svc *app.Service }

// New builds the handler.
func New(svc *app.Service) *Handler { return &Handler{svc: svc} }

// Register implements httpx.Routes.
func (h *Handler) Register(api *gin.RouterGroup) {
	g := api.Group("/passage-notes", identityapi.RequireUser)
	g.GET("", h.list)
	g.POST("", h.create)
	g.GET("/counts", h.counts)
	g.GET("/:id", h.get)
	g.PUT("/:id", h.update)
	g.DELETE("/:id", h.delete)
}

func userID(c *gin.Context) string {
	u, _ := identityapi.CurrentUser(c)
	return u.ID
}

// rawQuery reads the list query; repeated filterTags may also be sent as
// filterTags[] (the form common HTTP clients use for arrays).
func rawQuery(c *gin.Context) domain.RawQuery {
	return domain.RawQuery{
		Limit:                     c.Query("limit"),
		Offset:                    c.Query("offset"),
		SortOn:                    c.Query("sortOn"),
		SortDirection:             c.Query("sortDirection"),
		FilterTags:                append(c.QueryArray("filterTags"), c.QueryArray("filterTags[]")...),
		FilterTagMatching:         c.Query("filterTagMatching"),
		SearchText:                c.Query("searchText"),
		FilterPassageStartVerseID: c.Query("filterPassageStartVerseId"),
		FilterPassageEndVerseID:   c.Query("filterPassageEndVerseId"),
		FilterPassageMatching:     c.Query("filterPassageMatching"),
	}
}

func (h *Handler) list(c *gin.Context) {
	page, err := h.svc.List(c.Request.Context(), userID(c), rawQuery(c))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, page)
}

func (h *Handler) counts(c *gin.Context) {
	counts, err := h.svc.Counts(c.Request.Context(), userID(c), c.Query("by"))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, counts)
}

func (h *Handler) get(c *gin.Context) {
	n, err := h.svc.Get(c.Request.Context(), userID(c), c.Param("id"))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, n)
}

func (h *Handler) create(c *gin.Context) {
	var d domain.Draft
	if !httpx.Bind(c, &d) {
		return
	}
	n, err := h.svc.Create(c.Request.Context(), userID(c), d)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, n)
}

func (h *Handler) update(c *gin.Context) {
	var d domain.Draft
	if !httpx.Bind(c, &d) {
		return
	}
	n, err := h.svc.Update(c.Request.Context(), userID(c), c.Param("id"), d)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, n)
}

func (h *Handler) delete(c *gin.Context) {
	if err := h.svc.Delete(c.Request.Context(), userID(c), c.Param("id")); err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"deleted": true})
}
