// Package audit is the door through which a module records an
// administrator's action in the audit log, inside the unit of work of the
// action, so the line exists if and only if the action committed. The admin
// module keeps the log and provides Log; a module whose data administrators
// act on (feedback) records through it without importing admin, which sits
// on top of the modules it shows.
package audit

import "lamplight/platform/uow"

// Line is one administrator action.
type Line struct {
	ActorID    string
	ActorEmail string
	// Action names what was done ("resolve_feedback"); the module that
	// records it declares its actions in its contract.
	Action string
	// TargetID is the affected account, "" for a visitor without one;
	// TargetEmail is the address the action concerns.
	TargetID    string
	TargetEmail string
}

// Log writes a line of the audit log in tx.
type Log interface {
	Record(tx *uow.Tx, line Line) error
}
