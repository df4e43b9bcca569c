// Package feedbackapi is the feedback module's published contract: a
// feedback message as the admin API shows it, its kinds and statuses, and
// the limits of what a sender may write.
package feedbackapi

import "time"

// Kinds of feedback a sender chooses from.
const (
	KindBug     = "bug"
	KindFeature = "feature"
	KindComment = "comment"
)

// Statuses of a feedback message; a new one is open.
const (
	StatusOpen     = "open"
	StatusResolved = "resolved"
	StatusArchived = "archived"
)

// Kinds and Statuses list the values above, in the order the API documents them.
var (
	Kinds    = []string{KindBug, KindFeature, KindComment}
	Statuses = []string{StatusOpen, StatusResolved, StatusArchived}
)

// Limits, in characters.
const (
	MaxMessageLength = 1500
	MaxReplyLength   = 5000
	MaxPageLength    = 300
	MaxEmailLength   = 254
)

// Feedback is one message as admins see it.
type Feedback struct {
	ID      string `json:"id"`
	Kind    string `json:"kind"`
	Message string `json:"message"`
	// Email is the address replies go to: the account's when the sender
	// was signed in.
	Email string `json:"email"`
	// Page is the app path the message was sent from, "" when unknown.
	Page string `json:"page"`
	// Locale is the language replies are written in.
	Locale    string     `json:"locale"`
	Status    string     `json:"status"`
	CreatedAt time.Time  `json:"createdAt"`
	UpdatedAt time.Time  `json:"updatedAt"`
	RepliedAt *time.Time `json:"repliedAt"`
	// UserID is the sender's account, nil when sent signed out.
	UserID *string `json:"userId"`
}

// CensusKind is the name the census counts a person's feedback under.
const CensusKind = "feedback"

// Administrator actions on feedback, as the audit log names them.
const (
	ActionResolveFeedback = "resolve_feedback"
	ActionArchiveFeedback = "archive_feedback"
	ActionReopenFeedback  = "reopen_feedback"
	ActionReplyFeedback   = "reply_feedback"
	ActionDeleteFeedback  = "delete_feedback"
)
