package httpx_test

import (
	"testing"

	"lamplight/platform/httpx"
)

func TestAppRoutes(t *testing.T) {
	routes, err := httpx.ParseAppRoutes([]byte(`{"routes":[{"path":"","public":true},{"path":"books/:book"},{"path":"books/new"},{"path":"about","public":true}]}`))
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{"": "", "books/GEN": "books/:book", "books/new": "books/new", "about": "about"} {
		if r, ok := routes.Match(path); !ok || r.Path != want {
			t.Errorf("%q matched %q %v, want %q", path, r.Path, ok, want)
		}
	}
	for _, path := range []string{"books", "books/", "books/GEN/1", "about/faq", "About"} {
		if r, ok := routes.Match(path); ok {
			t.Errorf("%q matched %q", path, r.Path)
		}
	}
	checked, err := routes.Checked("books/:book", func(v []string) bool { return v[0] == "GEN" })
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := checked.Match("books/GEN"); !ok {
		t.Error("books/GEN is a book")
	}
	if r, ok := checked.Match("books/zzz"); ok {
		t.Errorf("books/zzz matched %q", r.Path)
	}
	if r, ok := checked.Match("books/new"); !ok || r.Path != "books/new" {
		t.Errorf("books/new matched %q %v", r.Path, ok)
	}
	if _, ok := routes.Match("books/zzz"); !ok {
		t.Error("Checked changed the list it was called on")
	}
	for _, pattern := range []string{"about", "books/:chapter"} {
		if _, err := routes.Checked(pattern, nil); err == nil {
			t.Errorf("%q accepted", pattern)
		}
	}
	for _, bad := range []string{`{"routes":[{"path":"/books"}]}`, `{"routes":[{"path":"books/"}]}`, `[`} {
		if _, err := httpx.ParseAppRoutes([]byte(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}
