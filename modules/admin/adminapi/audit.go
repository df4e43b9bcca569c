package adminapi

import "lamplight/platform/uow"

// Actions other modules record in the audit log: what an admin did to a
// reader's or visitor's feedback.
const (
	ActionResolveFeedback = "resolve_feedback"
	ActionArchiveFeedback = "archive_feedback"
	ActionReopenFeedback  = "reopen_feedback"
	ActionReplyFeedback   = "reply_feedback"
	ActionDeleteFeedback  = "delete_feedback"
)

// AuditLine is an admin action another module records.
type AuditLine struct {
	ActorID    string
	ActorEmail string
	Action     string
	// TargetID is the affected account, "" for a visitor without one;
	// TargetEmail is the address the action concerns.
	TargetID    string
	TargetEmail string
}

// AuditLog writes a line of the admin audit log inside the unit of work of
// the action it records, so the line exists if and only if the action
// committed. Implemented by the admin module, so no module imports it.
type AuditLog interface {
	Record(tx *uow.Tx, line AuditLine) error
}
