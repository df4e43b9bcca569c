package bible

import "testing"

func TestParseListAnyLocale(t *testing.T) {
	cases := []struct {
		text   string
		prefer Locale
		want   string
	}{
		{"Genesis 1-3", English, "Genesis 1-3"},
		{"Johannes 3,16", English, "John 3:16"},
		{"Mt 5,3", German, "Matthew 5:3"},
		{"Jean 3.16", English, "John 3:16"},
		{"Буття 1-3", Spanish, "Genesis 1-3"},
		{"Salmos 23", English, "Psalm 23"},
		{"1. Mose 1-3", French, "Genesis 1-3"},
		{"Matt 1; Ps 2", German, "Matthew 1; Psalm 2"},
	}
	for _, c := range cases {
		rs, err := ParseListAnyLocale(c.text, c.prefer)
		if err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		if got, _ := FormatList(rs, English); got != c.want {
			t.Errorf("%q in %s: %q, want %q", c.text, c.prefer, got, c.want)
		}
	}
	if _, err := ParseListAnyLocale("Nobook 3", English); err == nil {
		t.Error("unknown book parsed")
	}
}
