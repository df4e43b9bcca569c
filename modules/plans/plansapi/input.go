// Package plansapi is the reading plans module's published contract: the
// event its writes publish and the names under which a reader's plans are
// an input of the read models.
package plansapi

// InputName names a reader's plans among the read models' inputs.
const InputName = "plan"

// VersionStamp is the cache key of the stamp of the reader's plans version
// (platform/cache, stamp.go): every write to the reader's plans keeps it, so
// a read learns the version with the session instead of from the database.
func VersionStamp(userID string) string { return "stamp:plan:" + userID }

// PlanChanged is published (through the outbox) after every write to a
// reader's plans: one created, caught up, deleted or restored.
type PlanChanged struct {
	UserID  string `json:"userId"`
	PlanID  string `json:"planId,omitempty"`
	Version int64  `json:"version"`
}

// Topic implements bus.Event.
func (PlanChanged) Topic() string { return "plans.plan_changed" }
