package domain

import (
	"slices"
	"strconv"
	"strings"

	"lamplight/modules/feedback/feedbackapi"
	"lamplight/platform/errs"
)

// Paging of the admin list.
const (
	DefaultLimit = 10
	MaxLimit     = 100
)

// RawQuery is the admin list query as the client sends it.
type RawQuery struct {
	Status, Limit, Offset string
}

// Query is a validated list query with defaults applied: open messages,
// ten at a time, from the newest.
type Query struct {
	Status        string
	Limit, Offset int
}

// ParseQuery validates a raw query, reporting every field error at once.
func ParseQuery(r RawQuery) (Query, error) {
	var f errs.Fields
	q := Query{Status: feedbackapi.StatusOpen, Limit: DefaultLimit}
	if r.Status != "" {
		if !slices.Contains(feedbackapi.Statuses, r.Status) {
			f.Add("status", errs.IsInvalid)
		}
		q.Status = r.Status
	}
	if r.Limit != "" {
		n, err := strconv.Atoi(r.Limit)
		if err != nil || n < 1 || n > MaxLimit {
			f.Add("limit", errs.IsInvalid, "min", 1, "max", MaxLimit)
		}
		q.Limit = n
	}
	if r.Offset != "" {
		n, err := strconv.Atoi(r.Offset)
		if err != nil || n < 0 {
			f.Add("offset", errs.IsInvalid)
		}
		q.Offset = n
	}
	return q, f.Err()
}

// StatusChange is an admin's move of a message to another status.
type StatusChange struct {
	Status string `json:"status"`
}

// Validate requires one of the statuses.
func (c StatusChange) Validate() (string, error) {
	var f errs.Fields
	s := strings.TrimSpace(c.Status)
	switch {
	case s == "":
		f.Add("status", errs.Required)
	case !slices.Contains(feedbackapi.Statuses, s):
		f.Add("status", errs.IsInvalid)
	}
	return s, f.Err()
}

// Reply is an admin's answer to a message, sent by email.
type Reply struct {
	Message string `json:"message"`
}

// Validate requires 1 to 5,000 characters, trimmed.
func (r Reply) Validate() (string, error) {
	var f errs.Fields
	m := strings.TrimSpace(strings.ReplaceAll(r.Message, "\r\n", "\n"))
	ValidateText(&f, "message", m, feedbackapi.MaxReplyLength)
	return m, f.Err()
}
