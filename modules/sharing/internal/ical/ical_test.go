package ical

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestFoldAndEscape(t *testing.T) {
	var w Writer
	long := strings.Repeat("Псалом 119; ", 20)
	w.Text("SUMMARY", long)
	w.Line("UID", "a")
	out := w.String()
	if !strings.HasSuffix(out, "\r\nUID:a\r\n") {
		t.Fatalf("%q", out)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\r\n"), "\r\n")
	var joined strings.Builder
	for i, l := range lines {
		if len(l) > 75 || !utf8.ValidString(l) {
			t.Errorf("line %d: %d octets, valid %v", i, len(l), utf8.ValidString(l))
		}
		if i > 0 && i < len(lines)-1 {
			if !strings.HasPrefix(l, " ") {
				t.Errorf("continuation %d without a space", i)
			}
			l = l[1:]
		}
		if i < len(lines)-1 {
			joined.WriteString(l)
		}
	}
	if joined.String() != "SUMMARY:"+strings.ReplaceAll(long, ";", `\;`) {
		t.Errorf("unfolded %q", joined.String())
	}
	if got := Escape("a\\b;c,d\ne"); got != `a\\b\;c\,d\ne` {
		t.Errorf("%q", got)
	}
}
