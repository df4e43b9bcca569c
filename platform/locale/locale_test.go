package locale_test

import (
	"testing"

	"lamplight/platform/locale"
)

func TestSplitAndPath(t *testing.T) {
	for _, c := range []struct{ url, code, rest string }{
		{"/", "en", ""},
		{"/about/faq", "en", "about/faq"},
		{"/de", "de", ""},
		{"/de/", "de", ""},
		{"/uk/policy/privacy", "uk", "policy/privacy"},
		{"/ko/today", "ko", "today"},
		{"/en/about", "en", "en/about"},
		{"/deutsch", "en", "deutsch"},
	} {
		code, rest := locale.Split(c.url)
		if code != c.code || rest != c.rest {
			t.Errorf("Split(%q) = %q %q, want %q %q", c.url, code, rest, c.code, c.rest)
		}
	}
	for _, c := range []struct{ code, path, want string }{
		{"en", "", "/"}, {"de", "", "/de"}, {"en", "about/faq", "/about/faq"}, {"pt", "about", "/pt/about"},
	} {
		if got := locale.Path(c.code, c.path); got != c.want {
			t.Errorf("Path(%q, %q) = %q, want %q", c.code, c.path, got, c.want)
		}
	}
	if len(locale.Codes()) != 7 {
		t.Fatal(locale.Codes())
	}
}
