package domain

import (
	"fmt"

	"lamplight/modules/bible"
)

// CoverageError reports the first verse read a number of times other than
// declared, and how many verses differ in all.
type CoverageError struct {
	Verse       bible.VerseID
	Read, Want  int
	Differences int
}

func (e *CoverageError) Error() string {
	return fmt.Sprintf("%d verses read other than declared; first %s read %d times, want %d", e.Differences, e.Verse, e.Read, e.Want)
}

// CheckCoverage checks that the plan reads every verse of each declared
// scope exactly the declared number of times and no other verse at all
// (once through every track for a cyclic plan), after checking every range.
func CheckCoverage(p *Plan, want []Coverage) error {
	if err := p.Validate(); err != nil {
		return err
	}
	read := make([]int, bible.TotalVerses)
	add := func(rs []bible.Range, times int, into []int) {
		for _, r := range rs {
			lo, _ := r.Start.Index()
			hi, _ := r.End.Index()
			for i := lo; i <= hi; i++ {
				into[i] += times
			}
		}
	}
	for _, d := range p.Days {
		add(d.Units, 1, read)
	}
	for _, t := range p.Tracks {
		add(t.Units, 1, read)
	}
	expected := make([]int, bible.TotalVerses)
	for _, c := range want {
		add(c.Scope, c.Times, expected)
	}
	var first *CoverageError
	n := 0
	for i := range read {
		if read[i] != expected[i] {
			n++
			if first == nil {
				v, _ := bible.VerseAt(i)
				first = &CoverageError{Verse: v, Read: read[i], Want: expected[i]}
			}
		}
	}
	if first != nil {
		first.Differences = n
		return first
	}
	return nil
}
