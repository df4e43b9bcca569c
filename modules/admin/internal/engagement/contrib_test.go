package engagement

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// Moving the figures by the difference of what a change's window of facts
// contributes gives the figures counted from all the facts: reading days
// logged, removed and re-measured at random, with the windows the writes
// read (around the changed days for reading, the day alone for notes and
// reminders).
func TestChangesInTheirWindowAddUpToTheCount(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const first, days = 20000, 200
	f := newFacts()
	f.hasAccount, f.signup = true, first+40
	kept := tally{}
	// within restricts facts to the window [lo, hi], as the store reads them.
	within := func(f readerFacts, lo, hi int) readerFacts {
		w := newFacts()
		w.hasAccount, w.signup = f.hasAccount, f.signup
		for d, g := range f.reading {
			if lo <= d && d <= hi {
				w.reading[d] = g
			}
		}
		for d, n := range f.notes {
			if lo <= d && d <= hi {
				w.notes[d] = n
			}
		}
		for d := range f.sent {
			if lo <= d && d <= hi {
				w.sent[d] = true
			}
		}
		return w
	}
	apply := func(before, after readerFacts, spans []span) {
		for d, c := range change(before, after, spans) {
			for i, n := range c {
				kept.at(d)[i] += n
			}
		}
	}
	apply(newFacts(), f, always) // the account registered
	for range 2000 {
		d := first + r.IntN(days)
		after := f.clone()
		switch r.IntN(4) {
		case 0, 1:
			if r.IntN(3) == 0 {
				delete(after.reading, d)
			} else {
				after.reading[d] = r.IntN(2) == 0
			}
			lo, hi := d-monthWindow, d+monthWindow
			spans := spread([]int{d}, monthWindow-1)
			if !spans[0].has(f.signup) {
				spans = append(spans, span{f.signup, f.signup})
			}
			apply(within(f, lo, hi), within(after, lo, hi), spans)
		case 2:
			after.notes[d] = r.IntN(3)
			apply(within(f, d, d), within(after, d, d), []span{{d, d}})
		case 3:
			after.sent[d] = true
			apply(within(f, d, d), within(after, d, d), []span{{d, d}})
		}
		f = after
	}
	counted := tally{}
	f.contribute(always, counted, 1)
	if got, want := kept.rows(), counted.rows(); !reflect.DeepEqual(got, want) {
		t.Fatalf("kept by the changes and counted differ:\n%v\n%v", got, want)
	}
}
