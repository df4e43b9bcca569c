package plans_test

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"lamplight/app"
	"lamplight/modules/bible"
	"lamplight/modules/identity/identitytest"
	"lamplight/platform/testkit"
)

type passage struct {
	Start int `json:"startVerseId"`
	End   int `json:"endVerseId"`
}

type plan struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Today string `json:"today"`
	Days  []struct {
		Day      int       `json:"day"`
		Date     string    `json:"date"`
		Done     bool      `json:"done"`
		State    string    `json:"state"`
		Passages []passage `json:"passages"`
	} `json:"days"`
	Tracks []struct {
		Next   int `json:"next"`
		Cycles int `json:"cycles"`
	} `json:"tracks"`
	NextDay         *int    `json:"nextDay"`
	ScheduledDay    *int    `json:"scheduledDay"`
	DaysDone        int     `json:"daysDone"`
	Behind          int     `json:"behind"`
	EndDate         *string `json:"endDate"`
	ProjectedFinish *string `json:"projectedFinish"`
	Paused          bool    `json:"paused"`
	Actions         []struct {
		Mode string `json:"mode"`
	} `json:"actions"`
}

func ref(t *testing.T, text string) []bible.Range {
	t.Helper()
	rs, err := bible.ParseList(text, bible.English)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func TestIntegrationReadingPlansHTTP(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		a := testkit.StartApp(t, app.Options(b.Config, io.Discard, fstest.MapFS{}, identitytest.Options()))
		alice := identitytest.Bearer(identitytest.SignUp(t, a, "alice@example.com"))
		bob := identitytest.Bearer(identitytest.SignUp(t, a, "bob@example.com"))
		do := func(t *testing.T, h map[string]string, method, path, body string, want int) string {
			t.Helper()
			code, res := a.Do(t, method, path, body, h)
			if code != want {
				t.Fatalf("%s %s: %d %s, want %d", method, path, code, res, want)
			}
			return res
		}
		decode := func(t *testing.T, res string) plan {
			t.Helper()
			var p plan
			if err := json.Unmarshal([]byte(res), &p); err != nil {
				t.Fatalf("%v: %.300s", err, res)
			}
			return p
		}
		get := func(t *testing.T, id, today string) plan {
			t.Helper()
			return decode(t, do(t, alice, "GET", "/api/reading-plans/"+id+"?today="+today, "", http.StatusOK))
		}
		catchUp := func(t *testing.T, id, mode, today string, want int) string {
			t.Helper()
			return do(t, alice, "POST", "/api/reading-plans/"+id+"/catch-up?today="+today, `{"mode":"`+mode+`"}`, want)
		}
		logged := map[string]string{} // entry ids by "date text"
		logAll := func(t *testing.T, date string, rs []bible.Range) {
			t.Helper()
			var drafts []string
			for _, r := range rs {
				drafts = append(drafts, fmt.Sprintf(`{"date":%q,"startVerseId":%d,"endVerseId":%d}`, date, r.Start, r.End))
			}
			res := do(t, alice, "POST", "/api/log-entries/batch", `{"entries":[`+strings.Join(drafts, ",")+`]}`, http.StatusCreated)
			var out []struct {
				ID    string `json:"id"`
				Start int    `json:"startVerseId"`
			}
			_ = json.Unmarshal([]byte(res), &out)
			for _, e := range out {
				logged[fmt.Sprint(date, e.Start)] = e.ID
			}
		}

		t.Run("signed out is 401", func(t *testing.T) {
			do(t, nil, "GET", "/api/reading-plans/templates", "", http.StatusUnauthorized)
			do(t, nil, "GET", "/api/reading-plans", "", http.StatusUnauthorized)
			do(t, nil, "POST", "/api/reading-plans", `{}`, http.StatusUnauthorized)
		})

		t.Run("the library", func(t *testing.T) {
			var list []struct {
				ID   string `json:"id"`
				Days int    `json:"days"`
			}
			_ = json.Unmarshal([]byte(do(t, alice, "GET", "/api/reading-plans/templates", "", http.StatusOK)), &list)
			got := map[string]int{}
			for _, tp := range list {
				got[tp.ID] = tp.Days
			}
			want := map[string]int{"canonical-365": 365, "ot-nt-365": 365, "mcheyne": 365, "horner": 0, "nt-90": 90, "psalms-proverbs-31": 31}
			if !maps.Equal(got, want) {
				t.Fatalf("templates %v", got)
			}
			var m struct {
				Days []struct {
					Day      int       `json:"day"`
					Passages []passage `json:"passages"`
				} `json:"days"`
			}
			_ = json.Unmarshal([]byte(do(t, alice, "GET", "/api/reading-plans/templates/mcheyne", "", http.StatusOK)), &m)
			if len(m.Days) != 365 || m.Days[219].Day != 220 || len(m.Days[219].Passages) != 5 {
				t.Fatalf("mcheyne days %d", len(m.Days))
			}
			if res := do(t, alice, "GET", "/api/reading-plans/templates/horner", "", http.StatusOK); !strings.Contains(res, `"tracks":[{"name":"Gospels"`) {
				t.Fatalf("horner %.200s", res)
			}
			do(t, alice, "GET", "/api/reading-plans/templates/nope", "", http.StatusNotFound)
		})

		var canon plan
		t.Run("a plan fills itself in from the log", func(t *testing.T) {
			canon = decode(t, do(t, alice, "POST", "/api/reading-plans?today=2026-01-31", `{"template":"canonical-365","startDate":"2026-01-01"}`, http.StatusCreated))
			if canon.ID == "" || canon.Name != "The Bible in a year" || *canon.NextDay != 1 || *canon.ScheduledDay != 31 || canon.Behind != 30 {
				t.Fatalf("%+v", canon)
			}
			var rs []bible.Range
			for _, d := range canon.Days[:10] {
				for _, p := range d.Passages {
					rs = append(rs, bible.Range{Start: bible.VerseID(p.Start), End: bible.VerseID(p.End)})
				}
			}
			logAll(t, "2026-01-05", rs)
			logAll(t, "2025-12-31", ref(t, "Gen 50")) // before the start: counts nothing
			p := get(t, canon.ID, "2026-01-31")
			if p.DaysDone != 10 || *p.NextDay != 11 || p.Behind != 20 || *p.EndDate != "2026-12-31" || *p.ProjectedFinish != "2027-01-20" {
				t.Fatalf("done %d next %d behind %d end %s finish %s", p.DaysDone, *p.NextDay, p.Behind, *p.EndDate, *p.ProjectedFinish)
			}
			do(t, bob, "GET", "/api/reading-plans/"+canon.ID, "", http.StatusNotFound)
		})

		t.Run("shift, with a dry run and undo", func(t *testing.T) {
			dry := decode(t, do(t, alice, "POST", "/api/reading-plans/"+canon.ID+"/catch-up?dryRun=true&today=2026-01-31", `{"mode":"shift"}`, http.StatusOK))
			if dry.Behind != 0 || get(t, canon.ID, "2026-01-31").Behind != 20 {
				t.Fatal("a dry run saved or did nothing")
			}
			p := decode(t, catchUp(t, canon.ID, "shift", "2026-01-31", http.StatusOK))
			if p.Behind != 0 || p.Days[10].Date != "2026-01-31" || *p.EndDate != "2027-01-20" || p.Days[9].Date != "2026-01-10" {
				t.Fatalf("behind %d day 11 %s end %s", p.Behind, p.Days[10].Date, *p.EndDate)
			}
			p = decode(t, catchUp(t, canon.ID, "undo", "2026-01-31", http.StatusOK))
			if p.Behind != 20 || *p.EndDate != "2026-12-31" || len(p.Actions) != 0 {
				t.Fatalf("undo: behind %d end %s", p.Behind, *p.EndDate)
			}
			catchUp(t, canon.ID, "undo", "2026-01-31", http.StatusConflict)
		})

		t.Run("rebalance keeps the end and every remaining passage once", func(t *testing.T) {
			p := decode(t, catchUp(t, canon.ID, "rebalance", "2026-01-31", http.StatusOK))
			if p.Behind != 0 || *p.EndDate != "2026-12-31" {
				t.Fatalf("behind %d end %s", p.Behind, *p.EndDate)
			}
			perDate := map[string]int{}
			for _, d := range p.Days {
				if !d.Done {
					if d.Date < "2026-01-31" || d.Date > "2026-12-31" {
						t.Fatalf("day %d on %s", d.Day, d.Date)
					}
					perDate[d.Date]++
				}
			}
			if len(perDate) != 335 {
				t.Fatalf("the remaining 355 days on %d dates, want every date from today to the end", len(perDate))
			}
			catchUp(t, canon.ID, "undo", "2026-01-31", http.StatusOK)
		})

		t.Run("pause stops the clock", func(t *testing.T) {
			catchUp(t, canon.ID, "shift", "2026-01-31", http.StatusOK)
			p := decode(t, catchUp(t, canon.ID, "pause", "2026-02-01", http.StatusOK))
			if !p.Paused {
				t.Fatal("not paused")
			}
			catchUp(t, canon.ID, "pause", "2026-02-02", http.StatusConflict)
			catchUp(t, canon.ID, "spread", "2026-02-02", http.StatusConflict)
			p = get(t, canon.ID, "2026-02-10")
			if p.Behind != 1 || *p.ScheduledDay != 11 || p.Days[11].Date != "2026-02-11" {
				t.Fatalf("paused: behind %d scheduled %d day 12 on %s", p.Behind, *p.ScheduledDay, p.Days[11].Date)
			}
			p = decode(t, catchUp(t, canon.ID, "resume", "2026-02-10", http.StatusOK))
			if p.Paused || p.Days[11].Date != "2026-02-10" || *p.EndDate != "2027-01-29" {
				t.Fatalf("resumed: day 12 on %s, end %s", p.Days[11].Date, *p.EndDate)
			}
			catchUp(t, canon.ID, "resume", "2026-02-10", http.StatusConflict)
		})

		t.Run("extend moves the end a week", func(t *testing.T) {
			p := decode(t, catchUp(t, canon.ID, "extend", "2026-02-10", http.StatusOK))
			if *p.EndDate != "2027-02-05" || p.Behind != 0 {
				t.Fatalf("end %s behind %d", *p.EndDate, p.Behind)
			}
		})

		t.Run("M'Cheyne: spread, and deleting an entry reopens its day", func(t *testing.T) {
			m := decode(t, do(t, alice, "POST", "/api/reading-plans?today=2026-01-11", `{"template":"mcheyne","startDate":"2026-01-01"}`, http.StatusCreated))
			logAll(t, "2026-01-01", ref(t, "Gen 1; Matt 1; Ezra 1; Acts 1"))
			p := get(t, m.ID, "2026-01-11")
			// Genesis 2 was read for the other plan: one entry counts in both.
			if !p.Days[0].Done || p.Behind != 9 || p.Days[1].State != "partly" {
				t.Fatalf("day 1 %v behind %d", p.Days[0].Done, p.Behind)
			}
			p = decode(t, catchUp(t, m.ID, "spread", "2026-01-11", http.StatusOK))
			if p.Behind != 0 || *p.EndDate != "2026-12-31" {
				t.Fatalf("spread: behind %d end %s", p.Behind, *p.EndDate)
			}
			catchUp(t, m.ID, "spread", "2026-01-11", http.StatusConflict)
			do(t, alice, "DELETE", "/api/log-entries/"+logged[fmt.Sprint("2026-01-01", int(bible.NewVerseID(15, 1, 1)))], "", http.StatusOK)
			if p := get(t, m.ID, "2026-01-11"); p.Days[0].Done || p.Days[0].State != "partly" || p.DaysDone != 0 {
				t.Fatalf("after the deletion day 1 is %s", p.Days[0].State)
			}
		})

		t.Run("Horner has tracks and no schedule", func(t *testing.T) {
			h := decode(t, do(t, alice, "POST", "/api/reading-plans?today=2026-01-11", `{"template":"horner","startDate":"2025-12-01","name":"Ten lists"}`, http.StatusCreated))
			if h.Name != "Ten lists" || len(h.Tracks) != 10 || h.NextDay != nil || h.ScheduledDay != nil || h.Tracks[0].Next != 1 || h.Tracks[9].Next != 1 {
				t.Fatalf("%+v", h)
			}
			catchUp(t, h.ID, "shift", "2026-01-11", http.StatusConflict)
		})

		t.Run("generated and hand-made plans, and their field errors", func(t *testing.T) {
			g := decode(t, do(t, alice, "POST", "/api/reading-plans?today=2026-01-01", `{"generate":{"books":[45],"days":8},"name":"Romans","weekdays":[1,2,3,4,5]}`, http.StatusCreated))
			if len(g.Days) != 8 || g.Days[2].Date != "2026-01-05" {
				t.Fatalf("%d days, day 3 on %s", len(g.Days), g.Days[2].Date)
			}
			hand := decode(t, do(t, alice, "POST", "/api/reading-plans", `{"name":"Two","days":[{"passages":[{"startVerseId":143003001,"endVerseId":143003036}]},{"passages":[{"startVerseId":145008001,"endVerseId":145008039}]}]}`, http.StatusCreated))
			if len(hand.Days) != 2 || *hand.NextDay != 1 {
				t.Fatalf("%+v", hand)
			}
			days := strings.Repeat(`{"passages":[{"startVerseId":101001001,"endVerseId":101001001}]},`, 2001)
			for _, c := range []struct{ body, want string }{
				{`{}`, `{"field":"days","code":"required"}`},
				{`{"template":"nope"}`, `{"field":"template","code":"is_invalid"}`},
				{`{"template":"nt-90","name":"x","days":[{"passages":[]}]}`, `"one_source"`},
				{`{"generate":{"books":[57],"days":3},"name":"x"}`, `"more_days_than_chapters"`},
				{`{"name":"x","days":[{"passages":[{"startVerseId":101001001,"endVerseId":102001001}]}]}`, `{"field":"days.0.passages.0","code":"is_invalid"}`},
				{`{"name":"x","days":[` + days[:len(days)-1] + `]}`, `{"field":"days","code":"max_length","properties":{"maxlength":2000}}`},
				{`{"days":[{"passages":[{"startVerseId":101001001,"endVerseId":101001001}]}]}`, `{"field":"name","code":"required"}`},
				{`{"template":"nt-90","startDate":"2026-02-30","weekdays":[8]}`, `{"field":"weekdays","code":"is_invalid"}`},
			} {
				if res := do(t, alice, "POST", "/api/reading-plans", c.body, http.StatusBadRequest); !strings.Contains(res, c.want) {
					t.Errorf("%.80s: %s", c.body, res)
				}
			}
		})

		t.Run("import of the four kinds with a bad line", func(t *testing.T) {
			files := []struct{ kind, contentType, body string }{
				{"text", "text/plain", "Gospel month\nMatt 1-2; Ps 1\nMt 3\nBogus 4\n"},
				{"csv", "text/csv", "date,reading\n2026-03-02,\"Gen 1; Ps 1\"\n2026-03-03,Gen 2\n2026-03-04,Gen 99\n"},
				{"json", "application/json", `{"name":"Short","days":[{"passages":[{"startVerseId":101001001,"endVerseId":101001031}]},{"passages":[{"startVerseId":101001001,"endVerseId":102001001}]},{"passages":[{"startVerseId":143003001,"endVerseId":143003036}]}]}`},
				{"lamplight", "application/json", `{"format":"lamplight-plan","version":1,"name":"Mine","days":[{"passages":[{"startVerseId":101001001,"endVerseId":101001031}]},{"passages":[{"startVerseId":0,"endVerseId":1}]},{"passages":[{"startVerseId":143003001,"endVerseId":143003036}]}]}`},
			}
			for _, f := range files {
				h := map[string]string{"Content-Type": f.contentType}
				maps.Copy(h, alice)
				var pv struct {
					Kind   string `json:"kind"`
					Days   int    `json:"days"`
					Errors []struct {
						Line   int    `json:"line"`
						Day    int    `json:"day"`
						Reason string `json:"reason"`
					} `json:"errors"`
					Plan *plan `json:"plan"`
				}
				_ = json.Unmarshal([]byte(do(t, h, "POST", "/api/reading-plans/import?dryRun=true", f.body, http.StatusOK)), &pv)
				if pv.Kind != f.kind || pv.Days != 2 || len(pv.Errors) != 1 || pv.Plan != nil || pv.Errors[0].Line != 4 && pv.Errors[0].Day != 2 {
					t.Fatalf("%s preview: %+v", f.kind, pv)
				}
				_ = json.Unmarshal([]byte(do(t, h, "POST", "/api/reading-plans/import?today=2026-03-10&name="+f.kind, f.body, http.StatusCreated)), &pv)
				if pv.Plan == nil || len(pv.Plan.Days) != 2 || pv.Plan.Name != f.kind {
					t.Fatalf("%s import: %+v", f.kind, pv)
				}
				if f.kind == "csv" && pv.Plan.Days[0].Date != "2026-03-02" {
					t.Fatalf("csv starts on %s", pv.Plan.Days[0].Date)
				}
			}
			h := map[string]string{"Content-Type": "text/plain"}
			maps.Copy(h, alice)
			if res := do(t, h, "POST", "/api/reading-plans/import", "{broken", http.StatusBadRequest); !strings.Contains(res, "plan_file_unreadable") {
				t.Fatal(res)
			}
			if res := do(t, h, "POST", "/api/reading-plans/import", "Gen 1\nGen 2\n", http.StatusBadRequest); !strings.Contains(res, `"field":"name"`) {
				t.Fatal(res)
			}
		})

		t.Run("fifty plans at most", func(t *testing.T) {
			carol := identitytest.Bearer(identitytest.SignUp(t, a, "carol@example.com"))
			for range 50 {
				do(t, carol, "POST", "/api/reading-plans", `{"template":"psalms-proverbs-31"}`, http.StatusCreated)
			}
			if res := do(t, carol, "POST", "/api/reading-plans", `{"template":"psalms-proverbs-31"}`, http.StatusConflict); !strings.Contains(res, "plan_limit_reached") {
				t.Fatal(res)
			}
		})

		t.Run("list and delete", func(t *testing.T) {
			var list []plan
			_ = json.Unmarshal([]byte(do(t, alice, "GET", "/api/reading-plans?today=2026-02-10", "", http.StatusOK)), &list)
			if len(list) != 9 || list[0].ID != canon.ID || *list[0].EndDate != "2027-02-05" {
				t.Fatalf("%d plans", len(list))
			}
			do(t, bob, "DELETE", "/api/reading-plans/"+canon.ID, "", http.StatusNotFound)
			do(t, alice, "DELETE", "/api/reading-plans/"+canon.ID, "", http.StatusOK)
			do(t, alice, "GET", "/api/reading-plans/"+canon.ID, "", http.StatusNotFound)
		})
	})
}
