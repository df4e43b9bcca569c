package domain_test

import (
	"strings"
	"testing"

	"lamplight/modules/content/internal/domain"
)

func TestParse(t *testing.T) {
	p, err := domain.Parse("de", "about", "overview", []byte("---\r\ntitle: Was Lamplight ist\r\ndescription: Ein Satz.\r\nupdated: 2026-11-25\r\norder: 2\r\n---\r\n\r\nText mit [Link](/about/faq).\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Title != "Was Lamplight ist" || p.Description != "Ein Satz." || p.Updated != "2026-11-25" || p.Order != 2 || p.Markdown != "Text mit [Link](/about/faq)." {
		t.Fatalf("%+v", p)
	}
	for _, c := range []struct{ section, slug, file, want string }{
		{"about", "x", "no front matter", "must start"},
		{"about", "x", "---\ntitle: T\n", "must end"},
		{"about", "x", "---\ndescription: D\nupdated: 2026-11-25\n---\nText", "title is missing"},
		{"about", "x", "---\ntitle: T\nupdated: 2026-11-25\n---\nText", "description is missing"},
		{"about", "x", "---\ntitle: T\ndescription: D\n---\nText", "updated"},
		{"about", "x", "---\ntitle: T\ndescription: D\nupdated: 2026-02-30\n---\nText", "updated"},
		{"about", "x", "---\ntitle: T\ndescription: D\nupdated: 2026-11-25\nauthor: me\n---\nText", "author"},
		{"about", "x", "---\ntitle: T\ndescription: D\nupdated: 2026-11-25\n---\n  \n", "no text"},
		{"news", "x", "---\ntitle: T\n---\n", "section"},
		{"about", "Bad_Slug", "---\ntitle: T\n---\n", "slug"},
	} {
		if _, err := domain.Parse("en", c.section, c.slug, []byte(c.file)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.file, err, c.want)
		}
	}
}
