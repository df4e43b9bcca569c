package plans_test

import (
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"lamplight/app"
	"lamplight/modules/identity/identitytest"
	"lamplight/platform/testkit"
)

func TestIntegrationPlansArchiveRoundTrip(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		a := testkit.StartApp(t, app.Options(b.Config, io.Discard, fstest.MapFS{}, identitytest.Options()))
		do := func(t *testing.T, h map[string]string, method, path, body string, want int) string {
			t.Helper()
			code, res := a.Do(t, method, path, body, h)
			if code != want {
				t.Fatalf("%s %s: %d %s, want %d", method, path, code, res, want)
			}
			return res
		}
		send := func(t *testing.T, h map[string]string, body string, dry bool, want int) string {
			t.Helper()
			hh := map[string]string{"Content-Type": "application/json"}
			maps.Copy(hh, h)
			path := "/api/import"
			if dry {
				path += "?dryRun=true"
			}
			return do(t, hh, "POST", path, body, want)
		}
		// plans is every plan with its progress as the reader's screens read
		// it, without the ids, which differ between accounts.
		plans := func(t *testing.T, h map[string]string) []map[string]any {
			t.Helper()
			var list []map[string]any
			if err := json.Unmarshal([]byte(do(t, h, "GET", "/api/reading-plans?today=2026-02-20", "", http.StatusOK)), &list); err != nil {
				t.Fatal(err)
			}
			for _, p := range list {
				delete(p, "id")
			}
			return list
		}
		alice := identitytest.Bearer(identitytest.SignUp(t, a, "alice@example.com"))
		canon := decodeID(t, do(t, alice, "POST", "/api/reading-plans?today=2026-01-31", `{"template":"canonical-365","startDate":"2026-01-01","name":"My year","weekdays":[1,2,3,4,5,6]}`, http.StatusCreated))
		do(t, alice, "POST", "/api/log-entries/batch", `{"entries":[{"date":"2026-01-05","startVerseId":101001001,"endVerseId":101005032},{"date":"2026-01-20","startVerseId":145001001,"endVerseId":145001032}]}`, http.StatusCreated)
		for _, c := range []struct{ mode, today string }{{"shift", "2026-01-31"}, {"pause", "2026-02-02"}, {"resume", "2026-02-09"}, {"rebalance", "2026-02-16"}} {
			do(t, alice, "POST", "/api/reading-plans/"+canon+"/catch-up?today="+c.today, `{"mode":"`+c.mode+`"}`, http.StatusOK)
		}
		do(t, alice, "POST", "/api/reading-plans?today=2026-01-01", `{"generate":{"books":[45],"days":8},"name":"Romans","weekdays":[1,2,3,4,5]}`, http.StatusCreated)
		hand := decodeID(t, do(t, alice, "POST", "/api/reading-plans?today=2026-01-10", `{"name":"Two","description":"mine","startDate":"2026-01-10","days":[{"passages":[{"startVerseId":143003001,"endVerseId":143003036}]},{"passages":[{"startVerseId":145008001,"endVerseId":145008039},{"startVerseId":101001001,"endVerseId":101001031}]}]}`, http.StatusCreated))
		do(t, alice, "POST", "/api/reading-plans/"+hand+"/catch-up?today=2026-02-20", `{"mode":"extend"}`, http.StatusOK)
		before := do(t, alice, "GET", "/api/export/archive.json", "", http.StatusOK)
		if !strings.Contains(before, `"schemaVersion":3`) || !strings.Contains(before, `"plans":{"version":1,"plans":[{"name":"My year","source":"canonical-365","startDate":"2026-01-01","weekdays":[1,2,3,4,5,6],"adjustments":[{"mode":"shift"`) {
			t.Fatalf("the archive lacks the plans: %.3000s", before[strings.Index(before, `"sharing"`):])
		}

		t.Run("plans and their progress restore into a new account", func(t *testing.T) {
			carol := identitytest.Bearer(identitytest.SignUp(t, a, "carol@example.com"))
			var res struct {
				Sections map[string]struct{ New, Existing, Invalid int } `json:"sections"`
			}
			_ = json.Unmarshal([]byte(send(t, carol, before, true, http.StatusOK)), &res)
			if res.Sections["plans"].New != 3 || len(plans(t, carol)) != 0 {
				t.Fatalf("preview %+v", res)
			}
			_ = json.Unmarshal([]byte(send(t, carol, before, false, http.StatusOK)), &res)
			if res.Sections["plans"].New != 3 {
				t.Fatalf("import %+v", res)
			}
			got, want := plans(t, carol), plans(t, alice)
			if len(want) != 3 || !reflect.DeepEqual(got, want) {
				g, _ := json.Marshal(got)
				w, _ := json.Marshal(want)
				t.Fatalf("plans differ:\n%s\n%s", g, w)
			}
			if len(want[0]["actions"].([]any)) != 4 || want[0]["daysDone"] == 0.0 || want[2]["source"] != "custom" {
				t.Fatalf("the plans lack their history: %v", want[0]["actions"])
			}
			_ = json.Unmarshal([]byte(send(t, carol, before, false, http.StatusOK)), &res)
			if res.Sections["plans"].New != 0 || res.Sections["plans"].Existing != 3 || len(plans(t, carol)) != 3 {
				t.Fatalf("again %+v", res)
			}
		})

		t.Run("an archive without the section, of an older version too, changes no plan", func(t *testing.T) {
			var old map[string]any
			_ = json.Unmarshal([]byte(before), &old)
			delete(old, "plans")
			old["schemaVersion"] = 2
			body, _ := json.Marshal(old)
			want := plans(t, alice)
			send(t, alice, string(body), false, http.StatusOK)
			if !reflect.DeepEqual(plans(t, alice), want) {
				t.Fatal("the plans changed")
			}
		})

		t.Run("a bad plans section is refused and nothing is written", func(t *testing.T) {
			dave := identitytest.Bearer(identitytest.SignUp(t, a, "dave@example.com"))
			empty := do(t, dave, "GET", "/api/export/archive.json", "", http.StatusOK)
			for _, c := range []struct{ from, to, want string }{
				{`"startDate":"2026-01-10"`, `"startDate":"2026-13-10"`, `{"field":"plans.2.startDate","code":"is_invalid"}`},
				{`"source":"canonical-365"`, `"source":"nope"`, `{"field":"plans.0.source","code":"is_invalid"}`},
				{`"mode":"shift"`, `"mode":"skip"`, `{"field":"plans.0.adjustments.0","code":"is_invalid"}`},
				{`"startVerseId":143003001`, `"startVerseId":143099001`, `{"field":"plans.2.days.0.passages.0","code":"is_invalid"}`},
				{`"plans":{"version":1`, `"plans":{"version":7`, `{"field":"plans.version","code":"is_invalid"}`},
			} {
				bad := strings.Replace(before, c.from, c.to, 1)
				if bad == before {
					t.Fatalf("%s is not in the archive", c.from)
				}
				for _, dry := range []bool{true, false} {
					if res := send(t, dave, bad, dry, http.StatusBadRequest); !strings.Contains(res, c.want) {
						t.Fatalf("%s: %s", c.to, res)
					}
				}
			}
			if got := do(t, dave, "GET", "/api/export/archive.json", "", http.StatusOK); stripExported(got) != stripExported(empty) {
				t.Fatalf("something was written: %s", got)
			}
		})

		t.Run("a restore keeps the limit of fifty plans", func(t *testing.T) {
			erin := identitytest.Bearer(identitytest.SignUp(t, a, "erin@example.com"))
			for range 48 {
				do(t, erin, "POST", "/api/reading-plans", `{"template":"psalms-proverbs-31"}`, http.StatusCreated)
			}
			if res := send(t, erin, before, false, http.StatusConflict); !strings.Contains(res, "plan_limit_reached") {
				t.Fatal(res)
			}
			if n := len(plans(t, erin)); n != 48 {
				t.Fatalf("%d plans", n)
			}
			if got := do(t, erin, "GET", "/api/export/archive.json", "", http.StatusOK); !strings.Contains(got, `"logEntries":[]`) {
				t.Fatal("the log was written")
			}
		})
	})
}

func decodeID(t *testing.T, res string) string {
	t.Helper()
	var p struct{ ID string }
	if err := json.Unmarshal([]byte(res), &p); err != nil || p.ID == "" {
		t.Fatalf("%v: %.200s", err, res)
	}
	return p.ID
}

// stripExported is an archive without the moment of its export.
func stripExported(raw string) string {
	var a map[string]any
	_ = json.Unmarshal([]byte(raw), &a)
	delete(a, "exportedAt")
	b, _ := json.Marshal(a)
	return string(b)
}
