package engine

import (
	"context"
	"fmt"
	"slices"

	"go.uber.org/fx"

	"lamplight/modules/reading/readingapi"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/bus"
	"lamplight/platform/cache"
	"lamplight/platform/inputs"
	"lamplight/platform/memo"
)

// Inputs are one reader's inputs as read together: the settings and the log
// version, which every read model reads, and the others its spec names.
type Inputs struct {
	Settings   settingsapi.Settings
	LogVersion int64
	others     map[string]read
}

// read is one input's value and the version it was read at.
type read struct {
	value   any
	version int64
}

// keptSize bounds the readers' input values kept in process (per input).
const keptSize = 10_000

// Sources reads the inputs the source modules contribute (platform/inputs):
// the log and the settings, and any other a spec names. A request reads
// them from the version stamps the writers keep (cache/stamp.go), fetched
// with the session, and their values kept in process under their version:
// a cached read asks the database nothing. A missing or pending stamp, or a
// value kept for another version, sends it to the database, and what it
// read there fills the stamps. Events always read the database.
type Sources struct {
	log, settings inputs.Input
	others        map[string]inputs.Input
	stamps        cache.Stamper
	kept          *memo.Memo[keptKey, any]
}

type keptKey struct{ input, userID string }

// SourcesIn is what NewSources takes from fx.
type SourcesIn struct {
	fx.In
	Inputs []inputs.Input `group:"readmodel_inputs"`
	Cache  cache.Cache
}

// NewSources reads ins; the log and the settings must be among them. A
// cache without stamps (nil, or a test's stand-in) sends every read to the
// database.
func NewSources(in SourcesIn) (*Sources, error) {
	s := &Sources{others: map[string]inputs.Input{}, kept: memo.New[keptKey, any](keptSize)}
	seen := map[string]bool{}
	for _, i := range in.Inputs {
		if seen[i.Name] {
			return nil, fmt.Errorf("read model input %q contributed twice", i.Name)
		}
		seen[i.Name] = true
		switch i.Name {
		case readingapi.InputName:
			s.log = i
		case settingsapi.InputName:
			s.settings = i
		default:
			s.others[i.Name] = i
		}
	}
	if s.log.Read == nil || s.settings.Read == nil {
		return nil, fmt.Errorf("read models need the %q and %q inputs", readingapi.InputName, settingsapi.InputName)
	}
	if in.Cache != nil {
		s.stamps, _ = cache.StamperOf(in.Cache)
	}
	return s, nil
}

// has tells whether an input of that name was contributed.
func (s *Sources) has(name string) bool {
	_, ok := s.others[name]
	return ok || name == readingapi.InputName || name == settingsapi.InputName
}

// Handlers are the inputs' change handlers, calling changed with the input's
// name and the reader.
func (s *Sources) Handlers(changed func(ctx context.Context, input, userID string) error) []bus.Handler {
	var hs []bus.Handler
	for _, i := range append([]inputs.Input{s.log, s.settings}, s.all(s.otherNames())[2:]...) {
		name := i.Name
		hs = append(hs, i.OnChange(func(ctx context.Context, userID string) error { return changed(ctx, name, userID) }))
	}
	return hs
}

// StampKeys are the stamps of every input; the authentication middleware
// fetches them with the session (cache.UserKeysGroup).
func (s *Sources) StampKeys(userID string) []string {
	var keys []string
	for _, i := range s.all(s.otherNames()) {
		if i.Stamp != nil {
			keys = append(keys, i.Stamp(userID))
		}
	}
	return keys
}

func (s *Sources) otherNames() []string {
	names := make([]string, 0, len(s.others))
	for n := range s.others {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// all is the settings, the log and the named others, in that order.
func (s *Sources) all(names []string) []inputs.Input {
	out := []inputs.Input{s.settings, s.log}
	for _, n := range names {
		out = append(out, s.others[n])
	}
	return out
}

// Read reads the reader's settings, log version and the named inputs from
// the database: one statement each.
func (s *Sources) Read(ctx context.Context, userID string, names []string) (Inputs, error) {
	var in Inputs
	for _, i := range s.all(names) {
		v, version, err := i.Read(ctx, userID)
		if err != nil {
			return Inputs{}, err
		}
		in.set(i.Name, v, version)
	}
	return in, nil
}

func (in *Inputs) set(name string, v any, version int64) {
	switch name {
	case settingsapi.InputName:
		in.Settings, _ = v.(settingsapi.Settings)
	case readingapi.InputName:
		in.LogVersion = version
	default:
		if in.others == nil {
			in.others = map[string]read{}
		}
		in.others[name] = read{value: v, version: version}
	}
}

// Current is what a read needs: the stamped inputs when the stamps and the
// kept values have them, else Read.
func (s *Sources) Current(ctx context.Context, userID string, names []string) (Inputs, error) {
	if s.stamps == nil {
		return s.Read(ctx, userID, names)
	}
	all := s.all(names)
	keys := make([]string, len(all))
	for i, in := range all {
		keys[i] = in.Stamp(userID)
	}
	raw := make([][]byte, len(keys))
	prefetched := true
	for i, k := range keys {
		var ok bool
		if raw[i], ok = cache.PrefetchedValue(ctx, k); !ok {
			prefetched = false
		}
	}
	if !prefetched {
		// An unreachable cache leaves them nil: the database answers.
		raw, _ = s.stamps.GetMany(ctx, keys...)
	}
	okAll := len(raw) == len(keys)
	var in Inputs
	for i, src := range all {
		if !okAll {
			break
		}
		version, ok := cache.ParseStamp(raw[i])
		if !ok {
			okAll = false
			break
		}
		var v any
		if !src.OnlyVersion {
			if v, ok = s.kept.Get(keptKey{src.Name, userID}, version); !ok {
				okAll = false
				break
			}
		}
		in.set(src.Name, v, version)
	}
	if okAll {
		return in, nil
	}
	in = Inputs{}
	for i, src := range all {
		v, version, err := src.Read(ctx, userID)
		if err != nil {
			return Inputs{}, err
		}
		in.set(src.Name, v, version)
		if !src.OnlyVersion {
			s.kept.Put(keptKey{src.Name, userID}, version, v)
		}
		var sv int64
		stampOK := len(raw) == len(keys)
		if stampOK {
			sv, stampOK = cache.ParseStamp(raw[i])
		}
		// A failed fill costs the next read a statement, nothing more.
		if (version > 0 || !src.ZeroUnstamped) && (!stampOK || sv < version) {
			_ = s.stamps.Stamp(ctx, keys[i], cache.StampFill, version)
		}
	}
	return in, nil
}

// forget drops what is kept of a deleted reader.
func (s *Sources) forget(userID string) {
	s.kept.ForgetIf(func(k keptKey) bool { return k.userID == userID })
}
