package domain

import "regexp"

// safePath is a local path of letters, digits, @ - % _ ~ . and slashes, with
// an optional query and fragment; "//host" is not local.
var safePath = regexp.MustCompile(`^/(?:[A-Za-z0-9@\-%_~.][A-Za-z0-9@\-%_~./]*)?(?:\?[^#\s]*)?(?:#\S*)?$`)

// DefaultReturnTo is where a sign-in lands without a requested page.
const DefaultReturnTo = "/today"

// SafeReturnTo returns p when it is a safe local path, otherwise the default.
func SafeReturnTo(p string) string {
	if len(p) > 512 || !safePath.MatchString(p) {
		return DefaultReturnTo
	}
	return p
}
