package engine

import (
	"cmp"
	"slices"
	"sort"

	"lamplight/modules/bible"
	"lamplight/modules/reading/readingapi"
	"lamplight/platform/memo"
)

// A write usually adds a passage on the log's last date (today). The
// projections' work over a ten-year log is mostly the union of every
// passage read, and the date verse counts of dates whose earlier log did
// not change. So the runner carries on from what it computed before when
// the log's Changes show that only its end changed:
//
//   - Reads keeps, per reader and look-back date, the verses read before
//     the log's last date, shared by every projection (Input.ReadBefore,
//     Input.Read);
//   - a projection with Spec.Extend is given its own previous value to
//     extend instead of computing from the whole log.
//
// Both fall back to the whole log whenever the Changes do not reach back to
// what was kept. Either way the value is the one Compute gives for the same
// input (modules/readmodels/incremental_test.go holds them to that).

// keptReaders bounds the readers whose read sets and previous values are
// kept, as many as the reading module keeps logs for (without their
// Changes nothing kept can be carried on).
const keptReaders = 256

// keptVersions is how many of a reader's latest values are kept: while
// writes land, computations of neighbouring log versions run at once, and
// one that finishes later than a newer one still finds one it can carry on
// from (none can carry on from a newer version).
const keptVersions = 3

// keep adds v to vs, ordered by version, dropping the oldest beyond
// keptVersions; vs is not changed (readers may hold it).
func keep[V any](vs []V, v V, version func(V) int64) []V {
	out := make([]V, 0, keptVersions+1)
	for _, o := range vs {
		if version(o) != version(v) {
			out = append(out, o)
		}
	}
	out = append(out, v)
	slices.SortFunc(out, func(a, b V) int { return cmp.Compare(version(a), version(b)) })
	return out[max(len(out)-keptVersions, 0):]
}

// Reads is the verses each recently computed reader read before their
// log's last date.
type Reads struct {
	kept *memo.Memo[readsKey, []readBefore]
}

type readsKey struct{ userID, lookBack string }

// readBefore is the union of the verses of the entries dated from the
// look-back date up to before (excluded), in the log at version.
type readBefore struct {
	version int64
	before  string
	set     *bible.VerseSet
}

// NewReads returns an empty Reads.
func NewReads() *Reads { return &Reads{kept: memo.New[readsKey, []readBefore](keptReaders)} }

func (r readBefore) logVersion() int64 { return r.version }

// before returns the log's last date and the verses read before it, from
// the kept set when l's Changes allow.
func (rs *Reads) before(userID string, l readingapi.Log, lookBack string) (string, *bible.VerseSet) {
	if len(l.Entries) == 0 {
		return "", &bible.VerseSet{}
	}
	last := l.Entries[len(l.Entries)-1].Date
	if rs == nil {
		return last, union(l.Entries, lookBack, last, &bible.VerseSet{})
	}
	key := readsKey{userID, lookBack}
	kept, _, _ := rs.kept.Latest(key)
	var set *bible.VerseSet
	for _, k := range slices.Backward(kept) {
		switch {
		case k.before == last && l.SameBefore(k.version, last):
			return last, k.set
		case k.before < last && l.SameBefore(k.version, k.before):
			grown := *k.set
			set = union(l.Entries, max(lookBack, k.before), last, &grown)
		default:
			continue
		}
		break
	}
	if set == nil {
		set = union(l.Entries, lookBack, last, &bible.VerseSet{})
	}
	rs.kept.Update(key, func(kept []readBefore, _ int64, _ bool) ([]readBefore, int64) {
		return keep(kept, readBefore{version: l.Version, before: last, set: set}, readBefore.logVersion), 0
	})
	return last, set
}

// forget drops what is kept of a deleted reader.
func (rs *Reads) forget(userID string) {
	rs.kept.ForgetIf(func(k readsKey) bool { return k.userID == userID })
}

// union adds to set the verses of the entries dated from from up to before
// (excluded); entries are in date order.
func union(entries []readingapi.Entry, from, before string, set *bible.VerseSet) *bible.VerseSet {
	if from >= before {
		return set
	}
	for _, e := range entries[firstOn(entries, from):firstOn(entries, before)] {
		set.Add(e.Range())
	}
	return set
}

// firstOn is the index of the first entry dated on or after date.
func firstOn(entries []readingapi.Entry, date string) int {
	return sort.Search(len(entries), func(i int) bool { return entries[i].Date >= date })
}

// ReadBefore returns the log's last date ("" for an empty log) and the
// verses of the entries dated from the look-back date up to it, excluded.
// The set is shared: it must not be changed.
func (in Input) ReadBefore() (string, *bible.VerseSet) {
	return in.reads.before(in.userID, in.Log, in.Settings.LookBackDate)
}

// Read returns the verses of every entry dated on or after the look-back
// date, as a set of the caller's own.
func (in Input) Read() *bible.VerseSet {
	last, before := in.ReadBefore()
	read := *before
	for _, e := range in.Log.Entries[firstOn(in.Log.Entries, max(last, in.Settings.LookBackDate)):] {
		read.Add(e.Range())
	}
	return &read
}

// EntriesFrom returns the log's entries dated on or after date.
func (in Input) EntriesFrom(date string) []readingapi.Entry {
	return in.Log.Entries[firstOn(in.Log.Entries, date):]
}

// previous is a runner's last values for each recently computed reader.
type previous[T any] struct{ kept *memo.Memo[string, []kept[T]] }

func newPrevious[T any]() previous[T] {
	return previous[T]{kept: memo.New[string, []kept[T]](keptReaders)}
}

// kept is a value with what it was computed from: the log version, and
// the settings and date it depends on (inputs).
type kept[T any] struct {
	logVersion int64
	inputs     string
	value      T
}

func (k kept[T]) version() int64 { return k.logVersion }

// get returns the newest value for inputs computed at log version at most
// version.
func (p previous[T]) get(userID, inputs string, version int64) (kept[T], bool) {
	ks, _, _ := p.kept.Latest(userID)
	for _, k := range slices.Backward(ks) {
		if k.logVersion <= version && k.inputs == inputs {
			return k, true
		}
	}
	return kept[T]{}, false
}

func (p previous[T]) put(userID string, k kept[T]) {
	p.kept.Update(userID, func(old []kept[T], _ int64, _ bool) ([]kept[T], int64) {
		// Values of other inputs (settings changed, another day) are of
		// no more use.
		old = slices.DeleteFunc(slices.Clone(old), func(o kept[T]) bool { return o.inputs != k.inputs })
		return keep(old, k, kept[T].version), 0
	})
}

func (p previous[T]) forget(userID string) { p.kept.Forget(userID) }
