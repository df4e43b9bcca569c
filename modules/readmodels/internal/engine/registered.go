package engine

import (
	"fmt"

	"go.uber.org/fx"

	"lamplight/modules/readmodels/readmodelsapi"
)

// A module defines a read model in its own folder (readmodelsapi.Spec,
// registered with readmodelsapi.ReadModel); the engine runs each as a
// Runner of values of any type, a Member of the Refresher and a Rebuilder
// like its own read models, and hands the module its runner back by name.

// registeredIn is what the registered read models take from fx.
type registeredIn struct {
	fx.In
	Deps          Deps
	Registrations []readmodelsapi.Registration `group:"readmodel_registrations"`
}

// registeredOut adds them to the Refresher's members and the Rebuilders.
type registeredOut struct {
	fx.Out
	Members    []Member                  `group:"projection_members,flatten"`
	Rebuilders []readmodelsapi.Rebuilder `group:"projection_rebuilders,flatten"`
	Engine     readmodelsapi.Engine
}

// registered finds a registered read model's runner by name.
type registered map[string]*Runner[any]

func (r registered) Runner(name string) (readmodelsapi.Runner, error) {
	if run, ok := r[name]; ok {
		return run, nil
	}
	return nil, fmt.Errorf("read model %q is not registered", name)
}

func newRegistered(in registeredIn) (registeredOut, error) {
	out := registeredOut{}
	byName := registered{}
	for _, reg := range in.Registrations {
		if _, dup := byName[reg.Name]; dup {
			return registeredOut{}, fmt.Errorf("read model %q registered twice", reg.Name)
		}
		run := NewRunner(specOf(reg), in.Deps)
		byName[reg.Name] = run
		out.Members = append(out.Members, run)
		out.Rebuilders = append(out.Rebuilders, run)
	}
	out.Engine = byName
	return out, nil
}

// specOf is the Spec running reg.
func specOf(reg readmodelsapi.Registration) Spec[any] {
	s := Spec[any]{
		Name: reg.Name, FromLookBack: reg.FromLookBack, UsesToday: reg.UsesToday, Inputs: reg.Inputs, Reads: reg.Reads,
		Compute: func(in Input) any { return reg.Compute(in.public()) },
		Decode:  reg.Decode,
	}
	if reg.Extend != nil {
		s.Extend = func(prev any, prevVersion int64, in Input) (any, bool) {
			return reg.Extend(prev, prevVersion, in.public())
		}
	}
	return s
}

// public is the input as a module's read model sees it.
func (in Input) public() readmodelsapi.Input {
	values := make(map[string]any, len(in.others))
	for name, r := range in.others {
		values[name] = r.value
	}
	return readmodelsapi.NewInput(in.Log, in.Settings, in.Today, values)
}
