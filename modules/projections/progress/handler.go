package progress

import (
	"encoding/json"
	"strconv"

	"github.com/gin-gonic/gin"

	"lamplight/modules/bible"
	"lamplight/modules/identity/identityapi"
	"lamplight/modules/projections/rebuildapi"
	"lamplight/platform/errs"
	"lamplight/platform/httpx"
)

// ErrBookNotFound answers a book id outside 1-66.
var ErrBookNotFound = errs.NotFound("book_not_found")

// Handler serves /api/progress.
type Handler struct{ p *Projection }

// NewHandler builds the handler.
func NewHandler(p *Projection) *Handler { return &Handler{p: p} }

// Register implements httpx.Routes.
func (h *Handler) Register(api *gin.RouterGroup) {
	g := api.Group("/progress", httpx.RequireUser)
	g.GET("", h.overview)
	g.GET("/books/:book", h.book)
}

func (h *Handler) overview(c *gin.Context) {
	u, _ := identityapi.CurrentUser(c.Request.Context())
	a, err := h.p.Answer(c.Request.Context(), u.ID, "", rebuildapi.Whole, func(read []bible.Range, _ rebuildapi.View) ([]byte, error) {
		return json.Marshal(NewOverview(read))
	})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.WriteTagged(c, a.ETag, a.Gzip)
}

func (h *Handler) book(c *gin.Context) {
	book, err := strconv.Atoi(c.Param("book"))
	if err != nil || book < 1 || book > 66 {
		httpx.Fail(c, ErrBookNotFound)
		return
	}
	u, _ := identityapi.CurrentUser(c.Request.Context())
	variant := func(rebuildapi.View) (string, error) { return "book:" + strconv.Itoa(book), nil }
	a, err := h.p.Answer(c.Request.Context(), u.ID, "", variant, func(read []bible.Range, _ rebuildapi.View) ([]byte, error) {
		d, _ := NewBookDetail(read, book)
		return json.Marshal(d)
	})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.WriteTagged(c, a.ETag, a.Gzip)
}

// Precompressed implements httpx.Precompressing: answers are cached
// compressed.
func (h *Handler) Precompressed() []string {
	return []string{"GET /api/progress", "GET /api/progress/books/:book"}
}
