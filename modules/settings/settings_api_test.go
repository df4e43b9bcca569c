package settings_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"lamplight/app"
	"lamplight/modules/identity/identitytest"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/dates"
	"lamplight/platform/testkit"
)

// TestIntegrationSettingsAPI: a new reader starts today, the language has one
// home (the account), a version is stored by its canonical code and the
// welcome is done once, and the theme is kept.
func TestIntegrationSettingsAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("whole app")
	}
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		a := testkit.StartApp(t, app.Options(b.Config, io.Discard, webFiles, identitytest.Options()))
		h := identitytest.Bearer(identitytest.SignUp(t, a, "new.reader@example.com"))
		get := func() settingsapi.Settings {
			t.Helper()
			code, body := a.Do(t, http.MethodGet, "/api/settings", "", h)
			var s settingsapi.Settings
			if code != http.StatusOK || json.Unmarshal([]byte(body), &s) != nil {
				t.Fatalf("%d %s", code, body)
			}
			return s
		}
		put := func(patch string) string {
			t.Helper()
			code, body := a.Do(t, http.MethodPut, "/api/settings", patch, h)
			if code != http.StatusOK {
				t.Fatalf("%d %s", code, body)
			}
			return body
		}

		first := get()
		if today := dates.Today(first.TimeZone, time.Now()); first.LookBackDate != today || first.WelcomeDone || first.Theme != "system" {
			t.Fatalf("a new reader's settings: %+v (today %s)", first, today)
		}

		if code, body := a.Do(t, http.MethodPut, "/api/auth/user", `{"locale":"uk"}`, h); code != http.StatusOK {
			t.Fatalf("%d %s", code, body)
		}
		if s := get(); s.Locale != "uk" {
			t.Fatalf("the account's language is not the settings' one: %q", s.Locale)
		}
		put(`{"locale":"de"}`)
		_, body := a.Do(t, http.MethodGet, "/api/auth/user", "", h)
		var u struct{ Locale string }
		if json.Unmarshal([]byte(body), &u) != nil || u.Locale != "de" {
			t.Fatalf("a language saved in settings is not the account's: %s", body)
		}

		put(`{"preferredBibleVersion":"esv","welcomeDone":true,"theme":"dark"}`)
		if s := get(); s.PreferredBibleVersion != "ESV" || !s.WelcomeDone || s.Locale != "de" || s.Theme != "dark" {
			t.Fatalf("%+v", s)
		}

		if first.StartPage != "today" {
			t.Fatalf("a new reader starts on %q, want today", first.StartPage)
		}
		put(`{"startPage":"calendar"}`)
		if s := get(); s.StartPage != "calendar" {
			t.Fatalf("start page not saved: %+v", s)
		}
		if code, body := a.Do(t, http.MethodPut, "/api/settings", `{"startPage":"admin"}`, h); code != http.StatusBadRequest || !strings.Contains(body, "startPage") {
			t.Fatalf("an unknown start page: %d %s", code, body)
		}

		if first.TagSort != "az" {
			t.Fatalf("tags start sorted %q, want az", first.TagSort)
		}
		put(`{"tagSort":"fewestNotes"}`)
		if s := get(); s.TagSort != "fewestNotes" || s.StartPage != "calendar" {
			t.Fatalf("tag sort not saved: %+v", s)
		}
		if code, body := a.Do(t, http.MethodPut, "/api/settings", `{"tagSort":"random"}`, h); code != http.StatusBadRequest || !strings.Contains(body, "tagSort") {
			t.Fatalf("an unknown tag sort: %d %s", code, body)
		}
	})
}
