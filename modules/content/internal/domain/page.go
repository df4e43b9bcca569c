// Package domain is a page of the site's own texts: its place (language,
// section, slug), its front matter and its Markdown body.
package domain

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// Sections are the two groups of pages and the page each opens with.
var Sections = map[string]string{"about": "overview", "policy": "privacy"}

// Page is one Markdown file, validated.
type Page struct {
	Locale, Section, Slug string
	Title, Description    string
	Updated               string // YYYY-MM-DD
	Order                 int
	Markdown              string // the body, without front matter
}

// frontMatter is the YAML block a file starts with.
type frontMatter struct {
	Title       string `yaml:"title"`
	Description string `yaml:"description"`
	Updated     string `yaml:"updated"`
	Order       int    `yaml:"order"`
}

var slugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Parse reads a file: "---", YAML front matter, "---", then Markdown.
func Parse(locale, section, slug string, raw []byte) (Page, error) {
	p := Page{Locale: locale, Section: section, Slug: slug}
	if _, ok := Sections[section]; !ok {
		return p, fmt.Errorf("unknown section %q (want about or policy)", section)
	}
	if !slugPattern.MatchString(slug) {
		return p, fmt.Errorf("slug %q must be lower-case words joined by hyphens", slug)
	}
	var fm frontMatter
	body, err := decodeFrontMatter(raw, &fm)
	if err != nil {
		return p, err
	}
	var problems []error
	if p.Title = strings.TrimSpace(fm.Title); p.Title == "" {
		problems = append(problems, errors.New("title is missing"))
	}
	if p.Description = strings.TrimSpace(fm.Description); p.Description == "" {
		problems = append(problems, errors.New("description is missing"))
	}
	if _, err := time.Parse(time.DateOnly, fm.Updated); err != nil {
		problems = append(problems, fmt.Errorf("updated %q must be a date such as 2026-11-25", fm.Updated))
	}
	if p.Markdown = strings.TrimSpace(body); p.Markdown == "" {
		problems = append(problems, errors.New("the page has no text"))
	}
	p.Updated, p.Order = fm.Updated, fm.Order
	return p, errors.Join(problems...)
}

// decodeFrontMatter reads "---", YAML front matter into fm, "---", and
// answers the rest.
func decodeFrontMatter(raw []byte, fm any) (string, error) {
	text := strings.ReplaceAll(string(raw), "\r\n", "\n")
	rest, ok := strings.CutPrefix(text, "---\n")
	if !ok {
		return "", errors.New(`the file must start with a "---" line and YAML front matter`)
	}
	head, body, ok := strings.Cut(rest, "\n---\n")
	if !ok {
		return "", errors.New(`the front matter must end with a "---" line`)
	}
	dec := yaml.NewDecoder(bytes.NewReader([]byte(head)))
	dec.KnownFields(true)
	if err := dec.Decode(fm); err != nil {
		return "", fmt.Errorf("front matter: %w", err)
	}
	return body, nil
}
