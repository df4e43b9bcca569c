package app_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"lamplight/modules/identity/identitytest"
	"lamplight/platform/testkit"
)

// TestIntegrationOperatorMetrics: after a reader logs, reads a projection and
// asks for a password reset mail, /metrics names every series an operator
// alerts on.
func TestIntegrationOperatorMetrics(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		a := startReaderApp(t, b.Config)
		h := identitytest.Bearer(identitytest.SignUp(t, a.App, "metrics@example.org"))
		if code, body := post(t, a.App, h, "2026-01-02", "101001001", "101001005"); code != http.StatusCreated {
			t.Fatalf("%d %s", code, body)
		}
		if code, body := a.Get(t, "/api/progress"); code != http.StatusUnauthorized {
			t.Fatalf("progress without a session: %d %s", code, body)
		}
		if code, body := a.Do(t, http.MethodGet, "/api/progress", "", h); code != http.StatusOK {
			t.Fatalf("%d %s", code, body)
		}
		if code, body := a.Do(t, http.MethodPost, "/api/auth/password-reset", `{"email":"metrics@example.org"}`, nil); code >= 300 {
			t.Fatalf("password reset: %d %s", code, body)
		}

		want := []string{
			"lamplight_build_info{",
			"lamplight_outbox_backlog ",
			"lamplight_outbox_oldest_event_age_seconds ",
			"lamplight_mail_queue_depth ",
			"lamplight_mail_failed_messages ",
			`lamplight_mail_send_attempts_total{result="sent"}`,
			"lamplight_event_handler_poisoned_total{handler=",
			"lamplight_projection_compute_duration_seconds_count{",
			`lamplight_projection_cache_reads_total{projection="progress",result=`,
			`go_sql_open_connections{db_name="lamplight"}`,
			`go_sql_wait_duration_seconds_total{db_name="lamplight"}`,
			"lamplight_readers_active_today 1",
		}
		var body string
		missing := func() []string {
			var out []string
			for _, w := range want {
				if !strings.Contains(body, w) {
					out = append(out, w)
				}
			}
			return out
		}
		// Mail is sent and events handled in the background: wait for them.
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			code, got := a.Get(t, "/metrics")
			if code != http.StatusOK {
				t.Fatalf("/metrics: %d %s", code, got)
			}
			if body = got; len(missing()) == 0 || time.Now().After(deadline) {
				break
			}
		}
		if m := missing(); len(m) > 0 {
			t.Fatalf("missing %q in\n%s", m, body)
		}
		if !strings.Contains(body, `lamplight_build_info{commit="unknown",goversion="go`) {
			t.Fatalf("build info: %s", body)
		}
	})
}
