package app

import (
	"context"
	"sort"
	"time"

	"lamplight/modules/admin/adminapi"
	"lamplight/modules/identity/identityapi"
	"lamplight/platform/dates"
)

// ReportWeek is one week (from its Monday, UTC) of the accounts report.
type ReportWeek struct {
	Week        string `json:"week"`
	NewAccounts int    `json:"newAccounts"`
	// Verified, Password and Google count the week's new accounts that are
	// verified now and that sign in with a password and with Google.
	Verified int `json:"verified"`
	Password int `json:"password"`
	Google   int `json:"google"`
	Deleted  int `json:"deleted"`
}

// AccountsReport is the accounts over time and the totals now.
type AccountsReport struct {
	Weeks  []ReportWeek `json:"weeks"`
	Totals ReportTotals `json:"totals"`
}

// ReportTotals describe the accounts there are now.
type ReportTotals struct {
	Accounts int `json:"accounts"`
	Verified int `json:"verified"`
	Password int `json:"password"`
	Google   int `json:"google"`
	Admins   int `json:"admins"`
	Deleted  int `json:"deleted"`
}

func weekOf(t time.Time) string {
	d := t.UTC()
	d = time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC)
	return d.AddDate(0, 0, -((int(d.Weekday()) + 6) % 7)).Format(dates.Layout)
}

// UsersReport answers the accounts per signup week, with the deletions of
// each week from the engagement projection (a deleted account is gone from
// identity).
func (s *Service) UsersReport(ctx context.Context) (AccountsReport, error) {
	all, err := s.accounts.MatchingAccounts(ctx, "")
	if err != nil {
		return AccountsReport{}, err
	}
	deleted, err := s.engagement.DeletionsPerWeek(ctx)
	if err != nil {
		return AccountsReport{}, err
	}
	weeks := map[string]*ReportWeek{}
	get := func(w string) *ReportWeek {
		if weeks[w] == nil {
			weeks[w] = &ReportWeek{Week: w}
		}
		return weeks[w]
	}
	var t ReportTotals
	for _, a := range all {
		w := get(weekOf(a.CreatedAt))
		w.NewAccounts++
		t.Accounts++
		if a.EmailVerified {
			w.Verified++
			t.Verified++
		}
		if a.IsAdmin {
			t.Admins++
		}
		for _, m := range a.SignInMethods {
			switch m {
			case identityapi.MethodPassword:
				w.Password++
				t.Password++
			case identityapi.MethodGoogle:
				w.Google++
				t.Google++
			}
		}
	}
	for w, n := range deleted {
		get(w).Deleted = n
		t.Deleted += n
	}
	out := AccountsReport{Weeks: make([]ReportWeek, 0, len(weeks)), Totals: t}
	for _, w := range weeks {
		out.Weeks = append(out.Weeks, *w)
	}
	sort.Slice(out.Weeks, func(i, j int) bool { return out.Weeks[i].Week < out.Weeks[j].Week })
	return out, nil
}

// DefaultEngagementDays is the range shown when none is asked for.
const DefaultEngagementDays = 30

// Engagement answers the engagement report from its projection; without a
// range, the last DefaultEngagementDays days (UTC).
func (s *Service) Engagement(ctx context.Context, from, to string) (adminapi.Report, error) {
	if from == "" && to == "" {
		to = s.now().UTC().Format(dates.Layout)
		from = dates.AddDays(to, -(DefaultEngagementDays - 1))
	}
	return s.engagement.Report(ctx, from, to)
}
