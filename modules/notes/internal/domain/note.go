// Package domain holds the rules of a passage note and of the notes query,
// independent of storage.
package domain

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"lamplight/modules/bible"
	"lamplight/modules/notes/notesapi"
	"lamplight/platform/errs"
)

// Draft is a note as a reader submits it.
type Draft struct {
	Content  string        `json:"content"`
	Passages []bible.Range `json:"passages"`
	Tags     []string      `json:"tags"`
}

// Validate checks a draft and returns it normalised: blank lines around the
// content and trailing spaces dropped, repeated passages and tag ids kept
// once. A note needs content or at least one passage. Whether the tags
// belong to the reader is checked against the tags module later.
func (d Draft) Validate() (Draft, error) {
	var f errs.Fields
	out := Draft{Content: trimContent(d.Content), Passages: []bible.Range{}, Tags: []string{}}
	switch n := utf8.RuneCountInString(out.Content); {
	case n == 0 && len(d.Passages) == 0:
		f.Add("content", errs.Required)
	case n > notesapi.MaxContentLength:
		f.Add("content", errs.MaxLength, "maxlength", notesapi.MaxContentLength)
	case strings.ContainsRune(out.Content, 0):
		f.Add("content", errs.IsInvalid)
	}
	if len(d.Passages) > notesapi.MaxPassages {
		f.Add("passages", errs.Review, "max", notesapi.MaxPassages)
	}
	seen := map[bible.Range]bool{}
	for i, p := range d.Passages {
		if validatePassage("passages."+strconv.Itoa(i)+".", p, &f) && !seen[p] {
			seen[p] = true
			out.Passages = append(out.Passages, p)
		}
	}
	if len(d.Tags) > notesapi.MaxTags {
		f.Add("tags", errs.Review, "max", notesapi.MaxTags)
	}
	tagSeen := map[string]bool{}
	for _, id := range d.Tags {
		switch {
		case !PlausibleID(id) || strings.TrimSpace(id) == "" || strings.Contains(id, ","):
			f.Add("tags", errs.IsInvalid)
		case !tagSeen[id]:
			tagSeen[id] = true
			out.Tags = append(out.Tags, id)
		}
	}
	return out, f.Err()
}

// TagSet is a set of tag ids as one comparable value: sorted, each once,
// comma-joined; "" for none. Stored with each note, it answers "exactly
// these tags" and "untagged" in one comparison.
func TagSet(ids []string) string {
	set := slices.Clone(ids)
	slices.Sort(set)
	return strings.Join(slices.Compact(set), ",")
}

// validatePassage applies the rules of a reading range (spec §5) and
// reports whether the passage is valid.
func validatePassage(prefix string, r bible.Range, f *errs.Fields) bool {
	switch {
	case r.Start == 0:
		f.Add(prefix+"startVerseId", errs.Required)
	case r.End == 0:
		f.Add(prefix+"endVerseId", errs.Required)
	case !r.Start.Exists():
		f.Add(prefix+"startVerseId", errs.IsInvalid)
	default:
		err := r.Validate()
		switch {
		case err == nil:
			return true
		case errors.Is(err, bible.ErrStartAfterEnd):
			f.Add(prefix+"endVerseId", errs.IsInvalid, "reason", "start_after_end")
		case errors.Is(err, bible.ErrDifferentBooks):
			f.Add(prefix+"endVerseId", errs.IsInvalid, "reason", "same_book")
		default:
			f.Add(prefix+"endVerseId", errs.IsInvalid)
		}
	}
	return false
}

// trimContent drops trailing white space and blank lines before the first
// line with text, keeping the first line's indentation (Markdown code).
func trimContent(s string) string {
	s = strings.TrimRightFunc(s, unicode.IsSpace)
	for {
		line, rest, ok := strings.Cut(s, "\n")
		if !ok || strings.TrimSpace(line) != "" {
			return s
		}
		s = rest
	}
}
