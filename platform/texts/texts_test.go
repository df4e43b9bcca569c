package texts

import (
	"strings"
	"testing"
	"testing/fstest"
)

// catalog builds a catalog's files: English plus the given languages, the
// others copied from base.
func files(base string, override map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{}
	for _, code := range []string{"en", "de", "es", "fr", "pt", "uk", "ko"} {
		body := base
		switch code {
		case "uk":
			body = `{"hello": "Привіт, {{name}}", "mail": {"days_one": "{{count}} день", "days_few": "{{count}} дні", "days_many": "{{count}} днів", "days_other": "{{count}} дня"}}`
		case "ko":
			body = `{"hello": "{{name}}님, 안녕하세요", "mail": {"days_other": "{{count}}일"}}`
		}
		if o, ok := override[code]; ok {
			body = o
		}
		fsys[code+".json"] = &fstest.MapFile{Data: []byte(body)}
	}
	return fsys
}

const english = `{"hello": "Hello, {{name}}", "mail": {"days_one": "{{count}} day", "days_other": "{{count}} days"}}`

func TestLoadAndTranslate(t *testing.T) {
	c, err := Load(files(english, nil))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		lang, key string
		vars      Vars
		want      string
	}{
		{"en", "hello", Vars{"name": "Ann"}, "Hello, Ann"},
		{"xx", "hello", Vars{"name": "Ann"}, "Hello, Ann"},
		{"ko", "hello", Vars{"name": "민준"}, "민준님, 안녕하세요"},
		{"en", "mail.days", Vars{"count": 1}, "1 day"},
		{"en", "mail.days", Vars{"count": 0}, "0 days"},
		{"uk", "mail.days", Vars{"count": 1}, "1 день"},
		{"uk", "mail.days", Vars{"count": 3}, "3 дні"},
		{"uk", "mail.days", Vars{"count": 12}, "12 днів"},
		{"uk", "mail.days", Vars{"count": 21}, "21 день"},
		{"uk", "mail.days", Vars{"count": 25}, "25 днів"},
		{"ko", "mail.days", Vars{"count": 1}, "1일"},
		{"en", "nope", nil, "nope"},
	} {
		if got := c.T(tc.lang, tc.key, tc.vars); got != tc.want {
			t.Errorf("T(%s, %s) = %q, want %q", tc.lang, tc.key, got, tc.want)
		}
	}
}

func TestPluralForms(t *testing.T) {
	for _, tc := range []struct {
		lang string
		n    int
		want string
	}{
		{"en", 1, "one"}, {"en", 0, "other"}, {"de", 2, "other"}, {"fr", 0, "one"}, {"fr", 1, "one"}, {"fr", 2, "other"},
		{"pt", 0, "one"}, {"es", 0, "other"}, {"uk", 1, "one"}, {"uk", 11, "many"}, {"uk", 22, "few"}, {"uk", 14, "many"},
		{"uk", 101, "one"}, {"ko", 1, "other"},
	} {
		if got := pluralForm(tc.lang, tc.n); got != tc.want {
			t.Errorf("pluralForm(%s, %d) = %s, want %s", tc.lang, tc.n, got, tc.want)
		}
	}
}

func TestLoadRejectsIncompleteCatalogs(t *testing.T) {
	for name, tc := range map[string]struct {
		override map[string]string
		want     string
	}{
		"a language lacks a key":  {map[string]string{"de": `{"mail": {"days_one": "{{count}} Tag", "days_other": "{{count}} Tage"}}`}, "de: missing hello"},
		"a language lacks a file": {map[string]string{}, ""},
		"a key English lacks":     {map[string]string{"es": `{"hello": "Hola, {{name}}", "bye": "Adiós", "mail": {"days_one": "{{count}} día", "days_other": "{{count}} días"}}`}, "es: bye is not a key of English"},
		"Ukrainian without few":   {map[string]string{"uk": `{"hello": "Привіт, {{name}}", "mail": {"days_one": "{{count}} день", "days_many": "{{count}} днів", "days_other": "{{count}} дня"}}`}, "uk: missing mail.days_few"},
		"a dummy Korean form":     {map[string]string{"ko": `{"hello": "{{name}}님", "mail": {"days_one": "{{count}}일", "days_other": "{{count}}일"}}`}, "ko: mail.days_one is not a key of English or not a plural form of ko"},
		"a dummy English form":    {map[string]string{"en": `{"hello": "Hello, {{name}}", "mail": {"days_one": "{{count}} day", "days_many": "{{count}} days", "days_other": "{{count}} days"}}`}, "en: mail.days_many is not a key of English or not a plural form of en"},
		"a lost placeholder":      {map[string]string{"fr": `{"hello": "Bonjour", "mail": {"days_one": "{{count}} jour", "days_other": "{{count}} jours"}}`}, "fr: hello has placeholders [], English [name]"},
		"an empty text":           {map[string]string{"pt": `{"hello": " ", "mail": {"days_one": "{{count}} dia", "days_other": "{{count}} dias"}}`}, "hello is empty"},
	} {
		t.Run(name, func(t *testing.T) {
			fsys := files(english, tc.override)
			if tc.want == "" {
				delete(fsys, "ko.json")
			}
			_, err := Load(fsys)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want %q", err, tc.want)
			}
		})
	}
}
