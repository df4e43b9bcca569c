package csvcell_test

import (
	"testing"

	"lamplight/platform/csvcell"
)

func TestNeutralAndRestore(t *testing.T) {
	for in, want := range map[string]string{
		"=HYPERLINK(\"https://evil.example\")": "'=HYPERLINK(\"https://evil.example\")",
		"+1":                                   "'+1",
		"-2+3":                                 "'-2+3",
		"@SUM(A1)":                             "'@SUM(A1)",
		"\t=1":                                 "'\t=1",
		"\r=1":                                 "'\r=1",
		"'=1":                                  "''=1",
		"Genesis 1":                            "Genesis 1",
		"2024-01-03":                           "2024-01-03",
		"it's":                                 "it's",
		"'":                                    "'",
		"":                                     "",
	} {
		if got := csvcell.Neutral(in); got != want {
			t.Errorf("Neutral(%q) = %q, want %q", in, got, want)
		}
		if got := csvcell.Restore(csvcell.Neutral(in)); got != in {
			t.Errorf("Restore(Neutral(%q)) = %q", in, got)
		}
	}
}
