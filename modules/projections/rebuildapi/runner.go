package rebuildapi

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"go.uber.org/fx"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/reading/readingapi"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/bus"
	"lamplight/platform/cache"
	"lamplight/platform/dates"
	"lamplight/platform/errs"
)

// TTL bounds how long a reader's projection stays cached unused. Entries are
// replaced on every change, so this only frees memory of inactive readers.
const TTL = 30 * 24 * time.Hour

// Input is one consistent view of a reader: the log snapshot (entries and
// the version they were read at), the settings, and the reader's local date
// ("" unless the projection's Spec.UsesToday).
type Input struct {
	Log      readingapi.Log
	Settings settingsapi.Settings
	Today    string
}

// Spec describes a projection to the runner.
type Spec[T any] struct {
	// Name is unique among projections: the cache key is proj:<Name>:<user>
	// and the event handlers are projections.<Name> (log changes),
	// projections.<Name>.settings (settings changes) and
	// projections.<Name>.user-deleted, their consumer groups.
	Name string
	// FromLookBack reads only the entries dated on or after the reader's
	// lookBackDate; otherwise the whole log.
	FromLookBack bool
	// UsesToday makes the reader's local date an input.
	UsesToday bool
	// Inputs renders the settings the projection reads, for the version: a
	// change to any other setting leaves the cached value valid.
	Inputs func(settingsapi.Settings) string
	// Compute is the projection itself; it must be pure.
	Compute func(Input) T
}

// Deps are the runner's collaborators, injected by fx.
type Deps struct {
	fx.In
	Reading  readingapi.Reader
	Settings settingsapi.Reader
	Cache    cache.Cache
	Log      *slog.Logger
}

// Runner serves, refreshes and rebuilds one projection.
type Runner[T any] struct {
	spec Spec[T]
	deps Deps
	now  func() time.Time
}

// NewRunner builds a runner for spec.
func NewRunner[T any](spec Spec[T], d Deps) *Runner[T] {
	return &Runner[T]{spec: spec, deps: d, now: time.Now}
}

// SetClock replaces the clock the reader's local date is computed from.
func (r *Runner[T]) SetClock(now func() time.Time) { r.now = now }

// Name implements Rebuilder.
func (r *Runner[T]) Name() string { return r.spec.Name }

// Key is the cache key of a reader's value.
func (r *Runner[T]) Key(userID string) string { return "proj:" + r.spec.Name + ":" + userID }

// Version renders every input of the value: the log version, the settings
// the projection reads and, when it depends on it, the reader's date. A
// cached value is served only for exactly the same inputs.
func (r *Runner[T]) Version(logVersion int64, s settingsapi.Settings, today string) string {
	v := fmt.Sprintf("%d|%s", logVersion, r.spec.Inputs(s))
	if r.spec.UsesToday {
		v += "|" + today
	}
	return v
}

// View is what a value was served for: the reader's settings and local date.
type View struct {
	Settings settingsapi.Settings
	Today    string
}

// Get returns the reader's value for today ("" for the reader's current
// local date in their time zone), with the settings and date it is for. It
// checks the current versions of the log and the settings and recomputes on
// a miss or a stale entry, so a read right after a write sees the write;
// when the cache is down it computes directly.
func (r *Runner[T]) Get(ctx context.Context, userID, today string) (T, View, error) {
	var zero T
	s, err := r.deps.Settings.Get(ctx, userID)
	if err != nil {
		return zero, View{}, err
	}
	view := View{Settings: s, Today: r.today(s, today)}
	logVersion, err := r.deps.Reading.Version(ctx, userID)
	if err != nil {
		return zero, view, err
	}
	// The log is read after its version, so a value is never older than the
	// version it is stored under; at worst it is newer, and the next read
	// recomputes once.
	v, err := cache.Versioned(ctx, r.deps.Cache, r.deps.Log, r.Key(userID), r.Version(logVersion, s, view.Today), TTL,
		func() (T, error) {
			l, err := r.deps.Reading.Log(ctx, userID, r.from(s))
			if err != nil {
				return zero, err
			}
			return r.spec.Compute(r.input(l, s, view.Today)), nil
		})
	return v, view, err
}

// refreshAttempts bounds how often Refresh recomputes while writes keep
// landing; past it the event handler fails and the bus retries later.
const refreshAttempts = 3

// Refresh makes the cached value current, recomputing only when it is stale,
// so an old or repeated event costs a version check. Events are handled
// concurrently (and by several instances), so a slower handler can store a
// value computed from an older log over a newer one: after storing, Refresh
// checks that the cache holds the current inputs' version and goes again if
// it does not.
func (r *Runner[T]) Refresh(ctx context.Context, userID string) error {
	for range refreshAttempts {
		if _, _, err := r.Get(ctx, userID, ""); err != nil {
			return err
		}
		current, err := r.currentVersion(ctx, userID)
		if err != nil {
			return err
		}
		cached, err := cache.VersionOf(ctx, r.deps.Cache, r.Key(userID))
		if err != nil || cached == current {
			// With the cache down there is nothing to keep current: reads
			// compute directly until it is back.
			return nil
		}
	}
	return fmt.Errorf("projection %s for %s: the cache kept holding an older version", r.spec.Name, userID)
}

func (r *Runner[T]) currentVersion(ctx context.Context, userID string) (string, error) {
	s, err := r.deps.Settings.Get(ctx, userID)
	if err != nil {
		return "", err
	}
	logVersion, err := r.deps.Reading.Version(ctx, userID)
	if err != nil {
		return "", err
	}
	return r.Version(logVersion, s, r.today(s, "")), nil
}

// Rebuild implements Rebuilder: recompute from the source of truth and
// store under the versions of the snapshot it was computed from.
func (r *Runner[T]) Rebuild(ctx context.Context, userID string) error {
	s, err := r.deps.Settings.Get(ctx, userID)
	if err != nil {
		return err
	}
	today := r.today(s, "")
	l, err := r.deps.Reading.Log(ctx, userID, r.from(s))
	if err != nil {
		return err
	}
	v := r.spec.Compute(r.input(l, s, today))
	cache.Store(ctx, r.deps.Cache, r.deps.Log, r.Key(userID), r.Version(l.Version, s, today), TTL, v)
	return nil
}

// Handlers are the bus handlers that keep the cache current (and drop a
// deleted reader's value): one per event, each named after the projection,
// which makes it its own consumer group.
func (r *Runner[T]) Handlers() []bus.Handler {
	return []bus.Handler{
		bus.On("projections."+r.spec.Name, func(ctx context.Context, ev readingapi.LogEntryChanged) error {
			return r.Refresh(ctx, ev.UserID)
		}),
		bus.On("projections."+r.spec.Name+".settings", func(ctx context.Context, ev settingsapi.SettingsChanged) error {
			return r.Refresh(ctx, ev.UserID)
		}),
		bus.On("projections."+r.spec.Name+".user-deleted", func(ctx context.Context, ev identityapi.UserDeleted) error {
			return r.deps.Cache.Delete(ctx, r.Key(ev.UserID))
		}),
	}
}

func (r *Runner[T]) from(s settingsapi.Settings) string {
	if r.spec.FromLookBack {
		return s.LookBackDate
	}
	return ""
}

// input is what Compute sees: the date only when it is an input, so a
// projection cannot depend on what its version does not name.
func (r *Runner[T]) input(l readingapi.Log, s settingsapi.Settings, today string) Input {
	if !r.spec.UsesToday {
		today = ""
	}
	return Input{Log: l, Settings: s, Today: today}
}

// today is the date asked for, or the reader's current local date.
func (r *Runner[T]) today(s settingsapi.Settings, today string) string {
	if today == "" {
		today = dates.Today(s.TimeZone, r.now())
	}
	return today
}

// ParseDate validates an optional date query parameter: "" stays "", anything
// else must be a real YYYY-MM-DD date, or a validation error on field.
func ParseDate(field, value string) (string, error) {
	if value == "" {
		return "", nil
	}
	if !dates.Valid(value) {
		return "", errs.Validation(errs.Field(field, errs.IsInvalid))
	}
	return value, nil
}
