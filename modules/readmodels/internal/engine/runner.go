package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"time"

	"go.uber.org/fx"
	"golang.org/x/sync/singleflight"

	"lamplight/modules/reading/readingapi"
	"lamplight/modules/readmodels/readmodelsapi"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/cache"
	"lamplight/platform/dates"
	"lamplight/platform/errs"
	"lamplight/platform/memo"
	"lamplight/platform/metrics"
)

// TTL bounds how long a reader's projection stays cached unused. Entries are
// replaced on every change, so this only frees memory of inactive readers.
const TTL = 30 * 24 * time.Hour

// Input is one consistent view of a reader: the log snapshot (entries and
// the version they were read at), the settings, the reader's local date
// ("" unless the projection's Spec.UsesToday) and the other inputs the
// spec reads (Value).
type Input struct {
	Log      readingapi.Log
	Settings settingsapi.Settings
	Today    string
	others   map[string]read
	// userID and reads serve ReadBefore; reads is nil outside a runner.
	userID string
	reads  *Reads
}

// Value is the value of the input named name, one the spec reads (nil for
// another): its source module says what type it is.
func (in Input) Value(name string) any { return in.others[name].value }

// Spec describes a projection to the runner.
type Spec[T any] struct {
	// Name is unique among projections: the cache key is proj:<Name>:<user>.
	Name string
	// FromLookBack reads only the entries dated on or after the reader's
	// lookBackDate; otherwise the whole log.
	FromLookBack bool
	// UsesToday makes the reader's local date an input.
	UsesToday bool
	// Inputs renders the settings the projection reads, for the version: a
	// change to any other setting leaves the cached value valid.
	Inputs func(settingsapi.Settings) string
	// Reads names the inputs (platform/inputs) the projection reads besides
	// the log and the settings, which every projection reads: a change of
	// one of them recomputes it, and Compute finds its value (Input.Value).
	Reads []string
	// Compute is the projection itself; it must be pure.
	Compute func(Input) T
	// Extend, when set, computes the value from the one computed for the
	// same settings (and date) at an earlier log version, prev, when the
	// log's Changes since allow (readingapi.Log.SameBefore); false sends
	// the runner to Compute. It must give what Compute gives.
	Extend func(prev T, prevVersion int64, in Input) (T, bool)
	// Decode, when set, reads a cached value back instead of JSON decoding
	// into T: a module's read model, whose type the engine does not know.
	Decode func([]byte) (T, error)
}

// Deps are the runner's collaborators, injected by fx.
type Deps struct {
	fx.In
	// Reading reads the log at the version its input gave.
	Reading readingapi.Reader
	// Sources reads the inputs; only ComputeFor works without it.
	Sources *Sources
	Cache   cache.Cache
	Metrics *metrics.Metrics
	Log     *slog.Logger
	// Reads is shared by every projection; without it each computes its
	// read sets from the whole log.
	Reads *Reads `optional:"true"`
}

// Runner serves and rebuilds one projection; the Refresher keeps every
// projection's values current from one read of the log per event.
type Runner[T any] struct {
	spec    Spec[T]
	deps    Deps
	now     func() time.Time
	flight  singleflight.Group
	answers answers
	reads   recentReads
	prev    previous[T]
}

// NewRunner builds a runner for spec.
func NewRunner[T any](spec Spec[T], d Deps) *Runner[T] {
	return &Runner[T]{spec: spec, deps: d, now: time.Now, reads: newRecentReads(), prev: newPrevious[T]()}
}

// SetClock replaces the clock the reader's local date is computed from.
func (r *Runner[T]) SetClock(now func() time.Time) { r.now = now }

// Name implements Rebuilder.
func (r *Runner[T]) Name() string { return r.spec.Name }

// Key is the cache key of a reader's value.
func (r *Runner[T]) Key(userID string) string { return "proj:" + r.spec.Name + ":" + userID }

// Version renders every input of the value of a projection that reads no
// other input than the log and the settings: the log version, the settings
// it reads and, when it depends on it, the reader's date. A cached value is
// served only for exactly the same inputs.
func (r *Runner[T]) Version(logVersion int64, s settingsapi.Settings, today string) string {
	v := fmt.Sprintf("%d|%s", logVersion, r.spec.Inputs(s))
	if r.spec.UsesToday {
		v += "|" + today
	}
	return v
}

// others renders the versions of the other inputs the spec reads.
func (r *Runner[T]) others(in map[string]read) string {
	var b strings.Builder
	for _, name := range r.spec.Reads {
		fmt.Fprintf(&b, "|%s=%d", name, in[name].version)
	}
	return b.String()
}

// View is what a value was served for: the reader's settings and local date.
type View = readmodelsapi.View

// Get returns the reader's value for today ("" for the reader's current
// local date in their time zone), with the settings and date it is for. It
// reads the current inputs and recomputes on a miss or a stale entry, so a
// read right after a write sees the write; when the cache is down it
// computes directly. Concurrent reads of the same inputs share one lookup
// and at most one recompute.
func (r *Runner[T]) Get(ctx context.Context, userID, today string) (T, View, error) {
	var zero T
	in, err := r.deps.Sources.Current(ctx, userID, r.spec.Reads)
	if err != nil {
		return zero, View{}, err
	}
	view := View{Settings: in.Settings, Today: r.today(in.Settings, today)}
	return r.get(ctx, userID, in, view)
}

// get is Get once the inputs are read.
func (r *Runner[T]) get(ctx context.Context, userID string, in Inputs, view View) (T, View, error) {
	var zero T
	r.reads.mark(userID, r.now())
	key, version := r.Key(userID), r.versionFor(in, view.Today)
	// The shared call outlives a caller that gives up, for the others.
	shared := context.WithoutCancel(ctx)
	v, err, _ := r.flight.Do(key+"\n"+version, func() (any, error) {
		// The log is read after its version, so a value is never older
		// than the version it is stored under; at worst it is newer, and
		// the next read recomputes once.
		result := "hit"
		v, err := r.cached(shared, key, version, func() (T, error) {
			result = "miss"
			l, err := r.deps.Reading.LogAt(shared, userID, r.from(in.Settings), in.LogVersion)
			if err != nil {
				return zero, err
			}
			return r.timed(r.input(userID, l, in, view.Today)), nil
		})
		r.deps.Metrics.ProjectionCacheReads.WithLabelValues(r.spec.Name, result).Inc()
		return v, err
	})
	if err != nil {
		return zero, view, err
	}
	return v.(T), view, nil
}

// cached is cache.Versioned, decoding with the spec's Decode when it has one.
func (r *Runner[T]) cached(ctx context.Context, key, version string, compute func() (T, error)) (T, error) {
	if r.spec.Decode == nil {
		return cache.Versioned(ctx, r.deps.Cache, r.deps.Log, key, version, TTL, compute)
	}
	var computed *T
	raw, err := cache.Versioned(ctx, r.deps.Cache, r.deps.Log, key, version, TTL, func() (json.RawMessage, error) {
		v, err := compute()
		if err != nil {
			return nil, err
		}
		computed = &v
		return json.Marshal(v)
	})
	switch {
	case err != nil:
		var zero T
		return zero, err
	case computed != nil:
		return *computed, nil
	}
	return r.spec.Decode(raw)
}

// Rebuild implements Rebuilder: recompute from the source of truth and
// store under the versions of the snapshot it was computed from.
func (r *Runner[T]) Rebuild(ctx context.Context, userID string) error {
	in, err := r.deps.Sources.Read(ctx, userID, r.spec.Reads)
	if err != nil {
		return err
	}
	l, err := r.deps.Reading.LogAt(ctx, userID, r.from(in.Settings), in.LogVersion)
	if err != nil {
		return err
	}
	today := r.today(in.Settings, "")
	in.LogVersion = l.Version
	r.store(ctx, userID, today, in, r.compute(userID, l, in, today))
	return nil
}

// The methods below make a Runner a Member of the Refresher.

func (r *Runner[T]) wanted(userID string) bool { return r.reads.since(userID, r.now().Add(-EagerFor)) }

func (r *Runner[T]) versionFor(in Inputs, today string) string {
	return r.Version(in.LogVersion, in.Settings, today) + r.others(in.others)
}

func (r *Runner[T]) inputs() []string { return r.spec.Reads }

func (r *Runner[T]) wholeLog() bool { return !r.spec.FromLookBack }

// shared is compute run as the one computation of the reader's value for
// version: a read missing the same version meanwhile waits for it, and
// when a read computes it already, its result is taken instead.
func (r *Runner[T]) shared(userID, version string, compute func() any) any {
	v, err, _ := r.flight.Do(r.Key(userID)+"\n"+version, func() (any, error) { return compute(), nil })
	if err != nil {
		// The read's computation failed (its log or its cache).
		return compute()
	}
	return v
}

// compute runs the projection on l, which may start before its from.
func (r *Runner[T]) compute(userID string, l readingapi.Log, in Inputs, today string) any {
	return r.timed(r.input(userID, since(l, r.from(in.Settings)), in, today))
}

// ComputeFor is the value the runner computes for the reader's log l, with
// what it keeps of the reader's earlier computations; it stores nothing in
// the cache.
func (r *Runner[T]) ComputeFor(userID string, l readingapi.Log, s settingsapi.Settings, today string) T {
	return r.timed(r.input(userID, since(l, r.from(s)), Inputs{Settings: s}, today))
}

// timed runs the projection, extending the reader's previous value when it
// can, and records how long it took.
func (r *Runner[T]) timed(in Input) T {
	start := time.Now()
	inputs := r.spec.Inputs(in.Settings) + "|" + in.Today + r.others(in.others)
	var v T
	extended := false
	if p, ok := r.prev.get(in.userID, inputs, in.Log.Version); ok && r.spec.Extend != nil {
		v, extended = r.spec.Extend(p.value, p.logVersion, in)
	}
	if extended {
		r.deps.Metrics.ProjectionExtended.WithLabelValues(r.spec.Name).Inc()
	} else {
		v = r.spec.Compute(in)
	}
	if in.userID != "" && r.spec.Extend != nil {
		r.prev.put(in.userID, kept[T]{logVersion: in.Log.Version, inputs: inputs, value: v})
	}
	r.deps.Metrics.ProjectionCompute.WithLabelValues(r.spec.Name).Observe(time.Since(start).Seconds())
	return v
}

func (r *Runner[T]) store(ctx context.Context, userID, today string, in Inputs, v any) {
	cache.Store(ctx, r.deps.Cache, r.deps.Log, r.Key(userID), r.versionFor(in, today), TTL, v)
}

// since is l without the entries dated before from; l is in date order.
func since(l readingapi.Log, from string) readingapi.Log {
	i := sort.Search(len(l.Entries), func(i int) bool { return l.Entries[i].Date >= from })
	l.Entries = l.Entries[i:]
	return l
}

func (r *Runner[T]) from(s settingsapi.Settings) string {
	if r.spec.FromLookBack {
		return s.LookBackDate
	}
	return ""
}

// input is what Compute sees: the date only when it is an input, so a
// projection cannot depend on what its version does not name.
func (r *Runner[T]) input(userID string, l readingapi.Log, in Inputs, today string) Input {
	if !r.spec.UsesToday {
		today = ""
	}
	others := map[string]read{}
	for _, name := range r.spec.Reads {
		others[name] = in.others[name]
	}
	return Input{Log: l, Settings: in.Settings, Today: today, others: others, userID: userID, reads: r.deps.Reads}
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

// EagerFor is how long after a reader last read a projection the Refresher
// recomputes it after each write; later it waits for the next read. A
// reader's open screens stay answered from the cache, while a projection
// nobody looks at (a page seen once, the insights of a reader who only
// logs) costs nothing per write.
const EagerFor = 30 * time.Minute

// recentReadsMax bounds the readers remembered.
const recentReadsMax = 1 << 16

// recentReads is when each reader last read a runner's value, in process,
// the time as the version (a later read replaces an earlier one).
type recentReads struct{ at *memo.Memo[string, struct{}] }

func newRecentReads() recentReads { return recentReads{at: memo.New[string, struct{}](recentReadsMax)} }

func (r recentReads) mark(userID string, now time.Time) { r.at.Put(userID, now.UnixNano(), struct{}{}) }

// since tells whether the reader read the value after t.
func (r recentReads) since(userID string, t time.Time) bool {
	_, at, ok := r.at.Latest(userID)
	return ok && at > t.UnixNano()
}

// forget drops the reader's previous value (their account is deleted).
func (r *Runner[T]) forget(userID string) { r.prev.forget(userID) }
