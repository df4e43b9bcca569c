package httpapi

import (
	"encoding/json"
	"strconv"

	"github.com/gin-gonic/gin"

	"lamplight/modules/bible"
	"lamplight/modules/readmodels/internal/engine"
	"lamplight/modules/readmodels/internal/progress"
	"lamplight/platform/errs"
	"lamplight/platform/httpx"
)

// ErrBookNotFound answers a book id outside 1-66.
var ErrBookNotFound = errs.NotFound("book_not_found")

// Progress serves /api/progress.
type Progress struct{ p *progress.Projection }

// NewProgress builds the handler.
func NewProgress(p *progress.Projection) *Progress { return &Progress{p: p} }

// Register implements httpx.Routes.
func (h *Progress) Register(api *gin.RouterGroup) {
	g := api.Group("/progress", httpx.RequireUser)
	g.GET("", h.overview)
	g.GET("/books/:book", h.book)
}

func (h *Progress) overview(c *gin.Context) {
	serve(c, h.p.Runner, "", engine.Whole, func(read []bible.Range, _ engine.View) ([]byte, error) {
		return json.Marshal(progress.NewOverview(read))
	})
}

func (h *Progress) book(c *gin.Context) {
	book, err := strconv.Atoi(c.Param("book"))
	if err != nil || book < 1 || book > 66 {
		httpx.Fail(c, ErrBookNotFound)
		return
	}
	variant := func(engine.View) (string, error) { return "book:" + strconv.Itoa(book), nil }
	serve(c, h.p.Runner, "", variant, func(read []bible.Range, _ engine.View) ([]byte, error) {
		d, _ := progress.NewBookDetail(read, book)
		return json.Marshal(d)
	})
}

// Precompressed implements httpx.Precompressing: answers are cached
// compressed.
func (h *Progress) Precompressed() []string {
	return []string{"GET /api/progress", "GET /api/progress/books/:book"}
}
