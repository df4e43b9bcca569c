package redirect_test

import (
	"strings"
	"testing"

	"lamplight/platform/redirect"
)

func TestLocal(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"/today", true},
		{"/de/today", true},
		{"/log?book=43&chapter=1", true},
		{"/plans/x#day-3", true},
		{"/", true},
		{"/@reader", true},
		{"/today?next=//evil.example", true},
		{"", false},
		{"today", false},
		{"evil.example", false},
		{"https://evil.example", false},
		{"//evil.example", false},
		{"///evil.example", false},
		{"/\\evil.example", false},
		{"\\\\evil.example", false},
		{"/\t/evil.example", false},
		{"\t//evil.example", false},
		{"/\n/evil.example", false},
		{"/\r/evil.example", false},
		{"/ /evil.example", false},
		{"/%09/evil.example", false},
		{"/%2F/evil.example", false},
		{"/%2f%2fevil.example", false},
		{"/%5C/evil.example", false},
		{"/%5c%5cevil.example", false},
		{"/%252F%252Fevil.example", false},
		{"/\x00/evil.example", false},
		{"/\x7f", false},
		{"/\u3000/evil.example", false},
		{"/\uff0f/evil.example", false},
		{"/javascript:alert(1)", false},
		{"/?x\\y", false},
		{"/" + strings.Repeat("a", redirect.MaxLength), false},
	} {
		if got := redirect.Local(tc.in); got != tc.want {
			t.Errorf("Local(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
	if got := redirect.Or("//evil.example", "/today"); got != "/today" {
		t.Fatal(got)
	}
}
