package readmodelsapi

import (
	"context"
	"encoding/json"

	"go.uber.org/fx"

	"lamplight/modules/reading/readingapi"
	"lamplight/modules/settings/settingsapi"
)

// A module whose screen shows something derived from the log, the
// settings or its own data defines that read model in its own folder: a
// Spec registered with ReadModel. The engine (the readmodels module's
// internal) keeps it current and serves it as it serves its own, and the
// module reads it back through a Reader, so the readmodels module never
// imports the module and no arrow points back.

// Input is one consistent view of a reader that a read model computes
// from: the log (at its version), the settings, the reader's local date
// ("" unless the spec uses it) and the other inputs the spec reads.
type Input struct {
	Log      readingapi.Log
	Settings settingsapi.Settings
	Today    string
	values   map[string]any
}

// NewInput is the engine's (and a test's) way to build an Input.
func NewInput(log readingapi.Log, settings settingsapi.Settings, today string, values map[string]any) Input {
	return Input{Log: log, Settings: settings, Today: today, values: values}
}

// Value is the value of the input named name, one the spec reads (nil for
// another): its source module says what type it is.
func (in Input) Value(name string) any { return in.values[name] }

// Spec describes a read model to the engine.
type Spec[T any] struct {
	// Name is unique among read models: the cache key is proj:<Name>:<user>.
	Name string
	// FromLookBack reads only the entries dated on or after the reader's
	// look-back date; otherwise the whole log.
	FromLookBack bool
	// UsesToday makes the reader's local date an input.
	UsesToday bool
	// Inputs renders the settings the read model reads, for the version.
	Inputs func(settingsapi.Settings) string
	// Reads names the inputs (platform/inputs) read besides the log and the
	// settings, which every read model reads.
	Reads []string
	// Compute is the read model itself; it must be pure. T is cached as
	// JSON: what it keeps in unexported fields (for Extend) is kept only in
	// process.
	Compute func(Input) T
	// Extend, when set, computes the value from prev, computed for the same
	// settings, date and other inputs at the earlier log version
	// prevVersion, when the log's Changes allow (readingapi.Log.SameBefore);
	// false sends the engine to Compute. It must give what Compute gives and
	// must not change prev.
	Extend func(prev T, prevVersion int64, in Input) (T, bool)
}

// View is what a value was served for: the reader's settings and local date.
type View struct {
	Settings settingsapi.Settings
	Today    string
}

// Answer is a read model's HTTP answer, encoded once: its gzip-compressed
// JSON and its ETag (httpx.WriteTagged sends it).
type Answer struct {
	Gzip []byte
	ETag string
}

// Registration is a Spec as the engine runs it, its values of any type.
type Registration struct {
	Name         string
	FromLookBack bool
	UsesToday    bool
	Inputs       func(settingsapi.Settings) string
	Reads        []string
	Compute      func(Input) any
	// Extend is nil when the spec has none.
	Extend func(prev any, prevVersion int64, in Input) (any, bool)
	// Decode reads a cached value back.
	Decode func([]byte) (any, error)
}

// RegistrationGroup is the fx group ReadModel adds its Registration to.
const RegistrationGroup = `group:"readmodel_registrations"`

// Runner serves one registered read model; the engine implements it.
type Runner interface {
	// Get returns the reader's value for today ("" for the reader's local
	// date), recomputing it when an input moved.
	Get(ctx context.Context, userID, today string) (any, View, error)
	// Answer returns the reader's encoded answer, kept per inputs' version
	// and variant: a cached read asks the database nothing.
	Answer(ctx context.Context, userID, today string, variant func(View) (string, error), render func(any, View) ([]byte, error)) (Answer, error)
}

// Engine finds the runner of a registered read model; the readmodels
// module provides it.
type Engine interface {
	Runner(name string) (Runner, error)
}

// Reader reads a module's read model, typed.
type Reader[T any] struct{ r Runner }

// Get returns the reader's value and what it was served for.
func (r Reader[T]) Get(ctx context.Context, userID, today string) (T, View, error) {
	v, view, err := r.r.Get(ctx, userID, today)
	t, _ := v.(T)
	return t, view, err
}

// Answer returns the reader's answer for variant (the request's parameters
// as resolved for the view; it may refuse the request), rendered as JSON by
// render once per inputs' version and variant.
func (r Reader[T]) Answer(ctx context.Context, userID, today string, variant func(View) (string, error), render func(T, View) ([]byte, error)) (Answer, error) {
	return r.r.Answer(ctx, userID, today, variant, func(v any, view View) ([]byte, error) {
		t, _ := v.(T)
		return render(t, view)
	})
}

// ReadModel registers spec with the engine and provides its Reader[T]: a
// module's one line for its read model (its module.go).
func ReadModel[T any](spec Spec[T]) fx.Option {
	reg := Registration{
		Name: spec.Name, FromLookBack: spec.FromLookBack, UsesToday: spec.UsesToday, Inputs: spec.Inputs, Reads: spec.Reads,
		Compute: func(in Input) any { return spec.Compute(in) },
		Decode: func(b []byte) (any, error) {
			var v T
			err := json.Unmarshal(b, &v)
			return v, err
		},
	}
	if spec.Extend != nil {
		reg.Extend = func(prev any, prevVersion int64, in Input) (any, bool) {
			p, ok := prev.(T)
			if !ok {
				return nil, false
			}
			return spec.Extend(p, prevVersion, in)
		}
	}
	return fx.Provide(
		fx.Annotate(func() Registration { return reg }, fx.ResultTags(RegistrationGroup)),
		func(e Engine) (Reader[T], error) {
			r, err := e.Runner(spec.Name)
			return Reader[T]{r: r}, err
		},
	)
}
