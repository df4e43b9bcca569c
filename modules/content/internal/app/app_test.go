package app_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"lamplight/modules/content"
	"lamplight/modules/content/internal/app"
	"lamplight/platform/errs"
)

func page(title, order string) *fstest.MapFile {
	return &fstest.MapFile{Data: []byte("---\ntitle: " + title + "\ndescription: About " + title + ".\nupdated: 2026-11-25\norder: " + order + "\n---\nText of " + title + ".\n")}
}

func TestEveryShippedPageLoads(t *testing.T) {
	if _, err := app.New(content.Files()); err != nil {
		t.Fatal(err)
	}
}

func TestABadFileFailsStartUp(t *testing.T) {
	for name, file := range map[string]*fstest.MapFile{
		"en/about/overview.md":  {Data: []byte("---\ntitle: Overview\nupdated: 2026-11-25\n---\nText")},
		"en/about/overview.txt": page("Overview", "1"),
		"xx/about/overview.md":  page("Overview", "1"),
		"en/news/overview.md":   page("Overview", "1"),
		"en/overview.md":        page("Overview", "1"),
	} {
		_, err := app.New(fstest.MapFS{name: file})
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestGet(t *testing.T) {
	s, err := app.New(fstest.MapFS{
		"en/about/overview.md": page("Overview", "1"),
		"en/about/faq.md":      page("FAQ", "3"),
		"en/about/install.md":  page("Install", "2"),
		"de/about/overview.md": page("Überblick", "1"),
		"uk/policy/privacy.md": page("Приватність", "1"),
	})
	if err != nil {
		t.Fatal(err)
	}
	v, err := s.Get("en", "about", "")
	if err != nil {
		t.Fatal(err)
	}
	if v.Slug != "overview" || v.Markdown != "Text of Overview." || v.Updated != "2026-11-25" {
		t.Fatalf("%+v", v)
	}
	if len(v.Alternates) != 2 || v.Alternates[0].Path != "/about/overview" || v.Alternates[1].Path != "/de/about/overview" {
		t.Fatalf("alternates %+v", v.Alternates)
	}
	var order []string
	for _, p := range v.Pages {
		order = append(order, p.Path)
	}
	if strings.Join(order, " ") != "/about/overview /about/install /about/faq" {
		t.Fatalf("pages %v", order)
	}
	for _, c := range [][3]string{{"xx", "about", "overview"}, {"en", "news", ""}, {"en", "about", "nope"}, {"de", "about", "faq"}, {"en", "policy", ""}} {
		if _, err := s.Get(c[0], c[1], c[2]); !isNotFound(err) {
			t.Errorf("%v: %v", c, err)
		}
	}
	if d, ok := s.Describe("de", "about"); !ok || d.Title != "Überblick" || d.Path != "about/overview" {
		t.Fatalf("%+v %v", d, ok)
	}
	if d, ok := s.Describe("fr", "login"); !ok || d.Title != "Se connecter" {
		t.Fatalf("%+v %v", d, ok)
	}
	for _, p := range []string{"about/nope", "today", "about/overview/x"} {
		if _, ok := s.Describe("en", p); ok {
			t.Errorf("%s described", p)
		}
	}
}

func isNotFound(err error) bool {
	e, ok := errs.As(err)
	return ok && e.Kind == errs.KindNotFound
}
