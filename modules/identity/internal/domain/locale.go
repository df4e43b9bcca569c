package domain

import (
	"slices"
	"strings"

	"lamplight/platform/dates"
)

// Locales are the interface languages; the first is the default.
var Locales = []string{"en", "de", "es", "fr", "pt", "uk", "ko"}

// DefaultLocale and DefaultTimeZone apply when the browser sends none.
const (
	DefaultLocale   = "en"
	DefaultTimeZone = "UTC"
)

// NormalizeLocale maps "pt-BR" or "DE" to a supported locale, or "" when
// the language is not offered.
func NormalizeLocale(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if i := strings.IndexAny(s, "-_"); i > 0 {
		s = s[:i]
	}
	if slices.Contains(Locales, s) {
		return s
	}
	return ""
}

// ValidTimeZone reports whether tz is an IANA zone name such as Europe/Kyiv.
func ValidTimeZone(tz string) bool { return dates.ValidTimeZone(tz) }
