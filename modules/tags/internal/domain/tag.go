// Package domain holds the rules of a passage note tag, independent of
// storage: a label of 1-32 characters unique per reader ignoring case, a
// colour written #rgb or #rrggbb, and an optional description.
package domain

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"

	"lamplight/modules/tags/tagsapi"
	"lamplight/platform/errs"
)

// Draft is a tag as a reader submits it.
type Draft struct {
	Label       string `json:"label"`
	Color       string `json:"color"`
	Description string `json:"description"`
}

// Values are a draft's fields once valid and normalised.
type Values struct {
	Label string
	// Key is the label folded for the per-reader uniqueness check.
	Key         string
	Color       string
	Description string
}

// Validate normalises the draft (surrounding spaces trimmed, the label in
// Unicode NFC, the colour as lower-case #rrggbb) and reports every field
// error at once.
func (d Draft) Validate() (Values, error) {
	var f errs.Fields
	v := Values{
		Label:       strings.TrimSpace(norm.NFC.String(d.Label)),
		Description: strings.TrimSpace(d.Description),
	}
	switch n := utf8.RuneCountInString(v.Label); {
	case n == 0:
		f.Add("label", errs.Required)
	case n > tagsapi.MaxLabelLength:
		f.Add("label", errs.MaxLength, "maxlength", tagsapi.MaxLabelLength)
	case strings.IndexFunc(v.Label, unicode.IsControl) >= 0:
		f.Add("label", errs.IsInvalid)
	}
	v.Key = LabelKey(v.Label)
	switch color, ok := NormalizeColor(d.Color); {
	case strings.TrimSpace(d.Color) == "":
		f.Add("color", errs.Required)
	case !ok:
		f.Add("color", errs.IsInvalid)
	default:
		v.Color = color
	}
	switch {
	case utf8.RuneCountInString(v.Description) > tagsapi.MaxDescriptionLength:
		f.Add("description", errs.MaxLength, "maxlength", tagsapi.MaxDescriptionLength)
	case strings.ContainsRune(v.Description, 0):
		f.Add("description", errs.IsInvalid)
	}
	return v, f.Err()
}

// LabelKey is the form two labels share when they differ only in case or
// Unicode composition ("Prayer", "PRAYER", "prayer").
func LabelKey(label string) string {
	// A Caser keeps state, so each call takes its own.
	return norm.NFC.String(cases.Fold().String(norm.NFC.String(strings.TrimSpace(label))))
}

// NormalizeColor accepts #rgb or #rrggbb in either case (surrounding spaces
// ignored) and returns lower-case #rrggbb.
func NormalizeColor(s string) (string, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if !strings.HasPrefix(s, "#") {
		return "", false
	}
	hex := s[1:]
	for _, c := range hex {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return "", false
		}
	}
	switch len(hex) {
	case 3:
		return "#" + string([]byte{hex[0], hex[0], hex[1], hex[1], hex[2], hex[2]}), true
	case 6:
		return s, true
	}
	return "", false
}
