package bible

import "strings"

// ParseListAnyLocale reads a list of references written in any of the
// locales, for files that mix them (an import). The locale whose own names
// hold the first book name is used first, the reader's (prefer) before the
// others, so each file's separators are read its writer's way ("Mt 5,3" is
// Matthew 5:3 in German); then prefer with its English fallback; then every
// other locale. The error is prefer's.
func ParseListAnyLocale(text string, prefer Locale) ([]Range, error) {
	order := append([]Locale{prefer}, Locales()...)
	name := firstBookName(text)
	for _, loc := range order {
		if name != "" && k.ownsName(name, loc) {
			if rs, err := ParseList(text, loc); err == nil {
				return rs, nil
			}
		}
	}
	rs, firstErr := ParseList(text, prefer)
	if firstErr == nil {
		return rs, nil
	}
	for _, loc := range order[1:] {
		if rs, err := ParseList(text, loc); err == nil {
			return rs, nil
		}
	}
	return nil, firstErr
}

// firstBookName is the book name the list's first reference starts with,
// or "".
func firstBookName(text string) string {
	for _, item := range splitItems(text) {
		item = strings.TrimFunc(item, isSpace)
		if item == "" {
			continue
		}
		if !startsWithBook(item) {
			return ""
		}
		return item[:bookNameEnd(item)]
	}
	return ""
}

// ownsName reports whether name is one of loc's own names or abbreviations,
// not only an English one accepted everywhere.
func (kn *kernel) ownsName(name string, loc Locale) bool {
	t := kn.names[loc]
	if t == nil {
		return false
	}
	keys := []string{exactKey(name)}
	if key, ok := kn.ordinalKey(name); ok {
		keys = append(keys, key)
	}
	for _, key := range keys {
		if key == "" {
			continue
		}
		if _, ok := t.exact[key]; ok {
			return true
		}
		if _, ok := t.folded[foldKey(key)]; ok {
			return true
		}
	}
	return false
}

// NameLocales lists the locales whose own names or abbreviations hold the
// book name the list starts with, in Locales order; a caller reading many
// lines can take a name only one locale has as the file's language.
func NameLocales(text string) []Locale {
	name := firstBookName(text)
	if name == "" {
		return nil
	}
	var out []Locale
	for _, loc := range Locales() {
		if k.ownsName(name, loc) {
			out = append(out, loc)
		}
	}
	return out
}
