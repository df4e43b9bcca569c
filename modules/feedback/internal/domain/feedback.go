// Package domain holds the rules of feedback, independent of storage: what
// a sender may send (a kind, a message of 1-1,500 characters, a reply
// address when signed out, the page it came from), the language replies
// are written in, and what admins may change.
package domain

import (
	"net/mail"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"lamplight/modules/feedback/feedbackapi"
	"lamplight/platform/errs"
)

// Draft is feedback as a sender submits it.
type Draft struct {
	Kind    string `json:"kind"`
	Message string `json:"message"`
	// Email is required when signed out and ignored when signed in.
	Email string `json:"email"`
	Page  string `json:"page"`
}

// Values are a draft's fields once valid and normalised.
type Values struct {
	Kind, Message, Email, Page string
}

// Validate normalises the draft (message and page trimmed, the address
// trimmed and lower-case) and reports every field error at once. A
// signed-in sender's accountEmail replaces the draft's address unchecked.
func (d Draft) Validate(accountEmail string) (Values, error) {
	var f errs.Fields
	v := Values{
		Kind:    strings.TrimSpace(d.Kind),
		Message: strings.TrimSpace(strings.ReplaceAll(d.Message, "\r\n", "\n")),
		Page:    strings.TrimSpace(d.Page),
	}
	switch {
	case v.Kind == "":
		f.Add("kind", errs.Required)
	case !slices.Contains(feedbackapi.Kinds, v.Kind):
		f.Add("kind", errs.IsInvalid)
	}
	ValidateText(&f, "message", v.Message, feedbackapi.MaxMessageLength)
	if accountEmail != "" {
		v.Email = accountEmail
	} else {
		v.Email = strings.ToLower(strings.TrimSpace(d.Email))
		validateEmail(&f, v.Email)
	}
	switch {
	case utf8.RuneCountInString(v.Page) > feedbackapi.MaxPageLength:
		f.Add("page", errs.MaxLength, "maxlength", feedbackapi.MaxPageLength)
	case v.Page != "" && !appPath(v.Page):
		f.Add("page", errs.IsInvalid)
	}
	return v, f.Err()
}

// ValidateText requires 1 to max characters of text without control
// characters other than line breaks and tabs.
func ValidateText(f *errs.Fields, field, s string, max int) {
	switch n := utf8.RuneCountInString(s); {
	case n == 0:
		f.Add(field, errs.Required)
	case n > max:
		f.Add(field, errs.MaxLength, "maxlength", max)
	case strings.IndexFunc(s, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' }) >= 0:
		f.Add(field, errs.IsInvalid)
	}
}

// appPath accepts a path of this site ("/de/today"), never a full URL or
// one to another host ("//example.com").
func appPath(p string) bool {
	return strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "//") && !strings.HasPrefix(p, `/\`) &&
		strings.IndexFunc(p, func(r rune) bool { return unicode.IsControl(r) || unicode.IsSpace(r) }) < 0
}

// validateEmail adds the field error of a missing or malformed address;
// email is already trimmed and lower-case.
func validateEmail(f *errs.Fields, email string) {
	switch {
	case email == "":
		f.Add("email", errs.Required)
	case len(email) > feedbackapi.MaxEmailLength:
		f.Add("email", errs.MaxLength, "maxlength", feedbackapi.MaxEmailLength)
	case !plausibleEmail(email):
		f.Add("email", errs.IsInvalid)
	}
}

func plausibleEmail(email string) bool {
	a, err := mail.ParseAddress(email)
	if err != nil || a.Address != email || a.Name != "" || strings.ContainsAny(email, " \t\r\n<>\"") {
		return false
	}
	at := strings.LastIndexByte(email, '@')
	domain := email[at+1:]
	return at > 0 && strings.Contains(domain, ".") && !strings.HasPrefix(domain, ".") && !strings.HasSuffix(domain, ".")
}
