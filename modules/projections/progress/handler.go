package progress

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"lamplight/modules/identity/identityapi"
	"lamplight/platform/errs"
	"lamplight/platform/httpx"
)

// ErrBookNotFound answers a book id outside 1-66.
var ErrBookNotFound = errs.NotFound("progress.book_not_found")

// Handler serves /api/progress.
type Handler struct{ p *Projection }

// NewHandler builds the handler.
func NewHandler(p *Projection) *Handler { return &Handler{p: p} }

// Register implements httpx.Routes.
func (h *Handler) Register(api *gin.RouterGroup) {
	g := api.Group("/progress", identityapi.RequireUser)
	g.GET("", h.overview)
	g.GET("/books/:book", h.book)
}

func (h *Handler) overview(c *gin.Context) {
	u, _ := identityapi.CurrentUser(c)
	read, _, err := h.p.Get(c.Request.Context(), u.ID, "")
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, NewOverview(read))
}

func (h *Handler) book(c *gin.Context) {
	book, err := strconv.Atoi(c.Param("book"))
	if err != nil || book < 1 || book > 66 {
		httpx.Fail(c, ErrBookNotFound)
		return
	}
	u, _ := identityapi.CurrentUser(c)
	read, _, err := h.p.Get(c.Request.Context(), u.ID, "")
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	d, _ := NewBookDetail(read, book)
	c.JSON(http.StatusOK, d)
}
