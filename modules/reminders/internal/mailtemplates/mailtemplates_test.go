package mailtemplates

import (
	"reflect"
	"strings"
	"testing"
)

func TestEveryLocaleSaysEverything(t *testing.T) {
	for _, locale := range []string{"en", "de", "es", "fr", "pt", "uk"} {
		w, ok := catalog[locale]
		if !ok {
			t.Fatalf("%s missing", locale)
		}
		v := reflect.ValueOf(w)
		for i := range v.NumField() {
			if v.Field(i).String() == "" {
				t.Errorf("%s: %s is empty", locale, v.Type().Field(i).Name)
			}
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
