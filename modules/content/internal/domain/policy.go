package domain

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// The places in the privacy policy where modules' entries go: a line of
// the table of what is kept (EntriesMarker) and the list of what deleting
// the account deletes (DeletionsMarker, right after an item of that list).
const (
	EntriesMarker   = "{{module-entries}}"
	DeletionsMarker = "{{module-deletions}}"
)

// PolicyEntry is a module's entry in the privacy policy, in one language.
type PolicyEntry struct {
	Name    string // its link name: "plans" for [plans]
	Row     string // the row of the table of what is kept
	Deleted string // its item of the deletion list, "your [reading plans][plans]"; "" when deleting the account keeps it
	Updated string // YYYY-MM-DD, the day its text last changed
}

type entryFrontMatter struct {
	Updated string `yaml:"updated"`
	Deleted string `yaml:"deleted"`
}

var tableRow = regexp.MustCompile(`^\|.*\|$`)

// ParsePolicyEntry reads a module's entry: YAML front matter (updated, and
// deleted when deleteWithAccount), then one table row.
func ParsePolicyEntry(name string, deletedWithAccount bool, raw []byte) (PolicyEntry, error) {
	var fm entryFrontMatter
	body, err := decodeFrontMatter(raw, &fm)
	if err != nil {
		return PolicyEntry{}, err
	}
	e := PolicyEntry{Name: name, Row: strings.TrimSpace(body), Deleted: strings.TrimSpace(fm.Deleted), Updated: fm.Updated}
	var problems []error
	if _, err := time.Parse(time.DateOnly, e.Updated); err != nil {
		problems = append(problems, fmt.Errorf("updated %q must be a date such as 2026-11-25", e.Updated))
	}
	if !tableRow.MatchString(e.Row) {
		problems = append(problems, errors.New(`the text must be one table row, "| **What**: ... | Why | How long |"`))
	}
	if deletedWithAccount != (e.Deleted != "") {
		problems = append(problems, fmt.Errorf("deleted must be given exactly when the data goes with the account (%v)", deletedWithAccount))
	}
	if e.Deleted != "" && !strings.Contains(e.Deleted, "]["+name+"]") {
		problems = append(problems, fmt.Errorf("deleted %q must link to the entry: [words][%s]", e.Deleted, name))
	}
	return e, errors.Join(problems...)
}

var definitionOf = regexp.MustCompile(`(?m)^\[([a-z-]+)\]: #`)

// WithEntries answers the privacy policy with the modules' entries in it:
// their rows in place of EntriesMarker, their deletion items in place of
// DeletionsMarker (each after ", "),
// their link definitions pointing at the section of the table, and the
// date of the latest change.
func (p Page) WithEntries(entries []PolicyEntry) (Page, error) {
	for _, marker := range []string{EntriesMarker, DeletionsMarker} {
		if n := strings.Count(p.Markdown, marker); n != 1 {
			return p, fmt.Errorf("the privacy policy must hold %s once (it holds it %d times)", marker, n)
		}
	}
	before, after, _ := strings.Cut(p.Markdown, EntriesMarker)
	if !strings.HasSuffix(before, "\n") || !strings.HasPrefix(after, "\n") {
		return p, fmt.Errorf("%s must be a line of its own", EntriesMarker)
	}
	headings := heading.FindAllStringSubmatch(before, -1)
	if len(headings) == 0 {
		return p, fmt.Errorf("%s must be under a heading", EntriesMarker)
	}
	section := HeadingID(headings[len(headings)-1][1])
	defined := map[string]bool{}
	for _, d := range definitionOf.FindAllStringSubmatch(p.Markdown, -1) {
		defined[d[1]] = true
	}
	var rows, deletions, definitions []string
	for _, e := range entries {
		if defined[e.Name] {
			return p, fmt.Errorf("entry %s is both the page's and a module's", e.Name)
		}
		rows = append(rows, e.Row)
		if e.Deleted != "" {
			deletions = append(deletions, ", "+e.Deleted)
		}
		definitions = append(definitions, "["+e.Name+"]: #"+section)
		p.Updated = max(p.Updated, e.Updated)
	}
	if len(rows) == 0 {
		after = strings.TrimPrefix(after, "\n")
	}
	text := before + strings.Join(rows, "\n") + after
	text = strings.Replace(text, DeletionsMarker, strings.Join(deletions, ""), 1)
	if len(definitions) > 0 {
		text += "\n" + strings.Join(definitions, "\n")
	}
	p.Markdown = text
	return p, nil
}

var (
	heading      = regexp.MustCompile(`(?m)^#{2,3} (.+)$`)
	headingDrop  = regexp.MustCompile(`[^\p{L}\p{N}\s_-]`)
	headingSpace = regexp.MustCompile(`[\s_]+`)
)

// HeadingID is the web app's id of a heading (webapp/src/shared/markdown,
// headingId): lower case, letters, digits, spaces, _ and - only, spaces
// and _ as one -.
func HeadingID(text string) string {
	kept := headingDrop.ReplaceAllString(strings.ToLower(text), "")
	return headingSpace.ReplaceAllString(strings.TrimSpace(kept), "-")
}
