package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"go.uber.org/fx"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/reading/readingapi"
	"lamplight/modules/readmodels/readmodelsapi"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/bus"
	"lamplight/platform/cache"
)

// Member is a projection as the Refresher sees it; every Runner is one.
type Member interface {
	readmodelsapi.Rebuilder
	Key(userID string) string
	// wanted tells whether the reader read the value lately (EagerFor).
	wanted(userID string) bool
	today(s settingsapi.Settings, today string) string
	versionFor(in Inputs, today string) string
	// reads names the inputs read besides the log and the settings.
	inputs() []string
	wholeLog() bool
	shared(userID, version string, compute func() any) any
	compute(userID string, l readingapi.Log, in Inputs, today string) any
	forget(userID string)
	store(ctx context.Context, userID, today string, in Inputs, v any)
}

// MemberGroup is the fx group every projection adds its Member to.
const MemberGroup = `group:"projection_members"`

// Refresher keeps current the cached values their readers are looking at:
// those read within EagerFor, on this instance. For each event it reads
// the reader's inputs, and only when such a value is stale the log, once
// for all projections. A value nobody read lately is left stale: its next
// read recomputes it, as a read after any write may.
type Refresher struct {
	members []Member
	deps    Deps
}

// RefresherIn is what NewRefresher takes from fx.
type RefresherIn struct {
	fx.In
	Deps    Deps
	Members []Member `group:"projection_members"`
}

// NewRefresher builds the refresher of the registered projections; each
// input they name must have been contributed.
func NewRefresher(in RefresherIn) (*Refresher, error) {
	for _, m := range in.Members {
		for _, name := range m.inputs() {
			if !in.Deps.Sources.has(name) {
				return nil, fmt.Errorf("read model %s reads input %q, which no module contributes", m.Name(), name)
			}
		}
	}
	return &Refresher{members: in.Members, deps: in.Deps}, nil
}

// refreshAttempts bounds how often Refresh recomputes while writes keep
// landing.
const refreshAttempts = 3

// Refresh makes the reader's wanted cached values current, recomputing only
// the stale ones, so an old or repeated event costs one read of the inputs.
//
// Events are handled concurrently (and by several instances), so a slower
// handler could store a value computed from an older log over a newer one.
// Refresh therefore stores a value only while the inputs it was computed
// from are still current; when a write landed meanwhile it computes again.
// When writes keep landing past the last attempt it stops without storing:
// that is no fault, since each of those writes has its own event still to
// come (or already handled) and a read recomputes a stale value anyway. It
// is counted, not logged, and the event succeeds so the bus does not retry
// it.
//
// input names the input that changed: only the projections reading it are
// refreshed ("" for all).
func (f *Refresher) Refresh(ctx context.Context, userID, input string) error {
	var pending []Member
	for _, m := range f.members {
		if m.wanted(userID) && reads(m, input) {
			pending = append(pending, m)
		}
	}
	if len(pending) == 0 {
		return nil
	}
	for range refreshAttempts {
		names := otherReads(pending)
		in, err := f.deps.Sources.Read(ctx, userID, names)
		if err != nil {
			return err
		}
		var stale []Member
		from := in.Settings.LookBackDate
		for _, m := range pending {
			cached, err := cache.VersionOf(ctx, f.deps.Cache, m.Key(userID))
			if err != nil {
				// With the cache down there is nothing to keep current:
				// reads compute directly until it is back.
				return nil
			}
			if cached != m.versionFor(in, m.today(in.Settings, "")) {
				stale = append(stale, m)
				if m.wholeLog() {
					from = ""
				}
			}
		}
		if len(stale) == 0 {
			return nil
		}
		l, err := f.deps.Reading.LogAt(ctx, userID, from, in.LogVersion)
		if err != nil {
			return err
		}
		snapshot := in
		snapshot.LogVersion = l.Version
		days := make([]string, len(stale))
		values := make([]any, len(stale))
		for i, m := range stale {
			days[i] = m.today(in.Settings, "")
			values[i] = m.shared(userID, m.versionFor(snapshot, days[i]), func() any { return m.compute(userID, l, snapshot, days[i]) })
		}
		// Whether a write landed meanwhile, the stamps tell as they tell a
		// read (a write marks its stamp pending before its commit), with the
		// values kept for their versions: the database only when they
		// cannot.
		now, err := f.deps.Sources.Current(ctx, userID, names)
		if err != nil {
			return err
		}
		pending = nil
		for i, m := range stale {
			if m.versionFor(now, days[i]) != m.versionFor(snapshot, days[i]) {
				pending = append(pending, m)
				continue
			}
			m.store(ctx, userID, days[i], snapshot, values[i])
		}
		if len(pending) == 0 {
			return nil
		}
	}
	for _, m := range pending {
		f.deps.Metrics.ProjectionRefreshSuperseded.WithLabelValues(m.Name()).Inc()
	}
	f.deps.Log.DebugContext(ctx, "projection refresh superseded by newer writes", "user", userID)
	return nil
}

// Handlers keep the cache current and drop a deleted reader's values. Their
// names start with projections., so /api/health reports a handler that
// stopped consuming under the projections module.
func (f *Refresher) Handlers() []bus.Handler {
	return append(f.deps.Sources.Handlers(f.refreshLiving),
		bus.On("projections.user-deleted", func(ctx context.Context, ev identityapi.UserDeleted) error {
			keys := make([]string, len(f.members))
			for i, m := range f.members {
				keys[i] = m.Key(ev.UserID)
				m.forget(ev.UserID)
			}
			if f.deps.Reads != nil {
				f.deps.Reads.forget(ev.UserID)
			}
			f.deps.Sources.forget(ev.UserID)
			return f.deps.Cache.Delete(ctx, keys...)
		}),
	)
}

// reads tells whether m reads the input named input: every projection
// reads the log and the settings.
func reads(m Member, input string) bool {
	return input == "" || input == readingapi.InputName || input == settingsapi.InputName || slices.Contains(m.inputs(), input)
}

// otherReads is every input the members read besides the log and the
// settings, once each.
func otherReads(ms []Member) []string {
	var names []string
	for _, m := range ms {
		for _, n := range m.inputs() {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	return names
}

// refreshLiving is Refresh for an event, which may arrive after its reader
// deleted the account: then there is nothing to keep current, and nothing
// may be cached again.
func (f *Refresher) refreshLiving(ctx context.Context, input, userID string) error {
	if err := f.Refresh(ctx, userID, input); err != nil && !errors.Is(err, identityapi.ErrAccountNotFound) {
		return err
	}
	return nil
}
