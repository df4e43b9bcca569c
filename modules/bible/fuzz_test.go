package bible

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
)

// FuzzParse feeds arbitrary text to the parsers in every locale. They must
// never panic, every range they return must be valid, and whatever parses
// must format and parse back to the same ranges.
func FuzzParse(f *testing.F) {
	var vectors struct {
		Cases []struct{ Locale, Input string }
	}
	for _, name := range []string{"parse.json", "parse_list.json"} {
		b, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		if err := json.Unmarshal(b, &vectors); err != nil {
			f.Fatal(err)
		}
		for _, c := range vectors.Cases {
			f.Add(c.Input, localeIndex(Locale(c.Locale)))
		}
	}
	locales := Locales()
	f.Fuzz(func(t *testing.T, text string, li uint8) {
		loc := locales[int(li)%len(locales)]
		if r, err := Parse(text, loc); err == nil {
			checkRoundTrip(t, text, loc, []Range{r})
		}
		if rs, err := ParseList(text, loc); err == nil {
			checkRoundTrip(t, text, loc, rs)
		}
	})
}

func checkRoundTrip(t *testing.T, text string, loc Locale, rs []Range) {
	t.Helper()
	for _, r := range rs {
		if err := r.Validate(); err != nil {
			t.Fatalf("%q (%s) parsed to invalid range %v: %v", text, loc, r, err)
		}
	}
	formatted, err := FormatList(rs, loc)
	if err != nil {
		t.Fatalf("%q (%s): FormatList(%v): %v", text, loc, rs, err)
	}
	back, err := ParseList(formatted, loc)
	if err != nil || !reflect.DeepEqual(back, rs) {
		t.Fatalf("%q (%s) -> %v -> %q -> %v, %v", text, loc, rs, formatted, back, err)
	}
}

func localeIndex(loc Locale) uint8 {
	for i, l := range Locales() {
		if l == loc {
			return uint8(i)
		}
	}
	return 0
}
