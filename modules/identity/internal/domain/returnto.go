package domain

import "lamplight/platform/redirect"

// DefaultReturnTo is where a sign-in lands without a requested page.
const DefaultReturnTo = "/today"

// SafeReturnTo returns p when it is a path of this site, otherwise the default.
func SafeReturnTo(p string) string {
	return redirect.Or(p, DefaultReturnTo)
}
