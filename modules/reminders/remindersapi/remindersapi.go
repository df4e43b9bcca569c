// Package remindersapi is the reminders module's published contract: the
// events an engagement report reads, and the reminder as the archive keeps
// and restores it.
package remindersapi

import (
	"context"
	"time"

	"lamplight/platform/uow"
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

// Reminder is a reader's saved reminder as the archive keeps it: the
// schedule, not its state (sent, paused) nor the browsers push goes to,
// which belong to the account and its devices.
type Reminder struct {
	Enabled      bool   `json:"enabled"`
	Time         string `json:"time"`
	Days         []int  `json:"days"`
	OnlyIfUnread bool   `json:"onlyIfUnread"`
	// OnlyIfPlanUnread is absent from archives made before plans.
	OnlyIfPlanUnread bool     `json:"onlyIfPlanUnread,omitempty"`
	Channels         []string `json:"channels"`
}

// Reader reads a reader's reminder for the export. Implemented by the
// reminders module.
type Reader interface {
	// Reminder answers userID's saved reminder, nil when they never saved one.
	Reminder(ctx context.Context, userID string) (*Reminder, error)
}

// Restorer puts back a reminder from an archive inside the unit of work of
// the module importing it. Implemented by the reminders module.
type Restorer interface {
	// RestoreReminder saves r as userID's reminder, in timeZone (the
	// reader's, as restored in the same unit of work); site is the address
	// links point to when no site address is configured. An invalid
	// reminder is refused as saving it would be.
	RestoreReminder(tx *uow.Tx, userID, timeZone, site string, r Reminder) error
}
