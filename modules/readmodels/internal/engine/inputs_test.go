package engine_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"go.uber.org/fx"

	"lamplight/modules/reading/readingapi"
	"lamplight/modules/readmodels/internal/engine"
	"lamplight/modules/readmodels/readmodelsapi"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/bus"
	"lamplight/platform/cache"
	"lamplight/platform/inputs"
	"lamplight/platform/metrics"
)

// A module that is not the engine's (a reading plan, say) contributes an
// input and a read model reading it, and the engine serves it as it serves
// the others: the tests below wire them with fx exactly as a module would,
// and change nothing in the engine.

// planChanged is the plan module's event.
type planChanged struct {
	UserID string `json:"userId"`
}

func (planChanged) Topic() string { return "test.plan.changed" }

// plans is the plan module's source of truth: one plan name per reader, its
// version growing with each change, whose writes keep the stamp the way the
// modules' units of work do (cache/stamp.go).
type plans struct {
	mu      sync.Mutex
	name    map[string]string
	version map[string]int64
	reads   atomic.Int32
	stamps  cache.Stamper
}

func stamp(u string) string { return "stamp:plan:" + u }

func (p *plans) set(t *testing.T, u, name string) {
	t.Helper()
	ctx := context.Background()
	if err := p.stamps.Stamp(ctx, stamp(u), cache.StampBegin, 0); err != nil {
		t.Fatal(err)
	}
	p.mu.Lock()
	p.name[u] = name
	p.version[u]++
	v := p.version[u]
	p.mu.Unlock()
	if err := p.stamps.Stamp(ctx, stamp(u), cache.StampEnd, v); err != nil {
		t.Fatal(err)
	}
}

func (p *plans) input() inputs.Input {
	return inputs.Input{
		Name:  "plan",
		Stamp: stamp,
		Read: func(_ context.Context, u string) (any, int64, error) {
			p.reads.Add(1)
			p.mu.Lock()
			defer p.mu.Unlock()
			return p.name[u], p.version[u], nil
		},
		OnChange: func(changed func(context.Context, string) error) bus.Handler {
			return bus.On("projections.refresh.plan", func(ctx context.Context, ev planChanged) error {
				return changed(ctx, ev.UserID)
			})
		},
	}
}

// planView is the plan module's read model: the plan and the log's size.
type planView struct{ *engine.Runner[string] }

func newPlanView(computes *atomic.Int32) func(engine.Deps) *planView {
	return func(d engine.Deps) *planView {
		return &planView{engine.NewRunner(engine.Spec[string]{
			Name:   "planview",
			Inputs: func(settingsapi.Settings) string { return "" },
			Reads:  []string{"plan"},
			Compute: func(in engine.Input) string {
				computes.Add(1)
				return fmt.Sprintf("%s/%d", in.Value("plan"), len(in.Log.Entries))
			},
		}, d)}
	}
}

type oneLog struct{ version atomic.Int64 }

func (l *oneLog) Log(context.Context, string, string) (readingapi.Log, error) {
	return readingapi.Log{Version: l.version.Load()}, nil
}
func (l *oneLog) LogAt(ctx context.Context, u, from string, _ int64) (readingapi.Log, error) {
	return l.Log(ctx, u, from)
}
func (l *oneLog) Version(context.Context, string) (int64, error)     { return l.version.Load(), nil }
func (l *oneLog) UsersWithEntries(context.Context) ([]string, error) { return nil, nil }

type noSettings struct{}

func (noSettings) Get(context.Context, string) (settingsapi.Settings, error) {
	return settingsapi.Settings{TimeZone: "UTC", Version: 1}, nil
}

type planApp struct {
	plans      *plans
	view       *planView
	refresher  *engine.Refresher
	handlers   []bus.Handler
	keys       []cache.UserKeys
	rebuilders []readmodelsapi.Rebuilder
	cache      cache.Cache
	computes   atomic.Int32
}

// startPlanApp wires the engine, the log and settings inputs as their
// modules contribute them, and the plan module's input and read model.
func startPlanApp(t *testing.T, extra ...fx.Option) (*planApp, error) {
	m := cache.NewMemory()
	t.Cleanup(m.Close)
	st, _ := cache.StamperOf(m)
	a := &planApp{plans: &plans{name: map[string]string{}, version: map[string]int64{}, stamps: st}, cache: m}
	type handlersIn struct {
		fx.In
		Handlers   []bus.Handler             `group:"bus_handlers"`
		Keys       []cache.UserKeys          `group:"cache_user_keys"`
		Rebuilders []readmodelsapi.Rebuilder `group:"projection_rebuilders"`
	}
	app := fx.New(
		fx.NopLogger,
		fx.Supply(fx.Annotate(m, fx.As(new(cache.Cache))), metrics.New(), slog.New(slog.NewTextHandler(io.Discard, nil))),
		fx.Provide(
			func() readingapi.Reader { return &oneLog{} },
			func() settingsapi.Reader { return noSettings{} },
		),
		inputs.Provide(readingapi.Input),
		inputs.Provide(settingsapi.Input),
		engine.Module,
		// The plan module's own code, nothing more.
		inputs.Provide(a.plans.input),
		engine.ReadModel(newPlanView(&a.computes)),
		fx.Options(extra...),
		fx.Populate(&a.view, &a.refresher),
		fx.Invoke(func(in handlersIn) { a.handlers, a.keys, a.rebuilders = in.Handlers, in.Keys, in.Rebuilders }),
	)
	return a, app.Err()
}

func TestAModuleAddsAnInputAndAReadModelReadingIt(t *testing.T) {
	ctx := context.Background()
	a, err := startPlanApp(t)
	if err != nil {
		t.Fatal(err)
	}
	a.plans.set(t, "u1", "gospels")
	get := func() string {
		t.Helper()
		v, _, err := a.view.Get(ctx, "u1", "")
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	if got := get(); got != "gospels/0" || a.computes.Load() != 1 {
		t.Fatalf("%q after %d computes", got, a.computes.Load())
	}
	// Served from the cache: the plan's stamp and its kept value answer,
	// the plan is not read again.
	reads := a.plans.reads.Load()
	if got := get(); got != "gospels/0" || a.computes.Load() != 1 || a.plans.reads.Load() != reads {
		t.Fatalf("%q after %d computes, %d plan reads", got, a.computes.Load(), a.plans.reads.Load()-reads)
	}
	// A change of the plan changes its stamp: the next read recomputes.
	a.plans.set(t, "u1", "psalms")
	if got := get(); got != "psalms/0" || a.computes.Load() != 2 {
		t.Fatalf("%q after %d computes", got, a.computes.Load())
	}

	// The plan's change event reaches the engine through the handler the
	// plan module built, and refreshes the value the reader looks at.
	var onPlan *bus.Handler
	for i, h := range a.handlers {
		if h.Name == "projections.refresh.plan" {
			onPlan = &a.handlers[i]
		}
	}
	if onPlan == nil {
		t.Fatalf("no handler for the plan among %d", len(a.handlers))
	}
	a.plans.set(t, "u1", "proverbs")
	if err := onPlan.Handle(ctx, []byte(`{"userId":"u1"}`)); err != nil {
		t.Fatal(err)
	}
	if a.computes.Load() != 3 {
		t.Fatalf("the event did not recompute: %d computes", a.computes.Load())
	}
	v, err := cache.VersionOf(ctx, a.cache, a.view.Key("u1"))
	if err != nil || !strings.HasSuffix(v, "|plan=3") {
		t.Fatalf("cached version %q, %v", v, err)
	}
	if got := get(); got != "proverbs/0" || a.computes.Load() != 3 {
		t.Fatalf("%q after %d computes", got, a.computes.Load())
	}
	// The session lookup fetches the plan's stamp with the others.
	var keys []string
	for _, k := range a.keys {
		keys = append(keys, k("u1")...)
	}
	if !strings.Contains(strings.Join(keys, " "), stamp("u1")) {
		t.Fatalf("read-ahead keys %v", keys)
	}
}

func TestAReadModelOfAnInputNoModuleContributesDoesNotStart(t *testing.T) {
	var computes atomic.Int32
	type orphanView struct{ *engine.Runner[string] }
	orphan := func(d engine.Deps) *orphanView {
		return &orphanView{engine.NewRunner(engine.Spec[string]{
			Name:    "orphan",
			Inputs:  func(settingsapi.Settings) string { return "" },
			Reads:   []string{"cycle"},
			Compute: func(engine.Input) string { computes.Add(1); return "" },
		}, d)}
	}
	_, err := startPlanApp(t, engine.ReadModel(orphan))
	if err == nil || !strings.Contains(err.Error(), `"cycle"`) {
		t.Fatalf("started: %v", err)
	}
}

// planCount is a module's read model value, defined in its own folder.
type planCount struct {
	Plan    string `json:"plan"`
	Entries int    `json:"entries"`
}

func TestAModuleDefinesItsReadModelThroughThePublicDoor(t *testing.T) {
	ctx := context.Background()
	var computes atomic.Int32
	var reader readmodelsapi.Reader[planCount]
	a, err := startPlanApp(t,
		readmodelsapi.ReadModel(readmodelsapi.Spec[planCount]{
			Name:   "plancount",
			Inputs: func(settingsapi.Settings) string { return "" },
			Reads:  []string{"plan"},
			Compute: func(in readmodelsapi.Input) planCount {
				computes.Add(1)
				name, _ := in.Value("plan").(string)
				return planCount{Plan: name, Entries: len(in.Log.Entries)}
			},
		}),
		fx.Populate(&reader),
	)
	if err != nil {
		t.Fatal(err)
	}
	a.plans.set(t, "u1", "gospels")
	for i := range 2 {
		// The second read is answered from the cache, decoded as the
		// module's own type.
		v, _, err := reader.Get(ctx, "u1", "")
		if err != nil || v != (planCount{Plan: "gospels"}) || computes.Load() != 1 {
			t.Fatalf("read %d: %+v, %v after %d computes", i, v, err, computes.Load())
		}
	}
	answer := func() readmodelsapi.Answer {
		t.Helper()
		an, err := reader.Answer(ctx, "u1", "", engine.Whole, func(v planCount, _ readmodelsapi.View) ([]byte, error) {
			return []byte(v.Plan), nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return an
	}
	before := answer()
	a.plans.set(t, "u1", "psalms")
	if after := answer(); after.ETag == before.ETag || computes.Load() != 2 {
		t.Fatalf("a plan change kept the answer %s after %d computes", after.ETag, computes.Load())
	}
	// `lamplight projections rebuild` rebuilds it like the engine's own.
	var rebuilt bool
	for _, r := range a.rebuilders {
		rebuilt = rebuilt || r.Name() == "plancount"
	}
	if !rebuilt {
		t.Fatal("the module's read model is no Rebuilder")
	}
}
