package versecounts

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/projections/rebuildapi"
	"lamplight/platform/dates"
	"lamplight/platform/errs"
	"lamplight/platform/httpx"
)

// MaxSpanDays bounds the dates one request may ask for (about ten years).
const MaxSpanDays = 3700

// Count is one date's counts in the response.
type Count struct {
	Total  int `json:"total"`
	Unique int `json:"unique"`
}

// Handler serves /api/insights/date-verse-counts.
type Handler struct{ p *Projection }

// NewHandler builds the handler.
func NewHandler(p *Projection) *Handler { return &Handler{p: p} }

// Register implements httpx.Routes.
func (h *Handler) Register(api *gin.RouterGroup) {
	api.GET("/insights/date-verse-counts", identityapi.RequireUser, h.get)
}

func (h *Handler) get(c *gin.Context) {
	u, _ := identityapi.CurrentUser(c)
	var fields errs.Fields
	param := func(name string) string {
		v, err := rebuildapi.ParseDate(name, c.Query(name))
		if err != nil {
			fields.Add(name, errs.IsInvalid)
		}
		return v
	}
	from, to, today := param("from"), param("to"), param("today")
	if err := fields.Err(); err != nil {
		httpx.Fail(c, err)
		return
	}
	table, view, err := h.p.Get(c.Request.Context(), u.ID, today)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	asked := from != "" || to != ""
	if from == "" {
		from = view.Settings.LookBackDate
	}
	if to == "" {
		to = view.Today
	}
	if err := checkSpan(from, to, asked); err != nil {
		httpx.Fail(c, err)
		return
	}
	days, err := table.Between(from, to)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make(map[string]Count, len(days))
	for _, d := range days {
		out[d.Date] = Count{Total: d.Total, Unique: d.Unique}
	}
	c.JSON(http.StatusOK, out)
}

// checkSpan rejects, when the client gave a bound, from after to and spans
// over MaxSpanDays. The default span (lookBackDate to today) is always
// answered, empty when lookBackDate is in the future: the answer is bounded
// by the reader's own log.
func checkSpan(from, to string, asked bool) error {
	if from == "" || to == "" || !asked {
		return nil
	}
	if from > to {
		return errs.Validation(errs.Field("to", errs.IsInvalid, "reason", "before_from"))
	}
	f, _ := dates.Parse(from)
	t, _ := dates.Parse(to)
	if t.Sub(f) > MaxSpanDays*24*time.Hour {
		return errs.Validation(errs.Field("to", errs.IsInvalid, "reason", "span_too_long", "maxDays", MaxSpanDays))
	}
	return nil
}
