package domain_test

import (
	"strings"
	"testing"

	"lamplight/modules/tags/internal/domain"
	"lamplight/platform/errs"
)

func TestNormalizeColor(t *testing.T) {
	for in, want := range map[string]string{
		"#ABC": "#aabbcc", "#a1B2c3": "#a1b2c3", " #FFF ": "#ffffff", "#000000": "#000000",
		"abc": "", "#abcd": "", "#ggg": "", "#": "", "": "", "#12345": "", "red": "", "#aabbccdd": "",
	} {
		got, ok := domain.NormalizeColor(in)
		if got != want || ok != (want != "") {
			t.Errorf("%q -> %q %v, want %q", in, got, ok, want)
		}
	}
}

func TestLabelKeyIgnoresCaseAndComposition(t *testing.T) {
	same := []string{"Prayer", "PRAYER", " prayer ", "pRaYeR"}
	for _, s := range same {
		if domain.LabelKey(s) != domain.LabelKey(same[0]) {
			t.Errorf("%q and %q differ", s, same[0])
		}
	}
	// é precomposed and e + combining acute are one label.
	if domain.LabelKey("Café") != domain.LabelKey("CAFE\u0301") {
		t.Error("composition matters")
	}
	if domain.LabelKey("Cafe") == domain.LabelKey("Café") {
		t.Error("accents are part of a label")
	}
}

func codes(err error) map[string]string {
	out := map[string]string{}
	if e, ok := errs.As(err); ok {
		for _, d := range e.Details {
			out[d.Field] = d.Code
		}
	}
	return out
}

func TestDraftValidate(t *testing.T) {
	v, err := domain.Draft{Label: "  Promises ", Color: "#F0A", Description: " kept "}.Validate()
	if err != nil || v.Label != "Promises" || v.Color != "#ff00aa" || v.Description != "kept" || v.Key != "promises" {
		t.Fatalf("%+v %v", v, err)
	}
	if _, err := (domain.Draft{Label: strings.Repeat("é", 32), Color: "#fff"}).Validate(); err != nil {
		t.Fatalf("32 characters refused: %v", err)
	}
	cases := []struct {
		d    domain.Draft
		want map[string]string
	}{
		{domain.Draft{Label: "   ", Color: "#fff"}, map[string]string{"label": "required"}},
		{domain.Draft{Label: strings.Repeat("a", 33), Color: "#fff"}, map[string]string{"label": "max_length"}},
		{domain.Draft{Label: "a\x00b", Color: "#fff"}, map[string]string{"label": "is_invalid"}},
		{domain.Draft{Label: "a", Color: "blue"}, map[string]string{"color": "is_invalid"}},
		{domain.Draft{Label: "a", Color: ""}, map[string]string{"color": "required"}},
		{domain.Draft{Label: "a", Color: "#fff", Description: strings.Repeat("d", 1501)}, map[string]string{"description": "max_length"}},
		{domain.Draft{Label: "", Color: "#12", Description: strings.Repeat("d", 1501)}, map[string]string{"label": "required", "color": "is_invalid", "description": "max_length"}},
	}
	for _, c := range cases {
		_, err := c.d.Validate()
		got := codes(err)
		if len(got) != len(c.want) {
			t.Errorf("%+v: %v", c.d, got)
			continue
		}
		for f, code := range c.want {
			if got[f] != code {
				t.Errorf("%+v: %s = %q, want %q", c.d, f, got[f], code)
			}
		}
	}
	_, err = domain.Draft{Label: strings.Repeat("a", 33), Color: "#fff"}.Validate()
	if e, _ := errs.As(err); e.Details[0].Properties["maxlength"] != 32 {
		t.Fatalf("%+v", e.Details[0])
	}
}
