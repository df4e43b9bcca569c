// Package httpapi maps the import use case to HTTP; no rules live here.
package httpapi

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"lamplight/modules/imports/internal/app"
	contrib "lamplight/platform/archive"
	"lamplight/platform/httpx"
)

// Handler serves /api/import.
type Handler struct {
	svc *app.Service
}

// New builds the handler.
func New(svc *app.Service) *Handler { return &Handler{svc: svc} }

// BodyLimits implements httpx.LargeBodies: an import file may be large.
func (h *Handler) BodyLimits() map[string]int64 {
	return map[string]int64{"POST /api/import": app.MaxBytes}
}

// Register implements httpx.Routes.
func (h *Handler) Register(api *gin.RouterGroup) {
	api.POST("/import", httpx.RequireUser, func(c *gin.Context) {
		ctx := c.Request.Context()
		dry, _ := strconv.ParseBool(c.DefaultQuery("dryRun", "false"))
		res, err := h.svc.Import(ctx, httpx.UserID(ctx), httpx.SiteURL(c), c.GetHeader("Content-Type"), c.Request.Body, dry)
		if err != nil {
			httpx.Fail(c, err)
			return
		}
		c.Header("Content-Type", "application/json; charset=utf-8")
		c.Status(http.StatusOK)
		w := bufio.NewWriterSize(c.Writer, 32<<10)
		if err := writeResult(w, res); err != nil {
			_ = c.Error(err)
			return
		}
		_ = w.Flush()
	})
}

// head is the answer without its rows, which writeResult streams after it.
type head struct {
	Counts         app.Counts  `json:"counts"`
	FirstDate      string      `json:"firstDate,omitempty"`
	LastDate       string      `json:"lastDate,omitempty"`
	LookBackDate   string      `json:"lookBackDate"`
	MoveLookBackTo string      `json:"moveLookBackTo,omitempty"`
	Notes          *app.Counts `json:"notes,omitempty"`
	Tags           *app.Counts `json:"tags,omitempty"`
	// Sections counts the sections modules contribute, by name.
	Sections         map[string]contrib.Counts `json:"sections,omitempty"`
	SettingsRestored bool                      `json:"settingsRestored"`
}

type row struct {
	Line         int    `json:"line"`
	Status       string `json:"status"`
	Reason       string `json:"reason"`
	Date         string `json:"date"`
	StartVerseID int    `json:"startVerseId"`
	EndVerseID   int    `json:"endVerseId"`
	Text         string `json:"text,omitempty"`
}

// writeResult writes the answer a row at a time, the first MaxRowDetails
// rows only: the counts tell the rest.
func writeResult(w *bufio.Writer, res *app.Result) error {
	b, err := json.Marshal(head{
		Counts: res.Counts, FirstDate: res.FirstDate, LastDate: res.LastDate, LookBackDate: res.LookBackDate,
		MoveLookBackTo: res.MoveLookBackTo, Notes: res.Notes, Tags: res.Tags, Sections: res.Sections, SettingsRestored: res.SettingsRestored,
	})
	if err != nil {
		return err
	}
	_, _ = w.Write(b[:len(b)-1])
	_, _ = w.WriteString(`,"rows":[`)
	for i, r := range res.Rows[:min(len(res.Rows), app.MaxRowDetails)] {
		if i > 0 {
			_ = w.WriteByte(',')
		}
		b, err := json.Marshal(row{r.Line, r.Status, r.Reason, r.Date, int(r.Start), int(r.End), r.Text})
		if err != nil {
			return err
		}
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	_, err = w.WriteString("]}\n")
	return err
}
