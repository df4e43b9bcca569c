package mailtemplates

import (
	"strings"
	"testing"

	"lamplight/platform/locale"
)

func TestEveryLocaleSaysEverything(t *testing.T) {
	d := Day{Read: 3, Goal: 86, Streak: 2, LogURL: "https://l.example/open", Last: true}
	for _, locale := range locale.Codes() {
		m, p := Email(locale, "r@example.com", d), Notification(locale, d)
		for _, s := range []string{m.Subject, m.Text, p.Title, p.Body, p.ActionLog, p.ActionOpen} {
			if s == "" || strings.Contains(s, "{") || strings.Contains(s, "push.") {
				t.Errorf("%s: %q", locale, s)
			}
		}
		if !strings.Contains(p.Body, "86") || !strings.Contains(p.Body, "2") {
			t.Errorf("%s: %q", locale, p.Body)
		}
	}
}

func TestStreakAgreesWithItsNumber(t *testing.T) {
	for _, c := range []struct {
		locale string
		streak int
		want   string
	}{
		{"en", 1, "Streak: 1 day."}, {"en", 4, "Streak: 4 days."}, {"uk", 3, "Серія: 3 дні."}, {"uk", 11, "Серія: 11 днів."},
		{"uk", 21, "Серія: 21 день."}, {"ko", 5, "연속 읽기 5일째예요."},
	} {
		if got := Notification(c.locale, Day{Read: 1, Goal: 86, Streak: c.streak}).Body; !strings.HasSuffix(got, c.want) {
			t.Errorf("%s %d: %q", c.locale, c.streak, got)
		}
	}
}

func TestEmailCarriesOneClickUnsubscribe(t *testing.T) {
	d := Day{
		Read: 12, Goal: 86, Streak: 4, Suggestions: []Link{{Label: "Psalm 1", URL: "https://bible.example/ps1"}},
		LogURL: "https://l.example/open", SettingsURL: "https://l.example/settings", UnsubscribeURL: "https://l.example/daily-reminder-unsubscribe?token=t",
		OneClickURL: "https://l.example/api/reminders/unsubscribe?token=t", Last: true,
	}
	m := Email("es", "r@example.com", d)
	if m.Headers["List-Unsubscribe"] != "<https://l.example/api/reminders/unsubscribe?token=t>" || m.Headers["List-Unsubscribe-Post"] != "List-Unsubscribe=One-Click" {
		t.Fatalf("%v", m.Headers)
	}
	for _, want := range []string{"Meta de hoy: 12 de 86 versículos leídos.", "Tu racha: 4 días.", "- Psalm 1: https://bible.example/ps1", "así que este es el último por ahora", d.UnsubscribeURL} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("missing %q in\n%s", want, m.Text)
		}
	}
	if m.Subject != "Es hora de leer" || Email("xx", "r@example.com", d).Subject != "Time to read" {
		t.Fatal(m.Subject)
	}
}

func TestPlanDaysAreNamedInEveryLocale(t *testing.T) {
	d := Day{Read: 0, Goal: 86, Streak: 0, Plans: []PlanDay{{Plan: "M'Cheyne", Day: 12, Passages: "Gen 13; Matt 12"}, {Plan: "NT", Day: 3}}}
	for _, c := range []struct{ locale, day, push string }{
		{"en", "Day 12 of M'Cheyne", "Today: Day 12 of M'Cheyne, Day 3 of NT. "},
		{"de", "Tag 12 von M'Cheyne", "Heute: Tag 12 von M'Cheyne, Tag 3 von NT. "},
		{"es", "Día 12 de M'Cheyne", "Hoy: Día 12 de M'Cheyne, Día 3 de NT. "},
		{"fr", "Jour 12 de M'Cheyne", "Aujourd'hui : Jour 12 de M'Cheyne, Jour 3 de NT. "},
		{"pt", "Dia 12 de M'Cheyne", "Hoje: Dia 12 de M'Cheyne, Dia 3 de NT. "},
		{"uk", "День 12 плану «M'Cheyne»", "Сьогодні: День 12 плану «M'Cheyne», День 3 плану «NT». "},
		{"ko", "M'Cheyne 12일차", "오늘: M'Cheyne 12일차, NT 3일차. "},
	} {
		if m := Email(c.locale, "r@example.com", d); !strings.Contains(m.Text, "- "+c.day+": Gen 13; Matt 12\n") {
			t.Errorf("%s:\n%s", c.locale, m.Text)
		}
		if p := Notification(c.locale, d); !strings.HasPrefix(p.Body, c.push) {
			t.Errorf("%s: %q", c.locale, p.Body)
		}
	}
}
