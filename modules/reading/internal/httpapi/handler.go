// Package httpapi maps the reading use cases to HTTP; no rules live here.
package httpapi

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/reading/internal/app"
	"lamplight/modules/reading/internal/domain"
	"lamplight/platform/errs"
	"lamplight/platform/httpx"
)

// Handler serves /api/log-entries.
type Handler struct{ svc *app.Service }

// New builds the handler.
func New(svc *app.Service) *Handler { return &Handler{svc: svc} }

// Register implements httpx.Routes.
func (h *Handler) Register(api *gin.RouterGroup) {
	g := api.Group("/log-entries", identityapi.RequireUser)
	g.GET("", h.list)
	g.POST("", h.create)
	g.POST("/batch", h.createBatch)
	g.GET("/changes", h.changes)
	g.GET("/:id", h.get)
	g.PUT("/:id", h.update)
	g.DELETE("/:id", h.delete)
}

func userID(c *gin.Context) string {
	u, _ := identityapi.CurrentUser(c)
	return u.ID
}

// Precompressed implements httpx.Precompressing: the whole log is cached
// compressed.
func (h *Handler) Precompressed() []string { return []string{"GET /api/log-entries"} }

func (h *Handler) list(c *gin.Context) {
	from, to := c.Query("from"), c.Query("to")
	if from == "" && to == "" {
		gz, version, err := h.svc.ListAll(c.Request.Context(), userID(c))
		if err != nil {
			httpx.Fail(c, err)
			return
		}
		// Where to follow the log from with /changes?since=, without a second request.
		c.Header("X-Log-Version", strconv.FormatInt(version, 10))
		httpx.WriteGzipped(c, http.StatusOK, gz)
		return
	}
	entries, err := h.svc.List(c.Request.Context(), userID(c), from, to)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.WriteJSON(c, http.StatusOK, entries)
}

func (h *Handler) create(c *gin.Context) {
	var d domain.Draft
	if !httpx.Bind(c, &d) {
		return
	}
	e, err := h.svc.Add(c.Request.Context(), userID(c), d)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, e)
}

type batchRequest struct {
	Entries []domain.Draft `json:"entries"`
}

func (h *Handler) createBatch(c *gin.Context) {
	var req batchRequest
	if !httpx.Bind(c, &req) {
		return
	}
	entries, err := h.svc.AddBatch(c.Request.Context(), userID(c), req.Entries)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, entries)
}

func (h *Handler) get(c *gin.Context) {
	e, err := h.svc.Get(c.Request.Context(), userID(c), c.Param("id"))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, e)
}

func (h *Handler) update(c *gin.Context) {
	var d domain.Draft
	if !httpx.Bind(c, &d) {
		return
	}
	e, err := h.svc.Update(c.Request.Context(), userID(c), c.Param("id"), d)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, e)
}

func (h *Handler) delete(c *gin.Context) {
	if err := h.svc.Delete(c.Request.Context(), userID(c), c.Param("id")); err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"deleted": true})
}

func (h *Handler) changes(c *gin.Context) {
	since, err := strconv.ParseInt(c.DefaultQuery("since", "0"), 10, 64)
	if err != nil {
		httpx.Fail(c, errs.Validation(errs.Field("since", errs.IsInvalid)))
		return
	}
	ch, err := h.svc.Changes(c.Request.Context(), userID(c), since)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, ch)
}
