// Package app holds the site's own texts, loaded and checked once at start,
// and answers for them: a page with its translations and its section's
// other pages, and what crawlers are told about every public page.
package app

import (
	"cmp"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"lamplight/modules/content/internal/domain"
	"lamplight/platform/locale"
	"lamplight/platform/privacy"
)

type key struct{ locale, section, slug string }

// Service holds every page. It never changes after New.
type Service struct {
	pages    map[key]domain.Page
	sections map[[2]string][]domain.Page // locale and section -> pages by order
}

// New reads every pages/{locale}/{section}/{slug}.md from files and merges
// the modules' entries into the privacy policy of every language; any file
// out of place or with bad front matter fails start-up with its name.
func New(files fs.FS, entries []privacy.Entry) (*Service, error) {
	s := &Service{pages: map[key]domain.Page{}, sections: map[[2]string][]domain.Page{}}
	err := fs.WalkDir(files, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		parts := strings.Split(name, "/")
		if len(parts) != 3 || path.Ext(name) != ".md" {
			return fmt.Errorf("content: %s is not {locale}/{section}/{slug}.md", name)
		}
		if _, ok := locale.Find(parts[0]); !ok {
			return fmt.Errorf("content: %s: unknown locale %q", name, parts[0])
		}
		raw, err := fs.ReadFile(files, name)
		if err != nil {
			return err
		}
		p, err := domain.Parse(parts[0], parts[1], strings.TrimSuffix(parts[2], ".md"), raw)
		if err != nil {
			return fmt.Errorf("content: %s: %w", name, err)
		}
		s.pages[key{p.Locale, p.Section, p.Slug}] = p
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := s.mergePolicyEntries(entries); err != nil {
		return nil, err
	}
	for _, p := range s.pages {
		s.sections[[2]string{p.Locale, p.Section}] = append(s.sections[[2]string{p.Locale, p.Section}], p)
	}
	for _, list := range s.sections {
		slices.SortFunc(list, func(a, b domain.Page) int { return cmp.Or(cmp.Compare(a.Order, b.Order), cmp.Compare(a.Slug, b.Slug)) })
	}
	return s, nil
}

// find resolves a page; an empty slug is the section's first page.
func (s *Service) find(code, section, slug string) (domain.Page, bool) {
	if slug == "" {
		slug = domain.Sections[section]
	}
	p, ok := s.pages[key{code, section, slug}]
	return p, ok
}

// appPath is a page's path in the web app, without a language prefix.
func appPath(section, slug string) string { return section + "/" + slug }

// mergePolicyEntries puts each module's entry, in each language, into the
// privacy policy of that language, the entries in the order of their
// names. A policy without entries loses its markers.
func (s *Service) mergePolicyEntries(entries []privacy.Entry) error {
	entries = slices.SortedFunc(slices.Values(entries), func(a, b privacy.Entry) int { return cmp.Compare(a.Name, b.Name) })
	for i := 1; i < len(entries); i++ {
		if entries[i-1].Name == entries[i].Name {
			return fmt.Errorf("content: two modules give the privacy policy entry %s", entries[i].Name)
		}
	}
	for _, l := range locale.All {
		k := key{l.Code, "policy", domain.Sections["policy"]}
		page, ok := s.pages[k]
		if !ok || (len(entries) == 0 && !strings.Contains(page.Markdown, domain.EntriesMarker)) {
			if len(entries) > 0 {
				return fmt.Errorf("content: %s/policy/privacy.md is missing, and modules give it entries", l.Code)
			}
			continue
		}
		var local []domain.PolicyEntry
		for _, e := range entries {
			raw, err := fs.ReadFile(e.Texts, l.Code+".md")
			if err != nil {
				return fmt.Errorf("content: privacy policy entry %s: %w", e.Name, err)
			}
			entry, err := domain.ParsePolicyEntry(e.Name, e.DeletedWithAccount, raw)
			if err != nil {
				return fmt.Errorf("content: privacy policy entry %s, %s.md: %w", e.Name, l.Code, err)
			}
			local = append(local, entry)
		}
		merged, err := page.WithEntries(local)
		if err != nil {
			return fmt.Errorf("content: %s/policy/privacy.md: %w", l.Code, err)
		}
		s.pages[k] = merged
	}
	return nil
}
