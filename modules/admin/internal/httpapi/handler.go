// Package httpapi maps the admin use cases to HTTP under /api/admin; every
// route is guarded by httpx.RequireAdmin. No rules live here.
package httpapi

import (
	"bytes"
	"encoding/csv"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"lamplight/modules/admin/adminapi"
	"lamplight/modules/admin/internal/app"
	"lamplight/modules/identity/identityapi"
	"lamplight/platform/errs"
	"lamplight/platform/httpx"
)

// Handler serves /api/admin/users, /api/admin/audit, /api/admin/users-report
// and /api/admin/engagement.
type Handler struct {
	svc *app.Service
}

// New builds the handler.
func New(svc *app.Service) *Handler { return &Handler{svc: svc} }

type adminFlag struct {
	IsAdmin *bool `json:"isAdmin"`
}

type deletion struct {
	ConfirmEmail string `json:"confirmEmail"`
}

// actor is the signed-in admin; the guard ran first.
func actor(r httpx.Request) identityapi.User {
	u, _ := identityapi.CurrentUser(r)
	return u
}

// Register implements httpx.Routes.
func (h *Handler) Register(api *gin.RouterGroup) {
	g := api.Group("/admin", httpx.RequireAdmin)
	g.GET("/users", httpx.Handle(http.StatusOK, func(r httpx.Request) (app.UsersPage, error) {
		return h.svc.ListUsers(r, r.Query("search"), r.Query("sort"), r.Query("limit"), r.Query("offset"))
	}))
	g.GET("/users/:id", httpx.Handle(http.StatusOK, func(r httpx.Request) (app.UserDetail, error) {
		return h.svc.User(r, r.Param("id"))
	}))
	g.PUT("/users/:id/admin", httpx.HandleBody(http.StatusOK, func(r httpx.Request, b adminFlag) (app.UserDetail, error) {
		if b.IsAdmin == nil {
			return app.UserDetail{}, errs.Validation(errs.Field("isAdmin", errs.Required))
		}
		return h.svc.SetAdmin(r, actor(r), r.Param("id"), *b.IsAdmin)
	}))
	g.POST("/users/:id/verification", func(c *gin.Context) {
		httpx.Handle(http.StatusOK, func(r httpx.Request) (app.UserDetail, error) {
			return h.svc.ResendVerification(r, actor(r), r.Param("id"), httpx.SiteURL(c))
		})(c)
	})
	g.POST("/users/:id/sign-out", httpx.Handle(http.StatusOK, func(r httpx.Request) (app.UserDetail, error) {
		return h.svc.SignOutEverywhere(r, actor(r), r.Param("id"))
	}))
	g.POST("/users/:id/delete", httpx.HandleBody(http.StatusOK, func(r httpx.Request, b deletion) (gin.H, error) {
		return gin.H{"deleted": true}, h.svc.DeleteAccount(r, actor(r), r.Param("id"), b.ConfirmEmail)
	}))
	g.GET("/audit", httpx.Handle(http.StatusOK, func(r httpx.Request) (app.AuditPage, error) {
		return h.svc.Audit(r, r.Query("limit"), r.Query("offset"))
	}))
	g.GET("/users-report", func(c *gin.Context) {
		rep, err := h.svc.UsersReport(c.Request.Context())
		if err != nil {
			httpx.Fail(c, err)
			return
		}
		if c.Query("format") == "csv" {
			rows := [][]string{{"week", "new_accounts", "verified", "password", "google", "deleted"}}
			for _, w := range rep.Weeks {
				rows = append(rows, []string{w.Week, itoa(w.NewAccounts), itoa(w.Verified), itoa(w.Password), itoa(w.Google), itoa(w.Deleted)})
			}
			sendCSV(c, "lamplight-accounts.csv", rows)
			return
		}
		c.JSON(http.StatusOK, rep)
	})
	g.GET("/engagement", func(c *gin.Context) {
		rep, err := h.svc.Engagement(c.Request.Context(), c.Query("from"), c.Query("to"))
		if err != nil {
			httpx.Fail(c, err)
			return
		}
		if c.Query("format") == "csv" {
			if c.Query("table") == "cohorts" {
				sendCSV(c, "lamplight-cohorts-"+rep.From+"-"+rep.To+".csv", cohortsCSV(rep))
				return
			}
			sendCSV(c, "lamplight-engagement-"+rep.From+"-"+rep.To+".csv", daysCSV(rep))
			return
		}
		c.JSON(http.StatusOK, rep)
	})
}

func itoa(n int) string { return strconv.Itoa(n) }

func share(p *float64) string {
	if p == nil {
		return ""
	}
	return strconv.FormatFloat(*p, 'f', 4, 64)
}

// daysCSV is a row per day.
func daysCSV(r adminapi.Report) [][]string {
	rows := [][]string{{"date", "active_readers", "weekly_active_readers", "monthly_active_readers", "readers_meeting_goal",
		"new_accounts", "deleted_accounts", "notes_written", "reminders_sent", "reminders_followed"}}
	for _, d := range r.Days {
		rows = append(rows, []string{d.Date, itoa(d.ActiveReaders), itoa(d.WeeklyActiveReaders), itoa(d.MonthlyActiveReaders),
			itoa(d.ReadersMeetingGoal), itoa(d.NewAccounts), itoa(d.DeletedAccounts), itoa(d.NotesWritten),
			itoa(d.RemindersSent), itoa(d.RemindersFollowed)})
	}
	return rows
}

// cohortsCSV is a row per signup week; a suppressed cohort has no figures.
func cohortsCSV(r adminapi.Report) [][]string {
	rows := [][]string{{"cohort_week", "size", "day_1", "day_7", "day_30", "suppressed"}}
	for _, c := range r.Cohorts {
		size := ""
		if c.Size != nil {
			size = itoa(*c.Size)
		}
		rows = append(rows, []string{c.Week, size, share(c.Day1), share(c.Day7), share(c.Day30), strconv.FormatBool(c.Suppressed)})
	}
	return rows
}

func sendCSV(c *gin.Context, name string, rows [][]string) {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.WriteAll(rows) // a bytes.Buffer does not fail
	c.Header("Content-Disposition", `attachment; filename="`+name+`"`)
	c.Data(http.StatusOK, "text/csv; charset=utf-8", b.Bytes())
}
