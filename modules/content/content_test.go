package content_test

import (
	"io/fs"
	"slices"
	"strings"
	"testing"

	"lamplight/modules/content"
	"lamplight/modules/content/internal/app"
	"lamplight/platform/httpx"
	"lamplight/platform/locale"
	"lamplight/webapp"
)

// TestEveryPageInEveryLanguage: each language has the same pages as English.
func TestEveryPageInEveryLanguage(t *testing.T) {
	byLocale := map[string][]string{}
	err := fs.WalkDir(content.Files(), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		code, page, _ := strings.Cut(strings.TrimSuffix(name, ".md"), "/")
		byLocale[code] = append(byLocale[code], page)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	english := byLocale[locale.Default]
	for _, section := range []string{"about/overview", "policy/privacy"} {
		if !slices.Contains(english, section) {
			t.Errorf("English lacks %s, the page its section opens with", section)
		}
	}
	for _, l := range locale.All {
		for _, page := range english {
			if !slices.Contains(byLocale[l.Code], page) {
				t.Errorf("%s/%s.md is missing (the English page exists)", l.Code, page)
			}
		}
		for _, page := range byLocale[l.Code] {
			if !slices.Contains(english, page) {
				t.Errorf("%s/%s.md has no English page", l.Code, page)
			}
		}
	}
}

// TestEveryPublicScreenIsDescribed: crawlers get a title and description for
// every public route of the web app in every language.
func TestEveryPublicScreenIsDescribed(t *testing.T) {
	routes, err := httpx.ParseAppRoutes(webapp.RoutePaths())
	if err != nil {
		t.Fatal(err)
	}
	svc, err := app.New(content.Files(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range routes {
		if !r.Public || r.HasParams() {
			continue
		}
		for _, l := range locale.All {
			if s, ok := svc.Describe(l.Code, r.Path); !ok || s.Title == "" || s.Description == "" {
				t.Errorf("/%s in %s has no title and description for crawlers", r.Path, l.Code)
			}
		}
	}
}
