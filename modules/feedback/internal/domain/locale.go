package domain

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// Locales are the languages replies are written in; the first is the default.
var Locales = []string{"en", "de", "es", "fr", "pt", "uk", "ko"}

// Locale is the language of a sender: that of the page they wrote from
// (the language they were reading the app in: its locale prefix, English
// paths having none), else their account's language, else the first
// offered language of their browser's Accept-Language, else English.
func Locale(page, accountLocale, acceptLanguage string) string {
	if page != "" {
		first, _, _ := strings.Cut(strings.TrimPrefix(page, "/"), "/")
		if slices.Contains(Locales, first) {
			return first
		}
		return Locales[0]
	}
	if slices.Contains(Locales, accountLocale) {
		return accountLocale
	}
	if l := fromAcceptLanguage(acceptLanguage); l != "" {
		return l
	}
	return Locales[0]
}

// Link is the address of an app path in a language: English paths have no
// locale prefix, the others start with it.
func Link(site, locale, path string) string {
	prefix := ""
	if slices.Contains(Locales[1:], locale) {
		prefix = "/" + locale
	}
	return strings.TrimRight(site, "/") + prefix + path
}

// fromAcceptLanguage picks the offered language the header prefers most
// ("de-CH;q=0.9, pt-BR" gives pt), "" when none is offered.
func fromAcceptLanguage(header string) string {
	type choice struct {
		lang string
		q    float64
	}
	var choices []choice
	for part := range strings.SplitSeq(header, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		lang, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), "-")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		if q > 0 && slices.Contains(Locales, lang) {
			choices = append(choices, choice{lang, q})
		}
	}
	if len(choices) == 0 {
		return ""
	}
	slices.SortStableFunc(choices, func(a, b choice) int { return cmp.Compare(b.q, a.q) })
	return choices[0].lang
}
