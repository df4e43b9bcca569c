// Package remindersapi is the reminders module's published contract: the
// events an engagement report reads and the port through which the
// composition root hands reminders a reader's streak and suggestions.
package remindersapi

import (
	"context"
	"time"

	"lamplight/modules/bible"
)

// Channels a reminder goes out on.
const (
	ChannelEmail = "email"
	ChannelPush  = "push"
)

// ReminderSent is published (through the outbox) once per reader and local
// date a reminder went out; Channel is "email", "push" or "email,push".
type ReminderSent struct {
	UserID    string    `json:"userId"`
	LocalDate string    `json:"localDate"`
	At        time.Time `json:"at"`
	Channel   string    `json:"channel"`
}

// Topic implements bus.Event.
func (ReminderSent) Topic() string { return "reminders.reminder_sent" }

// ReminderOpened is published the first time a reader follows a link of a
// reminder (email or notification) for LocalDate.
type ReminderOpened struct {
	UserID    string    `json:"userId"`
	LocalDate string    `json:"localDate"`
	At        time.Time `json:"at"`
}

// Topic implements bus.Event.
func (ReminderOpened) Topic() string { return "reminders.reminder_opened" }

// Digest answers what a reminder tells about the reader's day; the
// composition root implements it with the streaks and suggestions
// projections.
type Digest interface {
	// Streak is the reader's current streak in days on their local date today.
	Streak(ctx context.Context, userID, today string) (int, error)
	// Suggestions are the passages suggested for today, at most three.
	Suggestions(ctx context.Context, userID, today string) ([]bible.Range, error)
}
