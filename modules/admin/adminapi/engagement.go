// Package adminapi is the admin module's published contract: the engagement
// report the admin pages show, built by admin's own read model
// (internal/engagement). It holds counts and shares only, never a reader's
// id or anything a reader wrote.
package adminapi

import "context"

// MinCohort is the smallest signup-week cohort whose retention is shown;
// smaller ones are suppressed, so no figure describes one or two readers.
const MinCohort = 5

// MaxDays bounds a report's range.
const MaxDays = 366

// Day is one local date's figures.
type Day struct {
	Date string `json:"date"`
	// ActiveReaders logged reading on the date (daily active readers).
	ActiveReaders int `json:"activeReaders"`
	// WeeklyActiveReaders logged reading in the 7 days ending on the date.
	WeeklyActiveReaders int `json:"weeklyActiveReaders"`
	// MonthlyActiveReaders logged reading in the 30 days ending on the date.
	MonthlyActiveReaders int `json:"monthlyActiveReaders"`
	// ReadersMeetingGoal read at least their daily verse goal on the date.
	ReadersMeetingGoal int `json:"readersMeetingGoal"`
	NewAccounts        int `json:"newAccounts"`
	DeletedAccounts    int `json:"deletedAccounts"`
	NotesWritten       int `json:"notesWritten"`
	RemindersSent      int `json:"remindersSent"`
	// RemindersFollowed counts the reminders sent for the date whose reader
	// logged reading that date.
	RemindersFollowed int `json:"remindersFollowed"`
}

// Cohort is the readers who signed up in one week (Monday to Sunday) and
// the share of them who logged reading 1, 7 and 30 days after signing up.
// A share is nil while that day has not come for every reader of the
// cohort; every figure is nil for a suppressed cohort.
type Cohort struct {
	Week       string   `json:"week"`
	Size       *int     `json:"size"`
	Suppressed bool     `json:"suppressed"`
	Day1       *float64 `json:"day1"`
	Day7       *float64 `json:"day7"`
	Day30      *float64 `json:"day30"`
}

// Report is the engagement from one date to another, both included.
type Report struct {
	From    string   `json:"from"`
	To      string   `json:"to"`
	Days    []Day    `json:"days"`
	Cohorts []Cohort `json:"cohorts"`
}

// EngagementReader serves the report. Implemented by admin's engagement
// read model.
type EngagementReader interface {
	// Report answers the figures from from to to (YYYY-MM-DD, at most
	// MaxDays days), from figures kept per day, current after every write.
	Report(ctx context.Context, from, to string) (Report, error)
	// DeletionsPerWeek answers the accounts deleted per week (the Monday
	// starting it), for the users report.
	DeletionsPerWeek(ctx context.Context) (map[string]int, error)
}
