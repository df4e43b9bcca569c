package app

import (
	"slices"
	"strings"
)

// Summary is what crawlers and link previews are told about a public page.
type Summary struct {
	Title, Description string
	Path               string // canonical app path: "about" is "about/overview"
	Updated            string // YYYY-MM-DD, for pages with a date
}

// Describe summarises the public page at an app path ("about/faq", "" for
// home) in a language: a text page from its front matter, another public
// screen from the screens table. False for a path that is neither.
func (s *Service) Describe(code, appPath string) (Summary, bool) {
	if key, ok := screens[appPath]; ok {
		if !screenTexts.Has(code) {
			return Summary{}, false
		}
		return Summary{Title: screenTexts.T(code, key+".title", nil), Description: screenTexts.T(code, key+".description", nil), Path: appPath}, true
	}
	section, slug, _ := strings.Cut(appPath, "/")
	if strings.Contains(slug, "/") {
		return Summary{}, false
	}
	p, ok := s.find(code, section, slug)
	if !ok {
		return Summary{}, false
	}
	return Summary{Title: p.Title, Description: p.Description, Path: section + "/" + p.Slug, Updated: p.Updated}, true
}

// PublicPaths lists the canonical app path of every page Describe knows,
// the text pages in every language's set.
func (s *Service) PublicPaths() []string {
	var paths []string
	for p := range screens {
		paths = append(paths, p)
	}
	for k := range s.pages {
		if p := appPath(k.section, k.slug); !slices.Contains(paths, p) {
			paths = append(paths, p)
		}
	}
	slices.Sort(paths)
	return paths
}
