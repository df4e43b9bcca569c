package bible

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// nameTable is one locale's book names and abbreviations with their lookup
// indexes (see normalize.go for the keys).
type nameTable struct {
	names         [BookCount + 1]string
	chapterNames  [BookCount + 1]string // "" where one chapter goes by the book's name
	abbreviations [BookCount + 1][]string
	exact         map[string]int // exact key -> book id
	folded        map[string]int // folded key -> book id
}

type nameJSON struct {
	Name          string   `json:"name"`
	ChapterName   string   `json:"chapterName"`
	Abbreviations []string `json:"abbreviations"`
}

func (kn *kernel) loadNames() error {
	kn.names = map[Locale]*nameTable{}
	for _, li := range kn.locales {
		file := "names." + string(li.Code) + ".json"
		var raw map[string]nameJSON
		if err := readJSON(file, &raw); err != nil {
			return err
		}
		t, err := kn.buildNameTable(raw)
		if err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
		kn.names[li.Code] = t
	}
	var ordinals map[string][]string
	if err := readJSON("ordinals.json", &ordinals); err != nil {
		return err
	}
	kn.ordinals = map[string]string{}
	for digit, words := range ordinals {
		for _, w := range words {
			kn.ordinals[foldKey(exactKey(normalizeDashes(w)))] = digit
		}
	}
	return nil
}

func (kn *kernel) buildNameTable(raw map[string]nameJSON) (*nameTable, error) {
	t := &nameTable{exact: map[string]int{}, folded: map[string]int{}}
	if len(raw) != BookCount {
		return nil, fmt.Errorf("%d books, want %d", len(raw), BookCount)
	}
	for code, nj := range raw {
		id, ok := kn.byUSFM[code]
		if !ok {
			return nil, fmt.Errorf("unknown book %q", code)
		}
		if nj.Name == "" {
			return nil, fmt.Errorf("%s has no name", code)
		}
		if nj.ChapterName != "" && !slices.Contains(nj.Abbreviations, nj.ChapterName) {
			return nil, fmt.Errorf("%s: chapterName %q is not among the abbreviations, so it would not parse", code, nj.ChapterName)
		}
		t.names[id] = nj.Name
		t.chapterNames[id] = nj.ChapterName
		t.abbreviations[id] = nj.Abbreviations
	}
	// Exact keys must be unique across the whole locale, including within
	// one book, so the data never lists the same spelling twice.
	for id := 1; id <= BookCount; id++ {
		for _, s := range append([]string{t.names[id]}, t.abbreviations[id]...) {
			if strings.ContainsFunc(strings.TrimLeft(s, "0123456789"), unicode.IsDigit) || strings.ContainsFunc(s, isDash) {
				return nil, fmt.Errorf("%q: digits may only lead a name, dashes are not allowed", s)
			}
			key := exactKey(s)
			if key == "" {
				return nil, fmt.Errorf("%s has an empty name", kn.books[id].USFM)
			}
			if prev, dup := t.exact[key]; dup {
				return nil, fmt.Errorf("%q (%s) has the same key as a name of %s", s, kn.books[id].USFM, kn.books[prev].USFM)
			}
			t.exact[key] = id
		}
	}
	// A folded key shared by different books belongs to the spelling that
	// has no accents at all: Portuguese "Jo" (John) keeps "jo", and "Jó"
	// (Job) is reached only with its accent.
	books := map[string]map[int]bool{}
	for key, id := range t.exact {
		f := foldKey(key)
		if books[f] == nil {
			books[f] = map[int]bool{}
		}
		books[f][id] = true
	}
	for f, ids := range books {
		switch id, owned := t.exact[f]; {
		case len(ids) == 1:
			for id := range ids {
				t.folded[f] = id
			}
		case owned:
			t.folded[f] = id
		default:
			return nil, fmt.Errorf("accent-free spelling %q is ambiguous", f)
		}
	}
	return t, nil
}

// nameTable returns the locale's names, falling back to English.
func (kn *kernel) nameTable(loc Locale) *nameTable {
	if t := kn.names[loc]; t != nil {
		return t
	}
	return kn.names[English]
}

// lookupBook finds the book a reader means by name or abbreviation. The
// locale's own names are tried before English ones, and exact spellings
// before accent-free ones, so each locale's conventions win; English is a
// fallback that works in every locale. A leading ordinal word ("I",
// "First", "1st", "1re", "Primeira", "Перше"...) followed by more words is
// read as the digit, and that reading is tried first: "I Sa" is 1 Samuel
// even though "Isa" is Isaiah.
func (kn *kernel) lookupBook(name string, loc Locale) (int, bool) {
	if key, ok := kn.ordinalKey(name); ok {
		if id, ok := kn.lookupKey(key, loc); ok {
			return id, true
		}
	}
	return kn.lookupKey(exactKey(name), loc)
}

func (kn *kernel) lookupKey(key string, loc Locale) (int, bool) {
	if key == "" {
		return 0, false
	}
	for _, t := range []*nameTable{kn.nameTable(loc), kn.names[English]} {
		if id, ok := t.exact[key]; ok {
			return id, true
		}
		if id, ok := t.folded[foldKey(key)]; ok {
			return id, true
		}
	}
	return 0, false
}

// ordinalKey rewrites a name whose first word is an ordinal into the
// exact key with the digit ("First John" -> "1john").
func (kn *kernel) ordinalKey(name string) (string, bool) {
	name = strings.TrimSpace(normalizeDashes(name))
	i := strings.IndexFunc(name, func(r rune) bool { return r == '.' || isSpace(r) })
	if i <= 0 {
		return "", false
	}
	rest := exactKey(name[i:])
	digit, ok := kn.ordinals[foldKey(exactKey(name[:i]))]
	if !ok || rest == "" {
		return "", false
	}
	return digit + rest, true
}

// normalizeDashes replaces every accepted dash with "-".
func normalizeDashes(s string) string {
	return strings.Map(func(r rune) rune {
		if isDash(r) {
			return '-'
		}
		return r
	}, s)
}
