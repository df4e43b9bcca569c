package plansapi

import (
	"reflect"
	"testing"
)

func TestDueOnNamesEachPlanDayOnTheDateOfPlansNotPaused(t *testing.T) {
	plans := []Schedule{
		{Name: "M'Cheyne", Days: []Day{{Day: 11, Date: "2026-03-11"}, {Day: 12, Date: "2026-03-12", Done: true}}},
		{Name: "Rebalanced", Days: []Day{{Day: 3, Date: "2026-03-12"}, {Day: 4, Date: "2026-03-12"}}},
		{Name: "Paused", Paused: true, Days: []Day{{Day: 1, Date: "2026-03-12"}}},
		{Name: "Horner"},
	}
	got := DueOn(plans, "2026-03-12")
	want := []Named{
		{Plan: "M'Cheyne", Day: Day{Day: 12, Date: "2026-03-12", Done: true}},
		{Plan: "Rebalanced", Day: Day{Day: 3, Date: "2026-03-12"}},
		{Plan: "Rebalanced", Day: Day{Day: 4, Date: "2026-03-12"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%+v", got)
	}
}
