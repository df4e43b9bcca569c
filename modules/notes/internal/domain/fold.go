package domain

import (
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// letters that do not decompose into a base letter and an accent.
var letters = map[rune]string{
	'æ': "ae", 'Æ': "ae", 'œ': "oe", 'Œ': "oe", 'ø': "o", 'Ø': "o", 'ł': "l", 'Ł': "l",
	'đ': "d", 'Đ': "d", 'ð': "d", 'Ð': "d", 'þ': "th", 'Þ': "th", 'ı': "i",
}

// Fold is the form notes are searched in, on every database alike: case
// folded, compatibility forms decomposed (ﬁ is fi), accents dropped from
// Latin and Greek letters (Génèse is genese, ñ is n, ß is ss), and every
// run of white space one space. Marks on other scripts stay, so Ukrainian
// й and ї remain letters of their own. A note matches a search when the
// folded search text is a substring of the folded note.
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	base, space := rune(0), false
	for _, r := range norm.NFKD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
			if unicode.In(base, unicode.Latin, unicode.Greek) {
				continue
			}
		case unicode.IsSpace(r):
			if !space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			base, space = r, true
			continue
		default:
			base = r
		}
		space = false
		if rep, ok := letters[r]; ok {
			b.WriteString(rep)
			continue
		}
		b.WriteRune(r)
	}
	// A Caser keeps state, so each call takes its own.
	return norm.NFC.String(cases.Fold().String(strings.TrimRight(b.String(), " ")))
}
