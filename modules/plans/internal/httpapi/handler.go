// Package httpapi maps the reading plans use cases to HTTP; no rules live
// here.
package httpapi

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"lamplight/modules/plans/internal/app"
	"lamplight/modules/plans/internal/domain"
	"lamplight/modules/readmodels/readmodelsapi"
	"lamplight/platform/errs"
	"lamplight/platform/httpx"
	"lamplight/platform/idempotency"
)

// Handler serves /api/reading-plans.
type Handler struct {
	svc      *app.Service
	progress readmodelsapi.Reader[app.Progress]
	once     gin.HandlerFunc
}

// New builds the handler; creating routes accept an Idempotency-Key per
// reader; the plans with their progress are read from the read model.
func New(svc *app.Service, progress readmodelsapi.Reader[app.Progress], keys *idempotency.Keys) *Handler {
	return &Handler{svc: svc, progress: progress, once: keys.Once(idempotency.PerUser)}
}

// Precompressed implements httpx.Precompressing: the plans are answered
// from the read model, compressed once per version.
func (h *Handler) Precompressed() []string {
	return []string{"GET /api/reading-plans", "GET /api/reading-plans/:id"}
}

// answer serves the reader's plans as render picks them from the read
// model, once per inputs' version and variant.
func (h *Handler) answer(c *gin.Context, variant string, render func(app.Progress) (any, error)) {
	ctx := c.Request.Context()
	today := c.Query("today")
	if err := app.CheckToday(today); err != nil {
		httpx.Fail(c, err)
		return
	}
	a, err := h.progress.Answer(ctx, httpx.UserID(ctx), today,
		func(readmodelsapi.View) (string, error) { return variant, nil },
		func(p app.Progress, _ readmodelsapi.View) ([]byte, error) {
			v, err := render(p)
			if err != nil {
				return nil, err
			}
			return json.Marshal(v)
		})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.WriteTagged(c, a.ETag, a.Gzip)
}

// BodyLimits implements httpx.LargeBodies: a plan file may be up to 1 MB
// besides its request framing.
func (h *Handler) BodyLimits() map[string]int64 {
	return map[string]int64{"POST /api/reading-plans/import": domain.MaxFileBytes + 1}
}

// Register implements httpx.Routes.
func (h *Handler) Register(api *gin.RouterGroup) {
	g := api.Group("/reading-plans", httpx.RequireUser)
	g.GET("/templates", httpx.Handle(http.StatusOK, func(httpx.Request) ([]app.TemplateSummary, error) {
		return h.svc.Templates(), nil
	}))
	g.GET("/templates/:id", httpx.Handle(http.StatusOK, func(r httpx.Request) (app.TemplateDetail, error) {
		return h.svc.Template(r.Param("id"))
	}))
	g.GET("", func(c *gin.Context) {
		h.answer(c, "", func(p app.Progress) (any, error) { return p.Plans, nil })
	})
	g.POST("", h.once, httpx.HandleBody(http.StatusCreated, func(r httpx.Request, req app.CreateRequest) (app.PlanView, error) {
		return h.svc.Create(r, r.UserID, r.Query("today"), req)
	}))
	g.POST("/import", func(c *gin.Context) {
		ctx := c.Request.Context()
		body, err := io.ReadAll(c.Request.Body)
		if err != nil {
			httpx.Fail(c, errs.PayloadTooLarge(domain.MaxFileBytes))
			return
		}
		weekdays, ok := parseWeekdays(c.Query("weekdays"))
		if !ok {
			httpx.Fail(c, errs.Validation(errs.Field("weekdays", errs.IsInvalid)))
			return
		}
		dry, _ := strconv.ParseBool(c.DefaultQuery("dryRun", "false"))
		req := app.ImportRequest{Body: body, Name: c.Query("name"), StartDate: c.Query("startDate"), Weekdays: weekdays}
		res, err := h.svc.Import(ctx, httpx.UserID(ctx), c.Query("today"), req, dry)
		if err != nil {
			httpx.Fail(c, err)
			return
		}
		status := http.StatusCreated
		if dry {
			status = http.StatusOK
		}
		c.JSON(status, res)
	})
	g.GET("/:id", func(c *gin.Context) {
		id := c.Param("id")
		h.answer(c, "plan:"+id, func(p app.Progress) (any, error) { return p.Plan(id) })
	})
	g.POST("/:id/catch-up", httpx.HandleBody(http.StatusOK, func(r httpx.Request, req app.CatchUpRequest) (app.PlanView, error) {
		dry, _ := strconv.ParseBool(r.DefaultQuery("dryRun", "false"))
		return h.svc.CatchUp(r, r.UserID, r.Param("id"), r.Query("today"), req, dry)
	}))
	g.DELETE("/:id", httpx.HandleDelete(func(r httpx.Request) error {
		return h.svc.Delete(r, r.UserID, r.Param("id"))
	}))
}

// parseWeekdays reads "1,2,3" (ISO weekdays); "" is none given.
func parseWeekdays(s string) ([]int, bool) {
	if s == "" {
		return nil, true
	}
	var out []int
	for _, part := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil {
			return nil, false
		}
		out = append(out, n)
	}
	return out, true
}
