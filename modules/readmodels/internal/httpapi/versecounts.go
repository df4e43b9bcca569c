package httpapi

import (
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"lamplight/modules/readmodels/internal/engine"
	"lamplight/modules/readmodels/internal/versecounts"
	"lamplight/platform/dates"
	"lamplight/platform/errs"
	"lamplight/platform/httpx"
)

// MaxSpanDays bounds the dates one request may ask for (about ten years).
const MaxSpanDays = 3700

// VerseCounts serves /api/insights/date-verse-counts.
type VerseCounts struct{ p *versecounts.Projection }

// NewVerseCounts builds the handler.
func NewVerseCounts(p *versecounts.Projection) *VerseCounts { return &VerseCounts{p: p} }

// Register implements httpx.Routes.
func (h *VerseCounts) Register(api *gin.RouterGroup) {
	api.GET("/insights/date-verse-counts", httpx.RequireUser, h.get)
}

func (h *VerseCounts) get(c *gin.Context) {
	var fields errs.Fields
	param := func(name string) string {
		v, err := engine.ParseDate(name, c.Query(name))
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
	variant := func(view engine.View) (string, error) {
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
	serve(c, h.p.Runner, today, variant, func(table versecounts.Table, _ engine.View) ([]byte, error) {
		days, err := table.Between(span[0], span[1])
		if err != nil {
			return nil, err
		}
		return encodeDays(days), nil
	})
}

// Precompressed implements httpx.Precompressing: answers are cached
// compressed.
func (h *VerseCounts) Precompressed() []string {
	return []string{"GET /api/insights/date-verse-counts"}
}

// encodeDays writes the days as the JSON object
// {"date":{"total":n,"unique":n}} in date order, without a map or
// reflection.
func encodeDays(days []versecounts.Day) []byte {
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
