package store

import (
	"testing"
	"time"
)

func TestParseTimeAgreesWithTimeParse(t *testing.T) {
	for _, v := range []string{
		"2026-11-25 23:41:00+00:00", "2026-11-25 23:41:00.1+00:00", "2026-11-25 23:41:00.123456+00:00",
		"2026-11-25 23:41:00.123456789-07:30", "2024-02-29 00:00:00.000001+05:45", "2026-11-25T23:41:00Z",
	} {
		want, werr := time.Parse(timeLayout, v)
		got, err := parseTime(v)
		if (err != nil) != (werr != nil) || !got.Equal(want) {
			t.Errorf("parseTime(%q) = %v, %v; time.Parse: %v, %v", v, got, err, want, werr)
		}
	}
}
