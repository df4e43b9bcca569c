// Package redirect decides which addresses this site may send a browser
// to from a value a request carries (a reminder's link, a sign-in's
// return page): only paths of this site.
package redirect

import "strings"

// MaxLength bounds a path worth redirecting to.
const MaxLength = 512

// Local says whether p is a path of this site that every browser reads as
// one. Browsers strip tabs and newlines from a Location, read a backslash
// as a slash, and take "//host" as another site, so any of these, in the
// path or percent-encoded in it, is refused rather than cleaned.
func Local(p string) bool {
	if len(p) == 0 || len(p) > MaxLength || p[0] != '/' {
		return false
	}
	for i := 0; i < len(p); i++ {
		if c := p[i]; c <= ' ' || c == 0x7f || c == '\\' || c >= 0x80 {
			return false
		}
	}
	path, _, _ := strings.Cut(p, "?")
	path, _, _ = strings.Cut(path, "#")
	if strings.HasPrefix(path, "//") || strings.Contains(path, "%") || strings.Contains(path, ":") {
		return false
	}
	return true
}

// Or returns p when it is Local, otherwise fallback.
func Or(p, fallback string) string {
	if Local(p) {
		return p
	}
	return fallback
}
