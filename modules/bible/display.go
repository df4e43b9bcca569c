package bible

import (
	"strconv"
	"strings"
)

// Format renders a valid range as reference text in the locale, in the
// shortest form that names it exactly:
//
//	whole book         Genesis             (also "Jude" for all of Jude)
//	whole chapter      Genesis 3
//	whole chapters     Acts 2-4
//	part of a chapter  Genesis 1:1-10      (also "Jude 1:3-8")
//	one verse          John 3:16
//	across chapters    Deuteronomy 1:13-4:18
//
// A reference within one chapter names the book as the locale names one
// chapter of it: "Psalm 23" and "Psalm 23:1-4", but "Psalms 23-24".
//
// The book name and the chapter-verse separator are the locale's ("1. Mose
// 1,1-10" in German, "Genèse 1.1-10" in French), and Parse reads every
// formatted range back to the same range in the same locale.
func Format(r Range, loc Locale) (string, error) {
	if err := r.Validate(); err != nil {
		return "", err
	}
	b := k.books[r.Start.Book()]
	name := b.Name(loc)
	if r == b.Range() {
		return name, nil
	}
	sep := k.info(loc).ChapterVerseSeparator
	_, sc, sv := r.Start.Parts()
	_, ec, ev := r.End.Parts()
	c := strconv.Itoa
	var num string
	switch {
	case sv == 1 && ev == b.VerseCount(ec) && sc == ec:
		num = c(sc)
	case sv == 1 && ev == b.VerseCount(ec):
		num = c(sc) + "-" + c(ec)
	case sc == ec && sv == ev:
		num = c(sc) + sep + c(sv)
	case sc == ec:
		num = c(sc) + sep + c(sv) + "-" + c(ev)
	default:
		num = c(sc) + sep + c(sv) + "-" + c(ec) + sep + c(ev)
	}
	if sc == ec {
		name = b.ChapterName(loc)
	}
	return name + " " + num, nil
}

// FormatList renders ranges as one list, "; "-separated, which ParseList
// reads back to the same ranges.
func FormatList(rs []Range, loc Locale) (string, error) {
	parts := make([]string, len(rs))
	for i, r := range rs {
		s, err := Format(r, loc)
		if err != nil {
			return "", err
		}
		parts[i] = s
	}
	return strings.Join(parts, "; "), nil
}
