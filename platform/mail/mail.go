// Package mail queues outgoing email in the database and delivers it in the
// background. A message is inserted in the caller's transaction, so it is
// sent if and only if the write that caused it commits; a worker then hands
// due messages to a Sender (SMTP, or the process log), retrying with backoff,
// and claims each row so that several instances never send one message twice.
//
// Messages carry secrets (codes, reset links), so the row keeps its subject,
// bodies and headers only while delivery is pending: the update that marks it
// sent or given up blanks them, leaving the recipient, kind, status, attempt
// count and times for operators.
package mail

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"lamplight/platform/db"
)

//go:embed migrations
var migrationFS embed.FS

// Migrations creates the mail_messages table.
var Migrations = db.Embedded("mail", migrationFS)

// Message is one email: a plain-text body and, optionally, an HTML
// alternative; Headers are extra header fields such as List-Unsubscribe.
// Kind names what the message is (password_reset, ...) for operators; it is
// kept after delivery, so it must never hold a secret.
type Message struct {
	To      string
	Kind    string
	Subject string
	Text    string
	HTML    string
	Headers map[string]string
}

func (m Message) validate() error {
	switch {
	case strings.TrimSpace(m.To) == "":
		return errors.New("mail: message without recipient")
	case strings.ContainsAny(m.To+m.Subject, "\r\n"):
		return errors.New("mail: line break in recipient or subject")
	case m.Text == "":
		return errors.New("mail: message without text body")
	}
	for k, v := range m.Headers {
		if strings.ContainsAny(k+v, "\r\n") || strings.ContainsAny(k, ": ") {
			return fmt.Errorf("mail: invalid header %q", k)
		}
	}
	return nil
}

// Sender delivers one message; the worker retries it when Send fails,
// unless the error is Permanent.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// permanentError marks a failure that retrying cannot fix.
type permanentError struct{ err error }

func (e permanentError) Error() string { return e.err.Error() }
func (e permanentError) Unwrap() error { return e.err }

// Permanent wraps err so the worker gives the message up at once.
func Permanent(err error) error { return permanentError{err} }

func isPermanent(err error) bool {
	var p permanentError
	return errors.As(err, &p)
}

// Status of a queued message.
const (
	StatusPending = "pending" // waiting for next_attempt_at
	StatusSending = "sending" // claimed by a worker until next_attempt_at (a lease)
	StatusSent    = "sent"
	StatusFailed  = "failed" // given up after MaxAttempts or a permanent error
)

type row struct {
	ID            int64 `gorm:"primaryKey"`
	ToAddress     string
	Kind          string
	Subject       string
	TextBody      string
	HTMLBody      string `gorm:"column:html_body"`
	Headers       string
	Status        string
	Attempts      int
	NextAttemptAt time.Time
	LastError     string
	CreatedAt     time.Time
	SentAt        *time.Time
}

func (row) TableName() string { return "mail_messages" }

// scrubbed blanks what a message says, in the update that ends its delivery.
func scrubbed(fields map[string]any) map[string]any {
	fields["subject"], fields["text_body"], fields["html_body"], fields["headers"] = "", "", "", "{}"
	return fields
}

func (r row) message() Message {
	m := Message{To: r.ToAddress, Kind: r.Kind, Subject: r.Subject, Text: r.TextBody, HTML: r.HTMLBody}
	_ = json.Unmarshal([]byte(r.Headers), &m.Headers)
	return m
}

// Mailer queues messages; the Worker delivers them.
type Mailer struct {
	db    *gorm.DB
	now   func() time.Time
	nudge chan struct{}
}

// NewMailer queues into g's mail_messages table.
func NewMailer(g *gorm.DB) *Mailer {
	return &Mailer{db: g, now: func() time.Time { return time.Now().UTC() }, nudge: make(chan struct{}, 1)}
}

// Enqueue queues messages for delivery. Given a transaction (tx non-nil) the
// messages belong to it and are only sent if it commits; call Nudge after
// the commit to deliver them without waiting for the next poll.
func (m *Mailer) Enqueue(ctx context.Context, tx *gorm.DB, msgs ...Message) error {
	if len(msgs) == 0 {
		return nil
	}
	now := m.now()
	rows := make([]row, 0, len(msgs))
	for _, msg := range msgs {
		if err := msg.validate(); err != nil {
			return err
		}
		headers, err := json.Marshal(msg.Headers)
		if err != nil {
			return err
		}
		if msg.Headers == nil {
			headers = []byte("{}")
		}
		rows = append(rows, row{
			ToAddress: msg.To, Kind: msg.Kind, Subject: msg.Subject, TextBody: msg.Text, HTMLBody: msg.HTML,
			Headers: string(headers), Status: StatusPending, NextAttemptAt: now, CreatedAt: now,
		})
	}
	own := tx == nil
	if own {
		tx = m.db
	}
	if err := tx.WithContext(ctx).Create(&rows).Error; err != nil {
		return fmt.Errorf("queue mail: %w", err)
	}
	if own {
		m.Nudge()
	}
	return nil
}

// Forget deletes every queued or sent message to address, for a reader who
// deleted their account. Given a transaction it belongs to it.
func (m *Mailer) Forget(ctx context.Context, tx *gorm.DB, address string) error {
	if tx == nil {
		tx = m.db
	}
	return tx.WithContext(ctx).Where("to_address = ?", address).Delete(&row{}).Error
}

// Nudge asks the worker to look for due messages now.
func (m *Mailer) Nudge() {
	select {
	case m.nudge <- struct{}{}:
	default:
	}
}
