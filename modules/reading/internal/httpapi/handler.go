// Package httpapi maps the reading use cases to HTTP; no rules live here.
package httpapi

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"lamplight/modules/reading/internal/app"
	"lamplight/modules/reading/internal/domain"
	"lamplight/modules/reading/readingapi"
	"lamplight/platform/errs"
	"lamplight/platform/httpx"
	"lamplight/platform/idempotency"
)

// Handler serves /api/log-entries.
type Handler struct {
	svc  *app.Service
	once gin.HandlerFunc
}

// New builds the handler; every write accepts an Idempotency-Key per reader,
// so an offline change sent again (its answer lost) is applied once.
func New(svc *app.Service, keys *idempotency.Keys) *Handler {
	return &Handler{svc: svc, once: keys.Once(idempotency.PerUser)}
}

type batchRequest struct {
	Entries []domain.Draft `json:"entries"`
}

// Register implements httpx.Routes.
func (h *Handler) Register(api *gin.RouterGroup) {
	g := api.Group("/log-entries", httpx.RequireUser)
	g.GET("", h.list)
	g.POST("", h.once, httpx.HandleBody(http.StatusCreated, func(r httpx.Request, d domain.Draft) (readingapi.Entry, error) {
		return h.svc.Add(r, r.UserID, d)
	}))
	g.POST("/batch", h.once, httpx.HandleBody(http.StatusCreated, func(r httpx.Request, b batchRequest) ([]readingapi.Entry, error) {
		return h.svc.AddBatch(r, r.UserID, b.Entries)
	}))
	g.GET("/changes", httpx.Handle(http.StatusOK, func(r httpx.Request) (app.Changes, error) {
		since, err := strconv.ParseInt(r.DefaultQuery("since", "0"), 10, 64)
		if err != nil {
			return app.Changes{}, errs.Validation(errs.Field("since", errs.IsInvalid))
		}
		return h.svc.Changes(r, r.UserID, since)
	}))
	g.GET("/:id", httpx.Handle(http.StatusOK, func(r httpx.Request) (readingapi.Entry, error) {
		return h.svc.Get(r, r.UserID, r.Param("id"))
	}))
	g.PUT("/:id", h.once, httpx.HandleBody(http.StatusOK, func(r httpx.Request, d domain.Draft) (readingapi.Entry, error) {
		return h.svc.Update(r, r.UserID, r.Param("id"), d)
	}))
	g.DELETE("/:id", h.once, httpx.HandleDelete(func(r httpx.Request) error {
		return h.svc.Delete(r, r.UserID, r.Param("id"))
	}))
}

// Precompressed implements httpx.Precompressing: the whole log is cached
// compressed.
func (h *Handler) Precompressed() []string { return []string{"GET /api/log-entries"} }

// list sends the whole log as cached, compressed, or a date range.
func (h *Handler) list(c *gin.Context) {
	ctx, userID := c.Request.Context(), httpx.UserID(c.Request.Context())
	from, to := c.Query("from"), c.Query("to")
	if from == "" && to == "" {
		w, err := h.svc.ListAll(ctx, userID, gzippedJSON)
		if err != nil {
			httpx.Fail(c, err)
			return
		}
		// Where to follow the log from with /changes?since=, without a second request.
		c.Header("X-Log-Version", strconv.FormatInt(w.Version, 10))
		httpx.WriteTagged(c, w.Tag, w.Encoded)
		return
	}
	entries, err := h.svc.List(ctx, userID, from, to)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	raw, err := json.Marshal(entries)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.WriteJSON(c, http.StatusOK, raw)
}

// gzippedJSON is how the whole log is cached: compressed JSON, sent as is.
func gzippedJSON(entries []readingapi.Entry) ([]byte, error) {
	raw, err := json.Marshal(entries)
	if err != nil {
		return nil, err
	}
	return httpx.Gzip(raw)
}
