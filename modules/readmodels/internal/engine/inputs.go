package engine

import (
	"context"
	"sync"

	"lamplight/modules/reading/readingapi"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/cache"
)

// Inputs are what a reader's projections depend on besides the log: the
// settings and the log version.
type Inputs struct {
	Settings   settingsapi.Settings
	LogVersion int64
}

// InputsReader reads a reader's current Inputs. A value cached for them is
// current; the log itself is read only when one is not.
type InputsReader interface {
	Inputs(ctx context.Context, userID string) (Inputs, error)
}

// separate reads the settings, then the log version, through the modules'
// contracts: two statements.
type separate struct {
	settings settingsapi.Reader
	reading  readingapi.Reader
}

func (s separate) Inputs(ctx context.Context, userID string) (Inputs, error) {
	st, err := s.settings.Get(ctx, userID)
	if err != nil {
		return Inputs{}, err
	}
	v, err := s.reading.Version(ctx, userID)
	return Inputs{Settings: st, LogVersion: v}, err
}

// newInputs reads the inputs through the settings and reading modules'
// contracts, and a request's from the stamps when the cache keeps them.
func newInputs(s settingsapi.Reader, r readingapi.Reader, c cache.Cache) InputsReader {
	sep := separate{settings: s, reading: r}
	st, ok := cache.StamperOf(c)
	if !ok {
		return sep
	}
	return &stamped{InputsReader: sep, stamps: st}
}

// current is what a read needs: the stamped inputs when the reader has them.
type current interface {
	Current(ctx context.Context, userID string) (Inputs, error)
}

// stampKeys are the stamps a read's inputs come from; the authentication
// middleware fetches them with the session (cache.UserKeysGroup).
func stampKeys(userID string) []string {
	return []string{readingapi.VersionStamp(userID), settingsapi.VersionStamp(userID)}
}

// keptSettingsSize bounds the readers whose settings are kept; past it they
// are all dropped and read again.
const keptSettingsSize = 10_000

// stamped reads a request's inputs from the version stamps of the log and
// the settings (cache/stamp.go; the writers keep them) and the settings kept
// in process under their version: a cached read asks the database nothing.
// A missing or pending stamp, or kept settings of another version, sends it
// to the database, and what it read there fills the stamps. Events still
// read the database (Inputs).
type stamped struct {
	InputsReader
	stamps cache.Stamper
	mu     sync.Mutex
	kept   map[string]settingsapi.Settings
}

func (s *stamped) Current(ctx context.Context, userID string) (Inputs, error) {
	keys := stampKeys(userID)
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
	var logV, settingsV int64
	logOK, settingsOK := false, false
	if len(raw) == len(keys) {
		logV, logOK = cache.ParseStamp(raw[0])
		settingsV, settingsOK = cache.ParseStamp(raw[1])
	}
	if logOK && settingsOK {
		s.mu.Lock()
		st, ok := s.kept[userID]
		s.mu.Unlock()
		if ok && st.Version == settingsV {
			return Inputs{Settings: st, LogVersion: logV}, nil
		}
	}
	in, err := s.Inputs(ctx, userID)
	if err != nil {
		return in, err
	}
	s.mu.Lock()
	if s.kept == nil || len(s.kept) >= keptSettingsSize {
		s.kept = map[string]settingsapi.Settings{}
	}
	s.kept[userID] = in.Settings
	s.mu.Unlock()
	// A failed fill costs the next read a statement, nothing more.
	if !logOK || logV < in.LogVersion {
		_ = s.stamps.Stamp(ctx, keys[0], cache.StampFill, in.LogVersion)
	}
	// Settings of version 0 are defaults with no row yet; the row is
	// created outside a unit of work, so only a row's version is stamped.
	if in.Settings.Version > 0 && (!settingsOK || settingsV < in.Settings.Version) {
		_ = s.stamps.Stamp(ctx, keys[1], cache.StampFill, in.Settings.Version)
	}
	return in, nil
}
