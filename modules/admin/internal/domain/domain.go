// Package domain holds the admin module's rules: what a users query may ask
// for and what the audit log records.
package domain

import (
	"strconv"
	"strings"

	"lamplight/modules/identity/identityapi"
	"lamplight/platform/errs"
)

// Paging of the users list.
const (
	DefaultLimit = 50
	MaxLimit     = 100
	// MaxSearchLength bounds the search text, in bytes.
	MaxSearchLength = 254
)

// SortEntries orders by the number of log entries, most first; the other
// orders are identity's.
const SortEntries = "entries"

var sorts = []string{identityapi.SortEmail, identityapi.SortCreated, identityapi.SortLastActive, SortEntries}

// UsersQuery is a validated users list query.
type UsersQuery struct {
	Search string
	Sort   string
	Limit  int
	Offset int
}

// ParseUsersQuery validates the query parameters; sort defaults to email.
func ParseUsersQuery(search, sort, limit, offset string) (UsersQuery, error) {
	var f errs.Fields
	q := UsersQuery{Search: strings.ToLower(strings.TrimSpace(search)), Sort: identityapi.SortEmail, Limit: DefaultLimit}
	if len(q.Search) > MaxSearchLength {
		f.Add("search", errs.MaxLength, "max", MaxSearchLength)
	}
	if sort != "" {
		q.Sort = sort
		if !contains(sorts, sort) {
			f.Add("sort", errs.IsInvalid)
		}
	}
	q.Limit = parseInt(&f, "limit", limit, DefaultLimit, 1, MaxLimit)
	q.Offset = parseInt(&f, "offset", offset, 0, 0, 1<<31-1)
	return q, f.Err()
}

// ParsePage validates a limit and offset with the users list's bounds.
func ParsePage(limit, offset string) (int, int, error) {
	var f errs.Fields
	l := parseInt(&f, "limit", limit, DefaultLimit, 1, MaxLimit)
	o := parseInt(&f, "offset", offset, 0, 0, 1<<31-1)
	return l, o, f.Err()
}

func parseInt(f *errs.Fields, field, raw string, def, lo, hi int) int {
	if raw == "" {
		return def
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < lo || n > hi {
		f.Add(field, errs.IsInvalid, "min", lo, "max", hi)
		return def
	}
	return n
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Actions the audit log records.
const (
	ActionGrantAdmin         = "grant_admin"
	ActionRevokeAdmin        = "revoke_admin"
	ActionResendVerification = "resend_verification"
	ActionSignOutEverywhere  = "sign_out_everywhere"
	ActionDeleteAccount      = "delete_account"
)
