package app

import (
	"lamplight/platform/errs"
	"lamplight/platform/locale"
)

// PageView is a page as the web app shows it.
type PageView struct {
	Locale      string      `json:"locale"`
	Section     string      `json:"section"`
	Slug        string      `json:"slug"`
	Title       string      `json:"title"`
	Description string      `json:"description"`
	Updated     string      `json:"updated"`
	Markdown    string      `json:"markdown"`
	Alternates  []Alternate `json:"alternates"`
	Pages       []PageLink  `json:"pages"`
}

// Alternate is the page in another language (or its own), by URL path.
type Alternate struct {
	Locale string `json:"locale"`
	Path   string `json:"path"`
}

// PageLink is one page of the section, for its table of contents.
type PageLink struct {
	Slug  string `json:"slug"`
	Title string `json:"title"`
	Path  string `json:"path"`
}

// Get answers a page in a language; an empty slug is the section's first
// page. Unknown language, section or slug: not found.
func (s *Service) Get(code, section, slug string) (PageView, error) {
	p, ok := s.find(code, section, slug)
	if !ok {
		return PageView{}, errs.NotFound()
	}
	v := PageView{
		Locale: p.Locale, Section: p.Section, Slug: p.Slug, Title: p.Title, Description: p.Description,
		Updated: p.Updated, Markdown: p.Markdown, Alternates: []Alternate{}, Pages: []PageLink{},
	}
	for _, l := range locale.All {
		if _, ok := s.pages[key{l.Code, p.Section, p.Slug}]; ok {
			v.Alternates = append(v.Alternates, Alternate{Locale: l.Code, Path: locale.Path(l.Code, appPath(p.Section, p.Slug))})
		}
	}
	for _, other := range s.sections[[2]string{code, section}] {
		v.Pages = append(v.Pages, PageLink{Slug: other.Slug, Title: other.Title, Path: locale.Path(code, appPath(other.Section, other.Slug))})
	}
	return v, nil
}
