package reminders_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"lamplight/platform/testkit"
)

// A reader following M'Cheyne's calendar is reminded of the plan's day by
// name, and only while it is not done.
func TestIntegrationPlanReminders(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		c := &clock{t: at("2026-03-10T12:00:00Z")}
		e := start(t, b.Config, newInbox(t), c)
		ctx := context.Background()
		const on = `{"enabled":true,"time":"07:30","days":[1,2,3,4,5,6,7],"onlyIfUnread":false,"onlyIfPlanUnread":true,"channels":["email"]}`

		reader := e.reader(t, "plans@example.com", "UTC", "en")
		id := userID(t, e, reader)
		var plan struct {
			ID string `json:"id"`
		}
		_ = json.Unmarshal([]byte(e.do(t, reader, "POST", "/api/reading-plans", `{"template":"mcheyne","startDate":"2026-03-01"}`, 201)), &plan)
		got := e.do(t, reader, "PUT", "/api/reminders", on, 200)
		if !strings.Contains(got, `"onlyIfUnread":false,"onlyIfPlanUnread":true`) {
			t.Fatal(got)
		}
		// Without a plan nothing is ever due.
		planless := e.reader(t, "planless@example.com", "UTC", "en")
		planlessID := userID(t, e, planless)
		e.do(t, planless, "PUT", "/api/reminders", on, 200)

		sentOn := func(user, date string) int64 {
			var n int64
			e.db.Table("reminder_occurrences").Where("user_id = ? AND local_date = ?", user, date).Count(&n)
			return n
		}
		run := func(now string) {
			t.Helper()
			c.Set(at(now))
			if err := e.svc.RunDue(ctx); err != nil {
				t.Fatal(err)
			}
		}

		t.Run("reading something else leaves the plan's day open: the reminder names it", func(t *testing.T) {
			e.do(t, reader, "POST", "/api/log-entries", `{"date":"2026-03-12","startVerseId":`+jn1+`,"endVerseId":`+jn1+`}`, 201)
			run("2026-03-12T07:30:00Z")
			testkit.Eventually(t, 20*time.Second, func() bool { return len(e.inbox.to("plans@example.com")) > 0 }, "reminder received over SMTP")
			body := text(t, e.inbox.to("plans@example.com")[0])
			if !strings.Contains(body, "From your plans today:\n- Day 12 of M'Cheyne's calendar: Genesis 13; Matthew 12; Nehemiah 2; Acts 12\n") {
				t.Fatal(body)
			}
			if n := sentOn(planlessID, "2026-03-12"); n != 0 {
				t.Fatal("reminded a reader without plans")
			}
		})

		t.Run("a day whose plan reading is logged gets no reminder", func(t *testing.T) {
			var p struct {
				Days []struct {
					Passages []struct {
						Start int `json:"startVerseId"`
						End   int `json:"endVerseId"`
					} `json:"passages"`
				} `json:"days"`
			}
			_ = json.Unmarshal([]byte(e.do(t, reader, "GET", "/api/reading-plans/"+plan.ID+"?today=2026-03-13", "", 200)), &p)
			for _, ps := range p.Days[12].Passages {
				e.do(t, reader, "POST", "/api/log-entries", fmt.Sprintf(`{"date":"2026-03-13","startVerseId":%d,"endVerseId":%d}`, ps.Start, ps.End), 201)
			}
			run("2026-03-13T07:30:00Z")
			if n := sentOn(id, "2026-03-13"); n != 0 {
				t.Fatal("reminded although the plan's day is done")
			}
			run("2026-03-14T07:30:00Z")
			if n := sentOn(id, "2026-03-14"); n != 1 {
				t.Fatal("not reminded of the next day")
			}
		})
	})
}
