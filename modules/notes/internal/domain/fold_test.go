package domain_test

import (
	"strings"
	"testing"

	"lamplight/modules/notes/internal/domain"
)

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"Génèse":                  "genese",
		"GENESE":                  "genese",
		"génèse":                  "genese",
		"Ge\u0301ne\u0300se":      "genese",
		"Straße":                  "strasse",
		"Æther Œuvre":             "aether oeuvre",
		"Łódź":                    "lodz",
		"España ÇA":               "espana ca",
		"ﬁrst":                    "first",
		"  many\n\n  lines\t ":    "many lines",
		"Ἰησοῦς":                  "ιησουσ",
		"Йосип і Її":              "йосип і її",
		"ИСУС":                    "исус",
		"100% _sure_ \\o/":        "100% _sure_ \\o/",
		"":                        "",
		"Mose 1,1: Im Anfang ...": "mose 1,1: im anfang ...",
	} {
		if got := domain.Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFoldedSearchIsSymmetric(t *testing.T) {
	note := domain.Fold("Notes on Genèse 1 — the CRÉATION")
	for _, q := range []string{"genese", "GENÈSE", "génèse", "creation", "Création", "genese 1 — the"} {
		if !strings.Contains(note, domain.Fold(q)) {
			t.Errorf("%q not found in %q", q, note)
		}
	}
	if strings.Contains(domain.Fold("Genese"), domain.Fold("génèse")) != true {
		t.Error("génèse should find Genese")
	}
}
