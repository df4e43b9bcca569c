package domain

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// PlausibleID reports whether s could be an id this app issued (a UUID):
// short, valid UTF-8, no control characters. Anything else cannot name a
// row, and is kept from the database, which refuses NUL and bad UTF-8.
func PlausibleID(s string) bool {
	return s != "" && len(s) <= 64 && utf8.ValidString(s) && strings.IndexFunc(s, unicode.IsControl) < 0
}
