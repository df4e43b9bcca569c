// Package archive is how a module carries its rows in the reader's export
// archive and restores them from it, without the export and import
// modules knowing it: a module contributes a Section in Group, the export
// writes what Export answers under the section's name, and the import
// hands the same JSON back to Check (before anything is written) and to
// Restore (inside the import's first unit of work). It knows no domain
// words; a section's layout and its own version are its module's.
package archive

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"lamplight/platform/uow"
)

// Group is the fx group Sections are provided in.
const Group = `group:"archive_sections"`

// Counts counts a restored section's items: new, already there (left as
// they are) or invalid (left out).
type Counts struct {
	New      int `json:"new"`
	Existing int `json:"existing"`
	Invalid  int `json:"invalid"`
}

// Section is one module's part of the archive.
type Section struct {
	// Name is the section's key in the archive's JSON object.
	Name string
	// Export answers the reader's section, any value encoding/json writes.
	Export func(ctx context.Context, userID string) (any, error)
	// Check reads the section as the archive holds it and answers what a
	// restore would do, writing nothing; a section it refuses (a clear
	// errs error) refuses the whole import before anything is written.
	Check func(ctx context.Context, userID string, raw json.RawMessage) (Counts, error)
	// Restore writes the section in the import's unit of work, checking it
	// again there; an error rolls the unit back. Restoring twice adds
	// nothing the second time.
	Restore func(ctx context.Context, tx *uow.Tx, userID string, raw json.RawMessage) (Counts, error)
}

// Sections are the contributed sections, by name in order.
type Sections []Section

// New orders the sections by name and refuses an unnamed, incomplete or
// repeated one (fx: the Group).
func New(sections []Section) (Sections, error) {
	out := slices.Clone(sections)
	slices.SortFunc(out, func(a, b Section) int { return strings.Compare(a.Name, b.Name) })
	for i, s := range out {
		switch {
		case s.Name == "" || s.Export == nil || s.Check == nil || s.Restore == nil:
			return nil, fmt.Errorf("archive: section %q is incomplete", s.Name)
		case i > 0 && out[i-1].Name == s.Name:
			return nil, fmt.Errorf("archive: section %q contributed twice", s.Name)
		}
	}
	return out, nil
}

// Collides answers an error when a section takes one of names, the keys of
// the archive's own layout.
func (s Sections) Collides(names ...string) error {
	for _, x := range s {
		if slices.Contains(names, x.Name) {
			return fmt.Errorf("archive: section %q takes a name of the archive's own layout", x.Name)
		}
	}
	return nil
}

// Named answers the section of that name.
func (s Sections) Named(name string) (Section, bool) {
	i, ok := slices.BinarySearchFunc(s, name, func(x Section, n string) int { return strings.Compare(x.Name, n) })
	if !ok {
		return Section{}, false
	}
	return s[i], true
}
