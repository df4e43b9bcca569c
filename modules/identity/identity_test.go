package identity_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"lamplight/platform/testkit"
)

// TestIntegrationIdentity runs the account flows over HTTP against the whole
// app on every backend.
func TestIntegrationIdentity(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		e := start(t, b.Config, nil, nil)

		t.Run("register validates its fields", func(t *testing.T) {
			e.t = t
			expectError(t, e.req("POST", "/api/auth/register", map[string]string{}), 400,
				"validation_error", "email/required", "password/required")
			r := e.req("POST", "/api/auth/register", map[string]string{"email": "not-an-email", "password": "short", "locale": "xx", "timeZone": "Mars/Base"})
			expectError(t, r, 400, "validation_error", "email/is_invalid", "password/min_length", "locale/is_invalid", "timeZone/is_invalid")
			if !strings.Contains(r.Body, `"minlength":8`) {
				t.Fatalf("min_length lacks its property: %s", r.Body)
			}
			r = e.req("POST", "/api/auth/register", map[string]string{"email": "long@example.com", "password": strings.Repeat("é", 37)})
			expectError(t, r, 400, "validation_error", "password/max_length")
			expectError(t, e.req("POST", "/api/auth/register", `{"email":`), 400, "invalid_request", "invalid_request")
		})

		t.Run("register, verify by code, sign in", func(t *testing.T) {
			e.t = t
			r := e.req("POST", "/api/auth/register", map[string]string{"email": " Reader@Example.com ", "password": password, "locale": "de", "timeZone": "Europe/Berlin"})
			expect(t, r, 202, `"email":"reader@example.com"`, `"verificationRequired":true`)
			m := e.lastMail("reader@example.com")
			code := e.code("reader@example.com")
			if !strings.Contains(m.Subject, code) || !strings.Contains(m.Subject, "Bestätigungscode") ||
				!strings.Contains(m.HTMLBody, "/de/verify-email?token=") || !strings.Contains(m.TextBody, "/de/verify-email?token=") {
				t.Fatalf("mail %+v", m)
			}

			e.expectNothingUsableStored(code, e.linkToken("reader@example.com"))
			// The code and the link are stored hashed.
			var row struct{ CodeHash, LinkHash string }
			e.db.Table("identity_email_verifications").Select("code_hash, link_hash").Take(&row)
			if row.CodeHash == "" || strings.Contains(row.CodeHash, code) || strings.Contains(row.LinkHash, e.linkToken("reader@example.com")) {
				t.Fatalf("verification stored in the clear: %+v", row)
			}

			// Not verified yet: sign-in asks to verify (no second mail within the cooldown).
			r = e.req("POST", "/api/auth/login", map[string]string{"email": "reader@example.com", "password": password})
			expectError(t, r, 403, "forbidden", "verify_email")
			if !strings.Contains(r.Body, `"properties":{"email":"reader@example.com"}`) {
				t.Fatalf("verify_email lacks the email: %s", r.Body)
			}
			if n := len(e.mails("reader@example.com")); n != 1 {
				t.Fatalf("%d mails, want 1 within the cooldown", n)
			}

			wrong := "000000"
			if code == wrong {
				wrong = "111111"
			}
			expectError(t, e.req("POST", "/api/auth/verify-email", map[string]string{"email": "reader@example.com", "code": wrong}), 400, "validation_error", "code/is_invalid")
			expectError(t, e.req("POST", "/api/auth/verify-email", map[string]string{"email": "reader@example.com", "code": "12ab"}), 400, "validation_error", "code/is_invalid")
			r = e.req("POST", "/api/auth/verify-email", map[string]string{"email": "READER@example.com", "code": code})
			expect(t, r, 200, `"emailVerified":true`, `"locale":"de"`, `"timeZone":"Europe/Berlin"`, `"hasPassword":true`)
			ck := r.Cookie()
			if ck == nil || !ck.HttpOnly || ck.SameSite != http.SameSiteLaxMode || ck.Path != "/" || ck.Secure || ck.Value != r.JSON(t)["token"] {
				t.Fatalf("session cookie %+v", ck)
			}
			token := r.JSON(t)["token"].(string)
			expect(t, e.as(token, "GET", "/api/auth/user", nil), 200, `"email":"reader@example.com"`, `"isAdmin":false`, `"createdAt":`)
			// The code is spent.
			expectError(t, e.req("POST", "/api/auth/verify-email", map[string]string{"email": "reader@example.com", "code": code}), 400, "invalid_request", "verification_code_expired")
			// Now the password signs in.
			e.login("reader@example.com", password)
		})

		t.Run("verify by the emailed link", func(t *testing.T) {
			e.t = t
			expect(t, e.req("POST", "/api/auth/register", map[string]string{"email": "linked@example.com", "password": password}), 202)
			token := e.linkToken("linked@example.com")
			expect(t, e.req("POST", "/api/auth/verify-email", map[string]string{"token": token}), 200, `"emailVerified":true`)
			expectError(t, e.req("POST", "/api/auth/verify-email", map[string]string{"token": token}), 400, "invalid_request", "verification_code_expired")
			expectError(t, e.req("POST", "/api/auth/verify-email", map[string]string{"token": "nonsense"}), 400, "invalid_request", "verification_code_expired")
		})

		t.Run("registering a taken address answers the same and tells its owner", func(t *testing.T) {
			e.t = t
			e.signUp("owner@example.com")
			e.as(e.login("owner@example.com", password), "PUT", "/api/auth/user", map[string]string{"locale": "fr"})
			before := len(e.mails("owner@example.com"))
			fresh := e.req("POST", "/api/auth/register", map[string]string{"email": "newcomer@example.com", "password": password})
			taken := e.req("POST", "/api/auth/register", map[string]string{"email": "owner@example.com", "password": "another password"})
			if fresh.Status != taken.Status || strings.Replace(fresh.Body, "newcomer", "owner", 1) != taken.Body {
				t.Fatalf("answers differ: %d %s / %d %s", fresh.Status, fresh.Body, taken.Status, taken.Body)
			}
			mails := e.mails("owner@example.com")
			if len(mails) != before+1 || !strings.Contains(mails[len(mails)-1].Subject, "Quelqu’un a tenté de s’inscrire") ||
				!strings.Contains(mails[len(mails)-1].TextBody, "/fr/reset-password") {
				t.Fatalf("owner not told in French: %+v", mails[len(mails)-1])
			}
			e.req("POST", "/api/auth/register", map[string]string{"email": "owner@example.com", "password": "another password"})
			if n := len(e.mails("owner@example.com")); n != before+1 {
				t.Fatalf("notice sent twice within the cooldown")
			}
			// The attempt changed nothing: the owner's password still works.
			e.login("owner@example.com", password)
			expectError(t, e.req("POST", "/api/auth/login", map[string]string{"email": "owner@example.com", "password": "another password"}), 401, "unauthenticated", "invalid_login")
		})

		t.Run("five wrong codes spend the code", func(t *testing.T) {
			e.t = t
			expect(t, e.req("POST", "/api/auth/register", map[string]string{"email": "guesser@example.com", "password": password}), 202)
			code := e.code("guesser@example.com")
			wrong := fmt.Sprintf("%06d", (int(code[5]-'0')+1)%10)
			for i := 1; i <= 5; i++ {
				r := e.req("POST", "/api/auth/verify-email", map[string]string{"email": "guesser@example.com", "code": wrong})
				if i < 5 {
					expectError(t, r, 400, "validation_error", "code/is_invalid")
				} else {
					expectError(t, r, 400, "invalid_request", "verification_code_expired")
				}
			}
			expectError(t, e.req("POST", "/api/auth/verify-email", map[string]string{"email": "guesser@example.com", "code": code}), 400, "invalid_request", "verification_code_expired")
		})

		t.Run("codes expire after ten minutes; resend waits for its cooldown", func(t *testing.T) {
			e.t = t
			expect(t, e.req("POST", "/api/auth/register", map[string]string{"email": "slow@example.com", "password": password}), 202)
			code := e.code("slow@example.com")
			known := e.req("POST", "/api/auth/verify-email/resend", map[string]string{"email": "slow@example.com"})
			unknown := e.req("POST", "/api/auth/verify-email/resend", map[string]string{"email": "nobody@example.com"})
			if known.Status != 202 || strings.Replace(known.Body, "slow", "nobody", 1) != unknown.Body || unknown.Status != 202 {
				t.Fatalf("resend answers differ: %d %s / %d %s", known.Status, known.Body, unknown.Status, unknown.Body)
			}
			if n := len(e.mails("slow@example.com")); n != 1 {
				t.Fatalf("resent within the cooldown (%d mails)", n)
			}
			if len(e.mails("nobody@example.com")) != 0 {
				t.Fatal("mailed an unknown address")
			}
			e.clock.Advance(10*time.Minute + time.Second)
			expectError(t, e.req("POST", "/api/auth/verify-email", map[string]string{"email": "slow@example.com", "code": code}), 400, "invalid_request", "verification_code_expired")
			expect(t, e.req("POST", "/api/auth/verify-email/resend", map[string]string{"email": "slow@example.com"}), 202)
			if n := len(e.mails("slow@example.com")); n != 2 {
				t.Fatalf("no new code after the cooldown (%d mails)", n)
			}
			expect(t, e.req("POST", "/api/auth/verify-email", map[string]string{"email": "slow@example.com", "code": e.code("slow@example.com")}), 200)
		})

		t.Run("unknown address and wrong password are one answer", func(t *testing.T) {
			e.t = t
			e.signUp("known@example.com")
			wrong := e.req("POST", "/api/auth/login", map[string]string{"email": "known@example.com", "password": "wrong password"})
			unknown := e.req("POST", "/api/auth/login", map[string]string{"email": "unknown@example.com", "password": "wrong password"})
			expectError(t, wrong, 401, "unauthenticated", "invalid_login")
			if wrong.Body != unknown.Body || wrong.Status != unknown.Status {
				t.Fatalf("answers differ: %s / %s", wrong.Body, unknown.Body)
			}
			expectError(t, e.req("POST", "/api/auth/login", map[string]string{}), 400, "validation_error", "email/required", "password/required")
			r := e.req("POST", "/api/auth/login", map[string]string{"email": "known@example.com", "password": password, "locale": "uk", "timeZone": "Europe/Kyiv"})
			expect(t, r, 200, `"locale":"uk"`, `"timeZone":"Europe/Kyiv"`)
		})

		t.Run("cookie writes need a same-site Origin; bearer writes do not", func(t *testing.T) {
			e.t = t
			token := e.signUp("cookie@example.com")
			ck := "lamplight_session=" + token
			expect(t, e.req("GET", "/api/auth/user", nil, "Cookie", ck), 200, `"email":"cookie@example.com"`)
			body := map[string]string{"locale": "es"}
			expectError(t, e.req("PUT", "/api/auth/user", body, "Cookie", ck), 403, "forbidden", "cross_origin_request")
			expectError(t, e.req("PUT", "/api/auth/user", body, "Cookie", ck, "Origin", "https://evil.example"), 403, "forbidden", "cross_origin_request")
			expect(t, e.req("PUT", "/api/auth/user", body, "Cookie", ck, "Origin", e.app.URL), 200, `"locale":"es"`)
			expect(t, e.req("PUT", "/api/auth/user", body, "Cookie", ck, "Referer", e.app.URL+"/settings"), 200)
			expect(t, e.as(token, "PUT", "/api/auth/user", body), 200)
		})

		t.Run("account preferences", func(t *testing.T) {
			e.t = t
			token := e.signUp("prefs@example.com")
			expectError(t, e.as(token, "PUT", "/api/auth/user", map[string]string{"locale": "xx", "timeZone": "Nowhere"}), 400,
				"validation_error", "locale/is_invalid", "timeZone/is_invalid")
			expect(t, e.as(token, "PUT", "/api/auth/user", map[string]string{"timeZone": "America/Sao_Paulo"}), 200, `"timeZone":"America/Sao_Paulo"`, `"locale":"en"`)
			expect(t, e.as(token, "PUT", "/api/auth/user", map[string]string{"locale": "pt-BR"}), 200, `"timeZone":"America/Sao_Paulo"`, `"locale":"pt"`)
			expect(t, e.as(token, "GET", "/api/auth/user", nil), 200, `"locale":"pt"`)
			expectError(t, e.req("GET", "/api/auth/user", nil), 401, "unauthenticated")
			expectError(t, e.as("made-up", "GET", "/api/auth/user", nil), 401, "unauthenticated")
		})

		t.Run("logout revokes the session and clears the cookie", func(t *testing.T) {
			e.t = t
			token := e.signUp("leaver@example.com")
			r := e.as(token, "POST", "/api/auth/logout", nil)
			expect(t, r, 204)
			if ck := r.Cookie(); ck == nil || ck.MaxAge >= 0 || ck.Value != "" {
				t.Fatalf("cookie not cleared: %+v", ck)
			}
			expectError(t, e.as(token, "GET", "/api/auth/user", nil), 401, "unauthenticated")
			expect(t, e.req("POST", "/api/auth/logout", nil), 204)
		})

		t.Run("sessions: list, revoke one, revoke the others", func(t *testing.T) {
			e.t = t
			first := e.signUp("devices@example.com")
			second := e.login("devices@example.com", password)
			third := e.login("devices@example.com", password)
			r := e.as(second, "GET", "/api/auth/sessions", nil, "User-Agent", "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0")
			expect(t, r, 200, `"current":true`, `"device":`)
			if n := strings.Count(r.Body, `"id":`); n != 3 {
				t.Fatalf("%d sessions: %s", n, r.Body)
			}
			if strings.Count(r.Body, `"current":true`) != 1 {
				t.Fatalf("not exactly one current: %s", r.Body)
			}
			// Find the first session's id: the one listed current for it.
			firstID := currentSessionID(t, e, first)

			// Another reader cannot revoke it, nor a made-up id.
			stranger := e.signUp("stranger@example.com")
			expectError(t, e.as(stranger, "DELETE", "/api/auth/sessions/"+firstID, nil), 404, "not_found", "session_not_found")
			expectError(t, e.as(stranger, "DELETE", "/api/auth/sessions/not-a-uuid", nil), 404, "not_found", "session_not_found")
			expect(t, e.as(first, "GET", "/api/auth/user", nil), 200)

			expect(t, e.as(second, "DELETE", "/api/auth/sessions/"+firstID, nil), 204)
			expectError(t, e.as(first, "GET", "/api/auth/user", nil), 401, "unauthenticated")

			expect(t, e.as(second, "POST", "/api/auth/sessions/revoke-others", nil), 200, `{"revoked":1}`)
			expectError(t, e.as(third, "GET", "/api/auth/user", nil), 401, "unauthenticated")
			expect(t, e.as(second, "GET", "/api/auth/user", nil), 200)
		})

		t.Run("sessions slide their expiry and end after 30 idle days", func(t *testing.T) {
			e.t = t
			token := e.signUp("sleeper@example.com")
			before := sessionExpiry(t, e, token)
			e.clock.Advance(6 * time.Minute)
			r := e.as(token, "GET", "/api/auth/user", nil)
			expect(t, r, 200)
			after := sessionExpiry(t, e, token)
			if !after.After(before.Add(5 * time.Minute)) {
				t.Fatalf("expiry did not slide: %s -> %s", before, after)
			}
			// A cookie-authenticated request gets the cookie renewed.
			e.clock.Advance(6 * time.Minute)
			r = e.req("GET", "/api/auth/user", nil, "Cookie", "lamplight_session="+token)
			if ck := r.Cookie(); ck == nil || ck.Value != token || ck.MaxAge <= 0 {
				t.Fatalf("cookie not renewed: %+v", ck)
			}
			e.clock.Advance(30*24*time.Hour + time.Minute)
			expectError(t, e.as(token, "GET", "/api/auth/user", nil), 401, "unauthenticated")
		})

		t.Run("password reset", func(t *testing.T) {
			e.t = t
			old := e.signUp("forgetful@example.com")
			known := e.req("POST", "/api/auth/password-reset", map[string]string{"email": "forgetful@example.com"})
			unknown := e.req("POST", "/api/auth/password-reset", map[string]string{"email": "stranger-danger@example.com"})
			if known.Status != 202 || unknown.Status != 202 || strings.Replace(known.Body, "forgetful", "stranger-danger", 1) != unknown.Body {
				t.Fatalf("answers differ: %s / %s", known.Body, unknown.Body)
			}
			if len(e.mails("stranger-danger@example.com")) != 0 {
				t.Fatal("mailed an unknown address")
			}
			m := e.lastMail("forgetful@example.com")
			if !strings.Contains(m.Subject, "Reset your Lamplight password") || !strings.Contains(m.TextBody, "/reset-password?token=") {
				t.Fatalf("mail %+v", m)
			}
			token := e.linkToken("forgetful@example.com")
			// Delivered: the database keeps no usable link, the mailbox does.
			e.expectNothingUsableStored(token)
			var stored int64
			e.db.Table("identity_password_resets").Where("token_hash = ?", token).Count(&stored)
			if stored != 0 {
				t.Fatal("reset token stored in the clear")
			}
			expect(t, e.req("GET", "/api/auth/password-reset?token="+token, nil), 200, `"email":"forgetful@example.com"`)
			expectError(t, e.req("GET", "/api/auth/password-reset?token=nope", nil), 400, "invalid_request", "password_reset_link_expired")
			expectError(t, e.req("POST", "/api/auth/password-reset/complete", map[string]string{"token": token, "password": "short"}), 400, "validation_error", "password/min_length")
			r := e.req("POST", "/api/auth/password-reset/complete", map[string]string{"token": token, "password": "brand new password"})
			expect(t, r, 200, `"token":`)
			if r.Cookie() == nil {
				t.Fatal("no cookie after reset")
			}
			expectError(t, e.as(old, "GET", "/api/auth/user", nil), 401, "unauthenticated")
			e.login("forgetful@example.com", "brand new password")
			expectError(t, e.req("POST", "/api/auth/login", map[string]string{"email": "forgetful@example.com", "password": password}), 401, "unauthenticated", "invalid_login")
			expectError(t, e.req("POST", "/api/auth/password-reset/complete", map[string]string{"token": token, "password": "another new one"}), 400, "invalid_request", "password_reset_link_expired")

			// Links expire after an hour.
			expect(t, e.req("POST", "/api/auth/password-reset", map[string]string{"email": "forgetful@example.com"}), 202)
			late := e.linkToken("forgetful@example.com")
			e.clock.Advance(61 * time.Minute)
			expectError(t, e.req("GET", "/api/auth/password-reset?token="+late, nil), 400, "invalid_request", "password_reset_link_expired")
			expectError(t, e.req("POST", "/api/auth/password-reset/complete", map[string]string{"token": late, "password": "another new one"}), 400, "invalid_request", "password_reset_link_expired")
		})

		t.Run("password reset verifies an unverified address", func(t *testing.T) {
			e.t = t
			expect(t, e.req("POST", "/api/auth/register", map[string]string{"email": "lostcode@example.com", "password": password}), 202)
			expect(t, e.req("POST", "/api/auth/password-reset", map[string]string{"email": "lostcode@example.com"}), 202)
			r := e.req("POST", "/api/auth/password-reset/complete", map[string]string{"token": e.linkToken("lostcode@example.com"), "password": "fresh password"})
			expect(t, r, 200, `"emailVerified":true`)
		})

		t.Run("password reset by the mailed code", func(t *testing.T) {
			e.t = t
			old := e.signUp("twodevices@example.com")
			expect(t, e.req("POST", "/api/auth/password-reset", map[string]string{"email": "twodevices@example.com"}), 202)
			first := e.code("twodevices@example.com")
			if m := e.lastMail("twodevices@example.com"); !strings.Contains(m.HTMLBody, first) || !strings.Contains(m.TextBody, "/reset-password?token=") {
				t.Fatalf("mail lacks the code or the link: %s", m.TextBody)
			}
			e.expectNothingUsableStored(first)
			// A new request replaces the code; the first one no longer works.
			expect(t, e.req("POST", "/api/auth/password-reset", map[string]string{"email": "twodevices@example.com"}), 202)
			code := e.code("twodevices@example.com")
			link := e.linkToken("twodevices@example.com")
			complete := func(email, code, pw string) res {
				return e.req("POST", "/api/auth/password-reset/complete", map[string]string{"email": email, "code": code, "password": pw})
			}
			expectError(t, complete("", "12", "short"), 400, "validation_error", "email/required", "code/is_invalid", "password/min_length")
			expectError(t, complete("nobody-here@example.com", code, "brand new password"), 400, "invalid_request", "password_reset_code_expired")
			if first != code {
				expectError(t, complete("twodevices@example.com", first, "brand new password"), 400, "validation_error", "code/is_invalid")
			}
			r := complete(" TwoDevices@Example.com ", code+" ", "brand new password")
			expect(t, r, 200, `"token":`, `"emailVerified":true`)
			expectError(t, e.as(old, "GET", "/api/auth/user", nil), 401, "unauthenticated")
			e.login("twodevices@example.com", "brand new password")
			// Spent with the link it came with, and the link with it.
			expectError(t, complete("twodevices@example.com", code, "another new one"), 400, "invalid_request", "password_reset_code_expired")
			expectError(t, e.req("GET", "/api/auth/password-reset?token="+link, nil), 400, "invalid_request", "password_reset_link_expired")

			// Five wrong codes spend it.
			expect(t, e.req("POST", "/api/auth/password-reset", map[string]string{"email": "twodevices@example.com"}), 202)
			code = e.code("twodevices@example.com")
			wrong := fmt.Sprintf("%06d", (int(code[5]-'0')+1)%10)
			for i := 1; i <= 5; i++ {
				r := complete("twodevices@example.com", wrong, "another new one")
				if i < 5 {
					expectError(t, r, 400, "validation_error", "code/is_invalid")
				} else {
					expectError(t, r, 400, "invalid_request", "password_reset_code_expired")
				}
			}
			expectError(t, complete("twodevices@example.com", code, "another new one"), 400, "invalid_request", "password_reset_code_expired")

			// Codes expire with their link, after an hour.
			expect(t, e.req("POST", "/api/auth/password-reset", map[string]string{"email": "twodevices@example.com"}), 202)
			late := e.code("twodevices@example.com")
			e.clock.Advance(61 * time.Minute)
			expectError(t, complete("twodevices@example.com", late, "another new one"), 400, "invalid_request", "password_reset_code_expired")
			e.login("twodevices@example.com", "brand new password")
		})

		t.Run("change password", func(t *testing.T) {
			e.t = t
			current := e.signUp("changer@example.com")
			other := e.login("changer@example.com", password)
			expectError(t, e.as(current, "PUT", "/api/auth/password", map[string]string{"newPassword": "x"}), 400,
				"validation_error", "currentPassword/required", "newPassword/min_length")
			expectError(t, e.as(current, "PUT", "/api/auth/password", map[string]string{"currentPassword": "wrong one", "newPassword": "new password"}), 400,
				"validation_error", "currentPassword/password_incorrect")
			expect(t, e.as(current, "PUT", "/api/auth/password", map[string]string{"currentPassword": password, "newPassword": "new password"}), 204)
			expect(t, e.as(current, "GET", "/api/auth/user", nil), 200)
			expectError(t, e.as(other, "GET", "/api/auth/user", nil), 401, "unauthenticated")
			e.login("changer@example.com", "new password")
		})

		t.Run("change email", func(t *testing.T) {
			e.t = t
			token := e.signUp("mover@example.com")
			e.signUp("taken@example.com")
			expectError(t, e.as(token, "POST", "/api/auth/email-change", map[string]string{"email": "MOVER@example.com"}), 400, "validation_error", "email/new_email_required")
			expectError(t, e.as(token, "POST", "/api/auth/email-change", map[string]string{"email": "nope"}), 400, "validation_error", "email/is_invalid")
			takenMails := len(e.mails("taken@example.com"))
			expectError(t, e.as(token, "POST", "/api/auth/email-change", map[string]string{"email": "moved@example.com"}), 400, "validation_error", "password/required")
			expectError(t, e.as(token, "POST", "/api/auth/email-change", map[string]string{"email": "moved@example.com", "password": "not it"}), 400, "validation_error", "password/password_incorrect")
			taken := e.as(token, "POST", "/api/auth/email-change", map[string]string{"email": "taken@example.com", "password": password})
			free := e.as(token, "POST", "/api/auth/email-change", map[string]string{"email": "moved@example.com", "password": password})
			if taken.Status != 202 || free.Status != 202 || strings.Replace(taken.Body, "taken", "moved", 1) != free.Body {
				t.Fatalf("answers differ: %s / %s", taken.Body, free.Body)
			}
			if len(e.mails("taken@example.com")) != takenMails {
				t.Fatal("a code went to another account's address")
			}
			code := e.code("moved@example.com")
			var row struct{ CodeHash string }
			e.db.Table("identity_email_changes").Select("code_hash").Where("new_email = ?", "moved@example.com").Take(&row)
			if row.CodeHash == "" || strings.Contains(row.CodeHash, code) {
				t.Fatalf("code stored in the clear: %+v", row)
			}
			wrong := fmt.Sprintf("%06d", (int(code[5]-'0')+1)%10)
			expectError(t, e.as(token, "POST", "/api/auth/email-change/confirm", map[string]string{"code": wrong}), 400, "validation_error", "code/is_invalid")
			expect(t, e.as(token, "POST", "/api/auth/email-change/confirm", map[string]string{"code": code}), 200, `"email":"moved@example.com"`, `"emailVerified":true`)
			expect(t, e.as(token, "GET", "/api/auth/user", nil), 200, `"email":"moved@example.com"`)
			e.login("moved@example.com", password)
			expectError(t, e.req("POST", "/api/auth/login", map[string]string{"email": "mover@example.com", "password": password}), 401, "unauthenticated", "invalid_login")
			expectError(t, e.as(token, "POST", "/api/auth/email-change/confirm", map[string]string{"code": code}), 400, "invalid_request", "verification_code_expired")

			// The address is taken between the request and the confirmation.
			expect(t, e.as(token, "POST", "/api/auth/email-change", map[string]string{"email": "contested@example.com", "password": password}), 202)
			code = e.code("contested@example.com")
			e.signUp("contested@example.com")
			expectError(t, e.as(token, "POST", "/api/auth/email-change/confirm", map[string]string{"code": code}), 409, "conflict", "email/email_in_use")
		})

		t.Run("Google sign-in is off without its configuration", func(t *testing.T) {
			e.t = t
			expect(t, e.req("GET", "/api/auth/config", nil), 200, `"googleEnabled":false`, `"emailVerificationRequired":true`)
			expectError(t, e.req("GET", "/api/auth/google/start?returnTo=/today", nil), 404, "not_found", "google_not_configured")
			expectError(t, e.req("POST", "/api/auth/google/callback", map[string]string{"code": "x", "state": "y"}), 404, "not_found", "google_not_configured")
		})

		t.Run("health lists identity", func(t *testing.T) {
			e.t = t
			expect(t, e.req("GET", "/api/health", nil), 200, `{"name":"identity","status":"ok"}`)
		})
	})
}

// currentSessionID is the id of the session token belongs to.
func currentSessionID(t *testing.T, e *env, token string) string {
	t.Helper()
	var list []struct {
		ID        string    `json:"id"`
		Current   bool      `json:"current"`
		ExpiresAt time.Time `json:"expiresAt"`
	}
	r := e.as(token, "GET", "/api/auth/sessions", nil)
	expect(t, r, 200)
	decode(t, r.Body, &list)
	for _, s := range list {
		if s.Current {
			return s.ID
		}
	}
	t.Fatalf("no current session: %s", r.Body)
	return ""
}

// sessionExpiry is the expiry of the session token belongs to.
func sessionExpiry(t *testing.T, e *env, token string) time.Time {
	t.Helper()
	var list []struct {
		Current   bool      `json:"current"`
		ExpiresAt time.Time `json:"expiresAt"`
	}
	r := e.as(token, "GET", "/api/auth/sessions", nil)
	expect(t, r, 200)
	decode(t, r.Body, &list)
	for _, s := range list {
		if s.Current {
			return s.ExpiresAt
		}
	}
	t.Fatalf("no current session: %s", r.Body)
	return time.Time{}
}
