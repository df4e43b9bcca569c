package mailtemplates

import (
	"regexp"
	"strings"
	"testing"

	"lamplight/platform/locale"
)

var styleSheet = regexp.MustCompile(`(?s)<style>.*?</style>`)

func TestEveryLocaleHasEveryEmail(t *testing.T) {
	kinds := []Kind{VerifyEmail, PasswordReset, EmailChange, RegisterAttempt}
	for _, locale := range locale.Codes() {
		for _, k := range kinds {
			d := Data{Email: "reader@example.com", Code: "482913", Link: "https://lamplight.example/x?token=abc", SecondLink: "https://lamplight.example/y", Minutes: 10}
			m, err := Render(k, locale, "reader@example.com", d)
			if err != nil {
				t.Fatal(err)
			}
			// The style sheet (dark colours) has braces of its own.
			if strings.Contains(m.Subject+m.Text+styleSheet.ReplaceAllString(m.HTML, ""), "{") {
				t.Errorf("%s/%d: placeholder left: %s", locale, k, m.Text)
			}
			if k == PasswordReset && (!strings.Contains(m.Text, "482913") || !strings.Contains(m.HTML, "482913")) {
				t.Errorf("%s: reset code missing", locale)
			}
			if k == VerifyEmail || k == EmailChange {
				if !strings.Contains(m.Subject, "482913") || !strings.Contains(m.Text, "482913") || !strings.Contains(m.HTML, "482913") ||
					!strings.Contains(m.Text, "10") {
					t.Errorf("%s/%d: code or lifetime missing", locale, k)
				}
			}
			if k != EmailChange && (!strings.Contains(m.Text, d.Link) || !strings.Contains(m.HTML, `href="https://lamplight.example/x?token=abc"`)) {
				t.Errorf("%s/%d: link missing:\n%s", locale, k, m.Text)
			}
			if k == RegisterAttempt && !strings.Contains(m.HTML, d.SecondLink) {
				t.Errorf("%s: reset link missing", locale)
			}
			if m.Subject == "" || !strings.Contains(m.Text, "\n") || m.Kind == "" {
				t.Errorf("%s/%d: no kind", locale, k)
			}
			if !strings.Contains(m.HTML, "<!doctype html>") || m.To != "reader@example.com" {
				t.Errorf("%s/%d: not an HTML document", locale, k)
			}
		}
	}
}

func TestHTMLIsEscaped(t *testing.T) {
	m, err := Render(RegisterAttempt, "en", "x@example.com", Data{Email: `<script>alert(1)</script>@example.com`, Link: `javascript:alert(1)`})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(m.HTML, "<script>") || strings.Contains(m.HTML, `href="javascript:`) {
		t.Fatalf("unescaped:\n%s", m.HTML)
	}
}

func TestUnknownLocaleFallsBackToEnglish(t *testing.T) {
	m, err := Render(PasswordReset, "xx", "x@example.com", Data{Link: "https://l.example/r", Minutes: 60})
	if err != nil || m.Subject != "Reset your Lamplight password" || !strings.Contains(m.Text, "60 minutes") {
		t.Fatalf("%+v %v", m, err)
	}
}

// TestHTMLHasADarkRendering: mail apps in dark mode get dark colours the template chose (with the
// light ones inline for apps that ignore style sheets), not an inverted guess.
func TestHTMLHasADarkRendering(t *testing.T) {
	m, err := Render(PasswordReset, "en", "x@example.com", Data{Link: "https://l.example/r", Minutes: 60})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<meta name="color-scheme" content="light dark">`, "@media (prefers-color-scheme:dark)", `class="card"`, `class="button"`} {
		if !strings.Contains(m.HTML, want) {
			t.Errorf("no %q in:\n%s", want, m.HTML)
		}
	}
}

func TestMinutesAgreeWithTheirNumber(t *testing.T) {
	for _, c := range []struct {
		locale  string
		minutes int
		want    string
	}{
		{"en", 1, "valid for 1 minute."}, {"en", 15, "valid for 15 minutes."},
		{"uk", 21, "протягом 21 хвилини."}, {"uk", 10, "протягом 10 хвилин."}, {"ko", 10, "코드는 10분 동안 유효해요."},
	} {
		m, err := Render(VerifyEmail, c.locale, "x@example.com", Data{Code: "1", Minutes: c.minutes})
		if err != nil || !strings.Contains(m.Text, c.want) {
			t.Errorf("%s %d: %v\n%s", c.locale, c.minutes, err, m.Text)
		}
	}
}
