package bible

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Parsing errors. Their messages are part of the product contract (they are
// shown to readers and matched by the web app) and must not change, hence
// the capitalised error strings.
var (
	//nolint:staticcheck // ST1005: contract message, see above
	ErrInvalidBookName = errors.New("Invalid book name")
	//nolint:staticcheck // ST1005: contract message, see above
	ErrInvalidVerseRange = errors.New("Invalid verse range")
)

// ParseError tells which reference of a list failed to parse and why.
type ParseError struct {
	// Index is the 0-based position of the failing reference in the list.
	Index int
	// Text is the failing reference as written.
	Text string
	// Err is ErrInvalidBookName or ErrInvalidVerseRange.
	Err error
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("reference %d (%q): %v", e.Index+1, e.Text, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }

// Parse reads one reference such as "John 3:16", "1 Cor. 2:3", "Acts 2 - 4",
// "Deut 1:13-4:18", "Jude" or, in German, "1. Mose 1,1-10". Numbers after the
// book are always chapters first, also in one-chapter books: "Jude 1:3-8" is
// verses 3-8 and "Jude 2" is an invalid range. The error is exactly
// ErrInvalidBookName or ErrInvalidVerseRange. A list of references is an
// invalid range here; use ParseList for lists.
func Parse(text string, loc Locale) (Range, error) {
	var items []string
	for _, item := range splitItems(text) {
		if strings.TrimFunc(item, isSpace) != "" {
			items = append(items, item)
		}
	}
	switch {
	case len(items) == 0:
		return Range{}, ErrInvalidBookName
	case len(items) > 1:
		return Range{}, ErrInvalidVerseRange
	}
	rs, _, err := parseItem(items[0], loc, 0)
	if err != nil {
		return Range{}, err
	}
	if len(rs) != 1 {
		return Range{}, ErrInvalidVerseRange
	}
	return rs[0], nil
}

// ParseList reads a list of references such as "Jn 3; Ps 23; Rom 8:1-17"
// and returns their ranges in the order written, without merging them.
//
//   - ";" always separates references. A reference without a book name
//     continues the previous book: "Gen 1:1; 2:5" is Genesis 1:1 and 2:5.
//   - "," separates references when a book name follows ("Gen 1, Ex 2").
//   - Otherwise a list separator of the locale continues the same
//     reference: "John 3:16, 18" is John 3:16 and John 3:18, "Ps 1, 3" is
//     Psalms 1 and 3, German "Mt 5,3.5.7" is Matthew 5:3, 5:5 and 5:7.
//
// Empty references (a trailing ";") are skipped. On failure the error is a
// *ParseError naming the reference; errors.Is matches ErrInvalidBookName or
// ErrInvalidVerseRange.
func ParseList(text string, loc Locale) ([]Range, error) {
	var out []Range
	book, n := 0, 0
	for _, item := range splitItems(text) {
		item = strings.TrimFunc(item, isSpace)
		if item == "" {
			continue
		}
		rs, b, err := parseItem(item, loc, book)
		if err != nil {
			return nil, &ParseError{Index: n, Text: item, Err: err}
		}
		out = append(out, rs...)
		book = b
		n++
	}
	if n == 0 {
		return nil, &ParseError{Index: 0, Text: strings.TrimFunc(text, isSpace), Err: ErrInvalidBookName}
	}
	return out, nil
}

// splitItems cuts a list at every ";" and at every "," that is followed by
// a book name.
func splitItems(text string) []string {
	var items []string
	start := 0
	for i, r := range text {
		switch {
		case r == ';':
		case r == ',' && startsWithBook(strings.TrimLeftFunc(text[i+1:], isSpace)):
		default:
			continue
		}
		items = append(items, text[start:i])
		start = i + 1
	}
	return append(items, text[start:])
}

// startsWithBook reports whether s begins with a book name rather than with
// chapter and verse numbers: a letter, or digits followed by a letter
// ("1st", "1Cor"), by periods or spaces and a letter ("1 Cor", "2. Mose") or
// by a dash and a letter ("1-е Коринтян").
func startsWithBook(s string) bool {
	rest := strings.TrimLeft(s, "0123456789")
	if rest == s {
		r, _ := utf8.DecodeRuneInString(s)
		return s != "" && !isNumberSyntax(r)
	}
	r, size := utf8.DecodeRuneInString(rest)
	if isDash(r) {
		r, _ = utf8.DecodeRuneInString(rest[size:])
		return unicode.IsLetter(r)
	}
	r, _ = utf8.DecodeRuneInString(strings.TrimLeftFunc(rest, func(r rune) bool { return r == '.' || isSpace(r) }))
	return unicode.IsLetter(r)
}

// isNumberSyntax reports whether r can only belong to chapter and verse
// numbers, which is how a reference that continues the previous book is
// told apart from one that names a book.
func isNumberSyntax(r rune) bool {
	return r >= '0' && r <= '9' || r == ':' || r == ',' || r == '.' || isDash(r)
}

// parseItem parses one reference of a list; prevBook is the book a
// reference without a book name continues (0: none). It returns the ranges
// and the book they are in.
func parseItem(item string, loc Locale, prevBook int) ([]Range, int, error) {
	// A period ending the reference ends a sentence, not a number.
	item = strings.TrimRightFunc(item, func(r rune) bool { return r == '.' || isSpace(r) })
	item = strings.TrimLeftFunc(item, isSpace)
	book, spec := prevBook, item
	if startsWithBook(item) {
		end := bookNameEnd(item)
		id, ok := k.lookupBook(item[:end], loc)
		if !ok {
			return nil, 0, ErrInvalidBookName
		}
		book, spec = id, item[end:]
	} else if book == 0 {
		return nil, 0, ErrInvalidBookName
	}
	rs, err := parseNumbers(book, spec, k.info(loc))
	if err != nil {
		return nil, 0, err
	}
	return rs, book, nil
}

// bookNameEnd returns where the book name of a reference ends: at the first
// digit, colon, comma or dash after its leading digits ("1 Cor", "1-е
// Коринтян"), none of which occur inside a name. Periods do ("Gen.",
// "1. Mose") and are left to the name.
func bookNameEnd(item string) int {
	lead := len(item) - len(strings.TrimLeft(item, "0123456789"))
	if r, size := utf8.DecodeRuneInString(item[lead:]); lead > 0 && isDash(r) {
		lead += size
	}
	if i := strings.IndexFunc(item[lead:], func(r rune) bool {
		return r >= '0' && r <= '9' || r == ':' || r == ',' || isDash(r)
	}); i >= 0 {
		return lead + i
	}
	return len(item)
}

// token is a piece of the chapter-and-verse part of a reference.
type token struct {
	kind byte // 'n' number, 's' separator, '-' dash
	n    int  // number value, capped at 1000 (no chapter or verse reaches it)
	sep  byte // ':', ',' or '.'
}

func tokenize(spec string) ([]token, bool) {
	var toks []token
	inNumber := false
	for _, r := range spec {
		switch {
		case r >= '0' && r <= '9':
			if !inNumber {
				toks = append(toks, token{kind: 'n'})
				inNumber = true
			}
			t := &toks[len(toks)-1]
			t.n = min(t.n*10+int(r-'0'), 1000)
			continue
		case isSpace(r):
		case r == ':' || r == ',' || r == '.':
			toks = append(toks, token{kind: 's', sep: byte(r)})
		case isDash(r):
			toks = append(toks, token{kind: '-'})
		default:
			return nil, false
		}
		inNumber = false
	}
	return toks, true
}

// numberParser walks the tokens of one reference's numbers.
type numberParser struct {
	toks []token
	i    int
}

func (p *numberParser) number() (int, bool) {
	if p.i < len(p.toks) && p.toks[p.i].kind == 'n' {
		p.i++
		return p.toks[p.i-1].n, true
	}
	return 0, false
}

func (p *numberParser) peek(kind byte) (token, bool) {
	if p.i < len(p.toks) && p.toks[p.i].kind == kind {
		return p.toks[p.i], true
	}
	return token{}, false
}

// parseNumbers reads the chapter and verse part of one reference, which may
// hold several parts joined by list separators (see ParseList).
//
// Which character separates chapter from verse depends on the locale (":"
// and "." in English; also "," elsewhere) and on position: it can only
// follow a number that may be a chapter, and once a reference has used one
// chapter-verse separator only that same character separates chapter from
// verse for the rest of it. A separator that cannot be a chapter-verse
// separator at its position is a list separator if the locale allows it.
// This is what lets German "Joh 3,16-18.20" mean verses 16-18 and 20 while
// French "Jean 3.16-4.2" crosses into chapter 4.
func parseNumbers(book int, spec string, li *localeInfo) ([]Range, error) {
	toks, ok := tokenize(spec)
	if !ok {
		return nil, ErrInvalidVerseRange
	}
	if len(toks) == 0 {
		r, _ := WholeBook(book)
		return []Range{r}, nil
	}
	p := &numberParser{toks: toks}
	var (
		out        []Range
		cv         byte // the chapter-verse separator in use, 0 until one is seen
		listSep    byte // the separator that began the current part, 0 for the first
		verseCtx   bool // the previous part ended on a verse: bare numbers are verses
		ctxChapter int  // the chapter the previous part ended in
	)
	isCV := func(t token) bool { return li.isChapterVerse(t.sep) && (cv == 0 || t.sep == cv) }
	for {
		first, ok := p.number()
		if !ok {
			return nil, ErrInvalidVerseRange
		}
		var sc, sv int
		verse := false
		// A part that continues a verse list with the very character that
		// separates chapter from verse ("3,16,18") cannot change chapter.
		canChangeChapter := !verseCtx || listSep != cv
		if t, ok := p.peek('s'); ok && isCV(t) && canChangeChapter {
			p.i++
			if sv, ok = p.number(); !ok {
				return nil, ErrInvalidVerseRange
			}
			sc, verse, cv = first, true, t.sep
		} else if verseCtx {
			sc, sv, verse = ctxChapter, first, true
		} else {
			sc = first
		}
		ec, ev := sc, sv
		if _, ok := p.peek('-'); ok {
			p.i++
			second, ok := p.number()
			if !ok {
				return nil, ErrInvalidVerseRange
			}
			switch t, isSep := p.peek('s'); {
			case !verse:
				ec = second
			case isSep && t.sep == cv:
				p.i++
				if ev, ok = p.number(); !ok {
					return nil, ErrInvalidVerseRange
				}
				ec = second
			default:
				ev = second
			}
		}
		r, ok := numbersToRange(book, sc, sv, ec, ev, verse)
		if !ok {
			return nil, ErrInvalidVerseRange
		}
		out = append(out, r)
		if p.i == len(p.toks) {
			return out, nil
		}
		t, ok := p.peek('s')
		if !ok || !li.isList(t.sep) {
			return nil, ErrInvalidVerseRange
		}
		p.i++
		listSep, verseCtx, ctxChapter = t.sep, verse, ec
	}
}

// numbersToRange builds the range for chapters sc-ec (verse false) or for
// sc:sv-ec:ev, checking that it exists and is in order.
func numbersToRange(book, sc, sv, ec, ev int, verse bool) (Range, bool) {
	if !verse {
		return WholeChapters(book, sc, ec)
	}
	// Numbers are capped at 1000, so an id built from too large a chapter or
	// verse does not exist rather than aliasing another verse.
	r := Range{NewVerseID(book, sc, sv), NewVerseID(book, ec, ev)}
	if r.Validate() != nil {
		return Range{}, false
	}
	return r, true
}
