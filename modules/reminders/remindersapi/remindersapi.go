// Package remindersapi is the reminders module's published contract: the
// events an engagement report reads.
package remindersapi

import "time"

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
