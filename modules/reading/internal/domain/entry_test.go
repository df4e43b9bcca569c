package domain

import (
	"testing"

	"lamplight/platform/errs"
)

func TestDraftValidation(t *testing.T) {
	cases := []struct {
		d                   Draft
		field, code, reason string
	}{
		{Draft{"2024-01-01", 101001001, 101001031}, "", "", ""},
		{Draft{"2024-01-01", 143003016, 143003016}, "", "", ""},
		{Draft{"", 101001001, 101001002}, "date", "required", ""},
		{Draft{"2023-02-29", 101001001, 101001002}, "date", "is_invalid", ""},
		{Draft{"2024-01-01", 0, 101001002}, "startVerseId", "required", ""},
		{Draft{"2024-01-01", 101001001, 0}, "endVerseId", "required", ""},
		{Draft{"2024-01-01", 101001000, 101001002}, "startVerseId", "is_invalid", ""},
		{Draft{"2024-01-01", 101001001, 101001032}, "endVerseId", "is_invalid", ""},
		{Draft{"2024-01-01", 101001005, 101001001}, "endVerseId", "is_invalid", "start_after_end"},
		{Draft{"2024-01-01", 101050026, 102001001}, "endVerseId", "is_invalid", "same_book"},
		{Draft{"2024-01-01", 167001001, 167001002}, "startVerseId", "is_invalid", ""},
	}
	for _, c := range cases {
		var f errs.Fields
		c.d.Validate("", &f)
		if c.field == "" {
			if len(f) != 0 {
				t.Errorf("%+v: unexpected %+v", c.d, f)
			}
			continue
		}
		if len(f) != 1 || f[0].Field != c.field || f[0].Code != c.code || c.reason != "" && f[0].Properties["reason"] != c.reason {
			t.Errorf("%+v: got %+v, want %s %s", c.d, f, c.field, c.code)
		}
	}
}
