// Package inputs is the door through which a module's data reaches the read
// models: a source module contributes an Input to the fx group Group, and a
// read model names the inputs it reads. The read-model engine learns from
// an input when a reader's source changed and reads it; it knows no
// source by its domain, so a new source is one Input, not an engine change.
// The package is domain-free so that the source modules need not import the
// read models (which import them).
package inputs

import (
	"context"

	"go.uber.org/fx"

	"lamplight/platform/bus"
)

// Input is one source of a reader's read models.
type Input struct {
	// Name is unique among inputs; a read model's spec names the inputs it
	// reads by it ("log", "settings", "plans").
	Name string
	// Stamp is the cache key of the reader's version stamp, which the
	// source's writers keep (platform/cache, stamp.go): a cached read learns
	// the version from it without a statement.
	Stamp func(userID string) string
	// Read reads the reader's current value and its version from the source
	// of truth, in one statement. The version grows with every change. A
	// source whose value the engine reads otherwise (the log, read at a
	// version) returns a nil value.
	Read func(ctx context.Context, userID string) (value any, version int64, err error)
	// OnlyVersion says the value is nil: the engine reads it itself at the
	// version (the log), so a cached read needs only the stamp.
	OnlyVersion bool
	// ZeroUnstamped says version 0 is a default with no row yet, whose
	// creation does not keep the stamp: only a row's version is stamped.
	ZeroUnstamped bool
	// OnChange is the bus handler of the source's change event, calling
	// changed with the reader whose source changed. Its name is a consumer
	// group on Redis Streams: it starts with "projections." (health reports
	// it under the read models) and is never renamed.
	OnChange func(changed func(ctx context.Context, userID string) error) bus.Handler
}

// Group is the fx group every Input is added to.
const Group = `group:"readmodel_inputs"`

// Provide adds the Input a constructor returns to Group.
func Provide(newInput any) fx.Option {
	return fx.Provide(fx.Annotate(newInput, fx.ResultTags(Group)))
}
