package domain

import (
	"net/mail"
	"strings"

	"lamplight/platform/errs"
)

// MaxEmailLength is the longest address a mail server must accept.
const MaxEmailLength = 254

// NormalizeEmail is the form addresses are stored and compared in: trimmed
// and lower-case, so one inbox has one account however it is typed.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// ValidateEmail adds field errors for a missing or malformed address;
// email must already be normalised.
func ValidateEmail(f *errs.Fields, field, email string) {
	switch {
	case email == "":
		f.Add(field, errs.Required)
	case len(email) > MaxEmailLength:
		f.Add(field, errs.MaxLength, "maxlength", MaxEmailLength)
	case !plausibleEmail(email):
		f.Add(field, errs.IsInvalid)
	}
}

func plausibleEmail(email string) bool {
	a, err := mail.ParseAddress(email)
	if err != nil || a.Address != email || a.Name != "" {
		return false
	}
	at := strings.LastIndexByte(email, '@')
	if at < 1 || strings.ContainsAny(email, " \t\r\n<>\"") {
		return false
	}
	domain := email[at+1:]
	return strings.Contains(domain, ".") && !strings.HasPrefix(domain, ".") && !strings.HasSuffix(domain, ".")
}
