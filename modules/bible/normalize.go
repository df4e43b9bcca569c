package bible

import (
	"strings"
	"unicode"
)

// Book names are matched on keys rather than on the raw text so that case,
// spacing, periods and apostrophes never matter: "1 Cor.", "1cor" and
// "1 COR" all become "1cor". Two keys are derived, because accents matter
// in a few places (Portuguese "Jó" is Job, "Jo" is John) but readers often
// leave them out ("Genesis" for "Génesis"):
//
//   - the exact key: lower case, canonical decomposition (NFD), with
//     whitespace, periods and apostrophes removed;
//   - the folded key: the exact key without nonspacing marks (Mn).
//
// The TypeScript port lower-cases one character at a time and decomposes
// only the characters this package's table decomposes, because a whole-string
// toLowerCase().normalize("NFD") differs on a few characters (e.g. "İ").

// isIgnored reports whether a rune carries no meaning in a book name.
func isIgnored(r rune) bool {
	switch r {
	case '.', '\'', '\u2019', '\u2018', '\u02BC', '`', '\u00B4', '\u2032':
		return true
	}
	return isSpace(r)
}

// isSpace is Unicode White_Space plus the zero-width characters that
// copy-and-paste leaves behind.
func isSpace(r rune) bool {
	return unicode.IsSpace(r) || r == '\u200B' || r == '\uFEFF'
}

// isDash reports whether r is one of the dash characters accepted between
// the two ends of a range.
func isDash(r rune) bool {
	switch r {
	case '-', '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015',
		'\u2212', '\u2E3A', '\u2E3B', '\uFE58', '\uFE63', '\uFF0D':
		return true
	}
	return false
}

// exactKey returns the exact matching key of a name (see above). Latin "i"
// in a word that also has Cyrillic letters is read as Ukrainian "і",
// because keyboards with a Russian layout have no "і" and readers type the
// Latin letter instead.
func exactKey(s string) string {
	cyrillic := strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Cyrillic, r) }) >= 0
	var b strings.Builder
	for _, r := range s {
		if isIgnored(r) {
			continue
		}
		r = unicode.ToLower(r)
		if d, ok := decompositions[r]; ok {
			b.WriteString(d)
			continue
		}
		b.WriteRune(r)
	}
	if cyrillic {
		return strings.ReplaceAll(b.String(), "i", "і")
	}
	return b.String()
}

// foldKey removes nonspacing marks from an exact key.
func foldKey(exact string) string {
	return strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Mn, r) {
			return -1
		}
		return r
	}, exact)
}
