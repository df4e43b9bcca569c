// Package locale names the languages the site is offered in and how a path
// carries one: English, the default, without a prefix; every other language
// under "/<code>" (/de/books). The web app's shared/i18n/locales.ts says the same.
package locale

import "strings"

// Locale is one language of the site.
type Locale struct {
	Code string // URL prefix and content folder: "de"
	Tag  string // BCP 47 tag for <html lang>, as the web app sets it: "de-DE"
	OG   string // Open Graph locale: "de_DE"
}

// Default is the language whose paths carry no prefix.
const Default = "en"

// All lists the languages in the order the site shows them.
var All = []Locale{
	{Code: "en", Tag: "en-US", OG: "en_US"},
	{Code: "de", Tag: "de-DE", OG: "de_DE"},
	{Code: "es", Tag: "es-ES", OG: "es_ES"},
	{Code: "fr", Tag: "fr-FR", OG: "fr_FR"},
	{Code: "pt", Tag: "pt-BR", OG: "pt_BR"},
	{Code: "uk", Tag: "uk-UA", OG: "uk_UA"},
	{Code: "ko", Tag: "ko-KR", OG: "ko_KR"},
}

// Codes lists every language's code.
func Codes() []string {
	codes := make([]string, len(All))
	for i, l := range All {
		codes[i] = l.Code
	}
	return codes
}

// Find returns the language with code.
func Find(code string) (Locale, bool) {
	for _, l := range All {
		if l.Code == code {
			return l, true
		}
	}
	return Locale{}, false
}

// Split separates a URL path into its language and the app path without a
// leading slash: "/de/about/faq" is ("de", "about/faq"), "/de" is ("de", ""),
// "/about" is ("en", "about"). "/en/..." is not a prefix: English has none.
func Split(urlPath string) (code, rest string) {
	rest = strings.Trim(urlPath, "/")
	head, tail, _ := strings.Cut(rest, "/")
	if l, ok := Find(head); ok && l.Code != Default {
		return l.Code, tail
	}
	return Default, rest
}

// Path is the URL path of an app path ("about/faq", "" for home) in a language:
// "/about/faq", "/de/about/faq", "/" or "/de".
func Path(code, appPath string) string {
	p := "/" + strings.Trim(appPath, "/")
	switch {
	case code == Default:
		return p
	case p == "/":
		return "/" + code
	default:
		return "/" + code + p
	}
}
