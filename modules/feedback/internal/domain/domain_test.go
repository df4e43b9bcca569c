package domain_test

import (
	"strings"
	"testing"

	"lamplight/modules/feedback/internal/domain"
	"lamplight/platform/errs"
)

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
	v, err := domain.Draft{Kind: "bug", Message: "  The calendar\r\nis blank ", Email: " Reader@Example.COM ", Page: " /de/today "}.Validate("")
	if err != nil || v.Kind != "bug" || v.Message != "The calendar\nis blank" || v.Email != "reader@example.com" || v.Page != "/de/today" {
		t.Fatalf("%+v %v", v, err)
	}
	v, err = domain.Draft{Kind: "comment", Message: "Hi", Email: "ignored"}.Validate("account@example.com")
	if err != nil || v.Email != "account@example.com" {
		t.Fatalf("signed in: %+v %v", v, err)
	}
	if _, err := (domain.Draft{Kind: "feature", Message: strings.Repeat("é", 1500), Email: "a@b.co"}).Validate(""); err != nil {
		t.Fatalf("1500 characters refused: %v", err)
	}
	cases := []struct {
		d    domain.Draft
		want map[string]string
	}{
		{domain.Draft{Kind: "", Message: "x", Email: "a@b.co"}, map[string]string{"kind": "required"}},
		{domain.Draft{Kind: "praise", Message: "x", Email: "a@b.co"}, map[string]string{"kind": "is_invalid"}},
		{domain.Draft{Kind: "bug", Message: "  ", Email: "a@b.co"}, map[string]string{"message": "required"}},
		{domain.Draft{Kind: "bug", Message: strings.Repeat("m", 1501), Email: "a@b.co"}, map[string]string{"message": "max_length"}},
		{domain.Draft{Kind: "bug", Message: "a\x07b", Email: "a@b.co"}, map[string]string{"message": "is_invalid"}},
		{domain.Draft{Kind: "bug", Message: "x"}, map[string]string{"email": "required"}},
		{domain.Draft{Kind: "bug", Message: "x", Email: "not an address"}, map[string]string{"email": "is_invalid"}},
		{domain.Draft{Kind: "bug", Message: "x", Email: "a@localhost"}, map[string]string{"email": "is_invalid"}},
		{domain.Draft{Kind: "bug", Message: "x", Email: strings.Repeat("a", 250) + "@b.co"}, map[string]string{"email": "max_length"}},
		{domain.Draft{Kind: "bug", Message: "x", Email: "a@b.co", Page: "/" + strings.Repeat("p", 300)}, map[string]string{"page": "max_length"}},
		{domain.Draft{Kind: "bug", Message: "x", Email: "a@b.co", Page: "https://example.com/"}, map[string]string{"page": "is_invalid"}},
		{domain.Draft{Kind: "bug", Message: "x", Email: "a@b.co", Page: "//example.com/"}, map[string]string{"page": "is_invalid"}},
		{domain.Draft{}, map[string]string{"kind": "required", "message": "required", "email": "required"}},
	}
	for _, c := range cases {
		got := codes(func() error { _, err := c.d.Validate(""); return err }())
		if len(got) != len(c.want) {
			t.Errorf("%+.80v: %v", c.d, got)
			continue
		}
		for f, code := range c.want {
			if got[f] != code {
				t.Errorf("%+.80v: %s = %q, want %q", c.d, f, got[f], code)
			}
		}
	}
	_, err = domain.Draft{Kind: "bug", Message: strings.Repeat("m", 1501), Email: "a@b.co"}.Validate("")
	if e, _ := errs.As(err); e.Details[0].Properties["maxlength"] != 1500 {
		t.Fatalf("%+v", e.Details[0])
	}
}

func TestLocale(t *testing.T) {
	cases := []struct{ page, account, accept, want string }{
		{"/de/today", "fr", "uk", "de"},
		{"/uk", "", "", "uk"},
		{"/today", "fr", "de", "en"},
		{"/xx/today", "fr", "de", "en"},
		{"", "fr", "de", "fr"},
		{"", "", "de-CH;q=0.5, pt-BR;q=0.9, en;q=0.1", "pt"},
		{"", "", "it, es;q=0.8", "es"},
		{"", "", "fr;q=0, de", "de"},
		{"", "", "it", "en"},
		{"", "", "", "en"},
	}
	for _, c := range cases {
		if got := domain.Locale(c.page, c.account, c.accept); got != c.want {
			t.Errorf("%+v: %s", c, got)
		}
	}
}

func TestParseQuery(t *testing.T) {
	q, err := domain.ParseQuery(domain.RawQuery{})
	if err != nil || q != (domain.Query{Status: "open", Limit: 10}) {
		t.Fatalf("%+v %v", q, err)
	}
	q, err = domain.ParseQuery(domain.RawQuery{Status: "archived", Limit: "100", Offset: "20"})
	if err != nil || q != (domain.Query{Status: "archived", Limit: 100, Offset: 20}) {
		t.Fatalf("%+v %v", q, err)
	}
	_, err = domain.ParseQuery(domain.RawQuery{Status: "done", Limit: "101", Offset: "-1"})
	if got := codes(err); len(got) != 3 || got["status"] != "is_invalid" || got["limit"] != "is_invalid" || got["offset"] != "is_invalid" {
		t.Fatalf("%v", got)
	}
	if _, err := domain.ParseQuery(domain.RawQuery{Limit: "0"}); codes(err)["limit"] != "is_invalid" {
		t.Fatal(err)
	}
}

func TestStatusChangeAndReply(t *testing.T) {
	if s, err := (domain.StatusChange{Status: "resolved"}).Validate(); err != nil || s != "resolved" {
		t.Fatal(s, err)
	}
	if _, err := (domain.StatusChange{}).Validate(); codes(err)["status"] != "required" {
		t.Fatal(err)
	}
	if _, err := (domain.StatusChange{Status: "closed"}).Validate(); codes(err)["status"] != "is_invalid" {
		t.Fatal(err)
	}
	if m, err := (domain.Reply{Message: " Thanks!\r\n"}).Validate(); err != nil || m != "Thanks!" {
		t.Fatal(m, err)
	}
	if _, err := (domain.Reply{Message: strings.Repeat("r", 5000)}).Validate(); err != nil {
		t.Fatal(err)
	}
	if _, err := (domain.Reply{Message: strings.Repeat("r", 5001)}).Validate(); codes(err)["message"] != "max_length" {
		t.Fatal(err)
	}
	if _, err := (domain.Reply{}).Validate(); codes(err)["message"] != "required" {
		t.Fatal(err)
	}
}

func TestLink(t *testing.T) {
	if got := domain.Link("https://l.example/", "en", "/admin/feedback"); got != "https://l.example/admin/feedback" {
		t.Fatal(got)
	}
	if got := domain.Link("https://l.example", "uk", "/admin/feedback"); got != "https://l.example/uk/admin/feedback" {
		t.Fatal(got)
	}
	if got := domain.Link("https://l.example", "xx", "/admin/feedback"); got != "https://l.example/admin/feedback" {
		t.Fatal(got)
	}
}
