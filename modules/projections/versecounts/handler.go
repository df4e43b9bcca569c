package versecounts

import (
	"strconv"
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
	api.GET("/insights/date-verse-counts", httpx.RequireUser, h.get)
}

func (h *Handler) get(c *gin.Context) {
	u, _ := identityapi.CurrentUser(c.Request.Context())
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
	var span [2]string
	variant := func(view rebuildapi.View) (string, error) {
		asked := from != "" || to != ""
		span = [2]string{from, to}
		if span[0] == "" {
			span[0] = view.Settings.LookBackDate
		}
		if span[1] == "" {
			span[1] = view.Today
		}
		if err := checkSpan(span[0], span[1], asked); err != nil {
			return "", err
		}
		return span[0] + "|" + span[1], nil
	}
	a, err := h.p.Answer(c.Request.Context(), u.ID, today, variant, func(table Table, _ rebuildapi.View) ([]byte, error) {
		days, err := table.Between(span[0], span[1])
		if err != nil {
			return nil, err
		}
		return encode(days), nil
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
	return []string{"GET /api/insights/date-verse-counts"}
}

// encode writes the days as the JSON object {"date":{"total":n,"unique":n}}
// in date order, without a map or reflection.
func encode(days []Day) []byte {
	b := make([]byte, 0, 2+len(days)*40)
	b = append(b, '{')
	for i, d := range days {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, d.Date...)
		b = append(b, `":{"total":`...)
		b = strconv.AppendInt(b, int64(d.Total), 10)
		b = append(b, `,"unique":`...)
		b = strconv.AppendInt(b, int64(d.Unique), 10)
		b = append(b, '}')
	}
	return append(b, '}')
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
