// Package httpapi maps the export use cases to HTTP downloads; no rules
// live here.
package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"lamplight/modules/export/internal/app"
	"lamplight/platform/errs"
	"lamplight/platform/httpx"
)

// Handler serves /api/export.
type Handler struct {
	svc *app.Service
}

// New builds the handler.
func New(svc *app.Service) *Handler { return &Handler{svc: svc} }

// Register implements httpx.Routes.
func (h *Handler) Register(api *gin.RouterGroup) {
	g := api.Group("/export", httpx.RequireUser)
	g.GET("", h.download(h.byFormat))
	g.GET("/archive.json", h.download(h.archive))
	g.GET("/log.csv", h.download(h.logCSV))
	g.GET("/notes.md", h.download(h.notesMarkdown))
	g.GET("/notes.csv", h.download(h.notesCSV))
}

func (h *Handler) archive(c *gin.Context) (app.Download, error) {
	return h.svc.Archive(c.Request.Context(), httpx.UserID(c.Request.Context()))
}

func (h *Handler) logCSV(c *gin.Context) (app.Download, error) {
	ctx := c.Request.Context()
	return h.svc.LogCSV(ctx, httpx.UserID(ctx), c.Query("format"), c.Query("locale"))
}

func (h *Handler) notesMarkdown(c *gin.Context) (app.Download, error) {
	ctx := c.Request.Context()
	return h.svc.NotesMarkdown(ctx, httpx.UserID(ctx), c.Query("locale"))
}

func (h *Handler) notesCSV(c *gin.Context) (app.Download, error) {
	ctx := c.Request.Context()
	return h.svc.NotesCSV(ctx, httpx.UserID(ctx), c.Query("locale"))
}

// byFormat is every download behind one path, chosen by ?format=.
func (h *Handler) byFormat(c *gin.Context) (app.Download, error) {
	ctx := c.Request.Context()
	user, loc := httpx.UserID(ctx), c.Query("locale")
	switch c.Query("format") {
	case "json":
		return h.svc.Archive(ctx, user)
	case "csv":
		return h.svc.LogCSV(ctx, user, app.LogSimple, loc)
	case "csv-ids":
		return h.svc.LogCSV(ctx, user, app.LogIDs, loc)
	case "notes-md":
		return h.svc.NotesMarkdown(ctx, user, loc)
	case "notes-csv":
		return h.svc.NotesCSV(ctx, user, loc)
	}
	return app.Download{}, errs.Validation(errs.Field("format", "is_invalid"))
}

// download answers a use case's file as an attachment, streamed. An error
// before the first byte is the usual error answer; one after it can only
// cut the download short, so it is left to the request log.
func (h *Handler) download(call func(c *gin.Context) (app.Download, error)) gin.HandlerFunc {
	return func(c *gin.Context) {
		d, err := call(c)
		if err != nil {
			httpx.Fail(c, err)
			return
		}
		hd := c.Writer.Header()
		hd.Set("Content-Type", d.ContentType)
		// The names are plain ASCII (letters, digits, dashes, a dot), safe to quote as they are.
		hd.Set("Content-Disposition", `attachment; filename="`+d.FileName+`"`)
		c.Status(http.StatusOK)
		if err := d.Write(c.Writer); err != nil {
			if !c.Writer.Written() {
				hd.Del("Content-Disposition")
				httpx.Fail(c, err)
				return
			}
			_ = c.Error(err)
		}
	}
}
