package dates

import (
	"testing"
	"time"
)

func TestParseAcceptsOnlyRealDates(t *testing.T) {
	for s, ok := range map[string]bool{
		"2024-02-29": true, "2023-02-29": false, "2024-13-01": false, "2024-2-3": false,
		"2024-02-03T00:00:00Z": false, "": false, "1899-12-31": false, "2200-12-31": true, " 2024-01-01": false,
	} {
		if Valid(s) != ok {
			t.Errorf("Valid(%q) = %v", s, !ok)
		}
	}
}

func TestTodayFollowsTheReadersZone(t *testing.T) {
	now := time.Date(2026, 11, 22, 23, 30, 0, 0, time.UTC)
	if got := Today("Pacific/Kiritimati", now); got != "2026-11-23" {
		t.Fatalf("UTC+14: %s", got)
	}
	if got := Today("America/Los_Angeles", now); got != "2026-11-22" {
		t.Fatalf("LA: %s", got)
	}
	if got := Today("Not/AZone", now); got != "2026-11-22" {
		t.Fatalf("fallback: %s", got)
	}
	if AddDays("2024-02-28", 2) != "2024-03-01" {
		t.Fatal("AddDays")
	}
}
