package mailtemplates

import (
	"strings"
	"testing"
	"time"

	"lamplight/platform/locale"
)

func TestEveryLocaleHasTheReply(t *testing.T) {
	sent := time.Date(2026, 11, 2, 23, 30, 0, 0, time.UTC)
	subjects := map[string]bool{}
	for _, locale := range locale.Codes() {
		w := func(key string) string { return catalog.T(locale, "reply."+key, nil) }
		subjects[w("subject")] = true
		m := Reply(locale, "reader@example.com", " Thanks, fixed.\n", "The calendar\nis blank", sent)
		if m.To != "reader@example.com" || m.Kind != Kind || m.Subject != w("subject") || m.HTML != "" {
			t.Fatalf("%s: %+v", locale, m)
		}
		for _, want := range []string{w("intro"), "\nThanks, fixed.\n", "2026-11-02", "\n> The calendar\n> is blank\n", w("footer"), "\n-- \nLamplight\n"} {
			if !strings.Contains(m.Text, want) {
				t.Errorf("%s: %q missing from\n%s", locale, want, m.Text)
			}
		}
		if strings.Contains(m.Text, "{") {
			t.Errorf("%s: placeholder left:\n%s", locale, m.Text)
		}
	}
	if len(subjects) != len(locale.Codes()) {
		t.Fatal("a locale repeats another's subject")
	}
}

func TestUnknownLocaleFallsBackToEnglish(t *testing.T) {
	if m := Reply("xx", "a@example.com", "Hi", "Hello", time.Now()); m.Subject != "Reply to your feedback on Lamplight" {
		t.Fatal(m.Subject)
	}
}

func TestBlankLinesOfTheOriginalStayQuoted(t *testing.T) {
	m := Reply("en", "a@example.com", "Hi", "one\n\ntwo", time.Now())
	if !strings.Contains(m.Text, "> one\n>\n> two\n") {
		t.Fatal(m.Text)
	}
}

func TestEveryLocaleHasTheNotice(t *testing.T) {
	for _, locale := range locale.Codes() {
		for _, kind := range []string{"bug", "feature", "comment"} {
			name := catalog.T(locale, "notice.kinds."+kind, nil)
			m := Notice(locale, "admin@example.com", kind, "reader@example.com", "/de/today", "It broke\nagain", "https://lamplight.example/admin/feedback")
			if m.To != "admin@example.com" || m.Kind != NoticeKind || !strings.Contains(m.Subject, name) ||
				!strings.Contains(m.Text, "reader@example.com") || !strings.Contains(m.Text, "/de/today") ||
				!strings.Contains(m.Text, "\n> It broke\n> again\n") || !strings.Contains(m.Text, "https://lamplight.example/admin/feedback\n") ||
				strings.Contains(m.Subject+m.Text, "{") {
				t.Errorf("%s/%s: %+v", locale, kind, m)
			}
		}
		if m := Notice(locale, "a@example.com", "bug", "r@example.com", "", "x", "https://l.example/admin/feedback"); strings.Contains(m.Text, "(") {
			t.Errorf("%s: a missing page is mentioned: %s", locale, m.Text)
		}
	}
}
