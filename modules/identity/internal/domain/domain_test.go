package domain_test

import (
	"strings"
	"testing"
	"time"

	"lamplight/modules/identity/internal/domain"
	"lamplight/platform/errs"
)

var cheap = domain.HashParams{MemoryKiB: 64, Iterations: 1, Threads: 1}

func TestPasswordHashing(t *testing.T) {
	h, err := domain.NewHasher(cheap)
	if err != nil {
		t.Fatal(err)
	}
	phc, err := h.Hash("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(phc, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Fatalf("not a PHC argon2id string: %s", phc)
	}
	if other, _ := h.Hash("correct horse"); other == phc {
		t.Fatal("same hash twice: salt missing")
	}
	if ok, rehash := h.Verify("correct horse", phc); !ok || rehash {
		t.Fatalf("verify = %v, rehash = %v", ok, rehash)
	}
	if ok, _ := h.Verify("wrong horse", phc); ok {
		t.Fatal("wrong password accepted")
	}
	for _, bad := range []string{"", "plain", "$argon2id$v=19$m=0,t=1,p=1$AAAA$AAAA", "$2a$10$abcdefghijklmnopqrstuv"} {
		if ok, _ := h.Verify("x", bad); ok {
			t.Fatalf("accepted malformed hash %q", bad)
		}
	}
	stronger, _ := domain.NewHasher(domain.HashParams{MemoryKiB: 128, Iterations: 2, Threads: 1})
	if ok, rehash := stronger.Verify("correct horse", phc); !ok || !rehash {
		t.Fatalf("old parameters: verify = %v, rehash = %v", ok, rehash)
	}
	if _, err := domain.NewHasher(domain.HashParams{MemoryKiB: 4, Iterations: 1}); err == nil {
		t.Fatal("accepted too little memory")
	}
}

func fieldCodes(f errs.Fields) string {
	var out []string
	for _, d := range f {
		out = append(out, d.Field+"/"+d.Code)
	}
	return strings.Join(out, " ")
}

func TestValidation(t *testing.T) {
	cases := []struct {
		email, password, want string
	}{
		{"reader@example.com", "12345678", ""},
		{"", "", "email/required password/required"},
		{"reader", "1234567", "email/is_invalid password/min_length"},
		{"a@b", strings.Repeat("x", 72), "email/is_invalid"},
		{"Reader <reader@example.com>", strings.Repeat("x", 73), "email/is_invalid password/max_length"},
		{"a b@example.com", "ünïcödé", "email/is_invalid"},
		{strings.Repeat("a", 250) + "@example.com", "12345678", "email/max_length"},
	}
	for _, c := range cases {
		var f errs.Fields
		domain.ValidateEmail(&f, "email", c.email)
		domain.ValidatePassword(&f, "password", c.password)
		if got := fieldCodes(f); got != c.want {
			t.Errorf("%q %q: %q, want %q", c.email, c.password, got, c.want)
		}
	}
	if domain.NormalizeEmail("  Reader@Example.COM ") != "reader@example.com" {
		t.Fatal("not normalised")
	}
}

func TestLocalesAndTimeZones(t *testing.T) {
	for in, want := range map[string]string{"en": "en", "DE": "de", "pt-BR": "pt", "uk_UA": "uk", "ru": "", "": ""} {
		if got := domain.NormalizeLocale(in); got != want {
			t.Errorf("NormalizeLocale(%q) = %q, want %q", in, got, want)
		}
	}
	for tz, want := range map[string]bool{"Europe/Kyiv": true, "America/Sao_Paulo": true, "UTC": true, "Pacific/Kiritimati": true,
		"": false, "Local": false, "Mars/Base": false, "+02:00": false} {
		if domain.ValidTimeZone(tz) != want {
			t.Errorf("ValidTimeZone(%q) != %v", tz, want)
		}
	}
}

func TestOneTimeCodes(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	code, c := domain.NewOneTimeCode(domain.PurposeVerifyEmail, "user-1", now)
	if len(code) != 6 || strings.Trim(code, "0123456789") != "" {
		t.Fatalf("code %q", code)
	}
	if c.Hash == code || strings.Contains(c.Hash, code) {
		t.Fatal("code stored in the clear")
	}
	if domain.HashCode(domain.PurposeVerifyEmail, "user-2", code) == c.Hash || domain.HashCode(domain.PurposeChangeEmail, "user-1", code) == c.Hash {
		t.Fatal("hash not bound to account and purpose")
	}
	if got := c.Check(domain.PurposeChangeEmail, "user-1", code, now); got == domain.CodeValid {
		t.Fatal("code valid for another purpose")
	}
	if got := c.Check(domain.PurposeVerifyEmail, "user-1", code, now.Add(10*time.Minute)); got != domain.CodeSpent {
		t.Fatalf("expired code: %v", got)
	}

	_, c = domain.NewOneTimeCode(domain.PurposeVerifyEmail, "user-1", now)
	code2 := ""
	for code2 == "" || domain.HashCode(domain.PurposeVerifyEmail, "user-1", code2) == c.Hash {
		code2 = domain.NewCode()
	}
	for i := 1; i <= 4; i++ {
		if got := c.Check(domain.PurposeVerifyEmail, "user-1", code2, now); got != domain.CodeWrong || c.Attempts != i {
			t.Fatalf("try %d: %v, attempts %d", i, got, c.Attempts)
		}
	}
	if got := c.Check(domain.PurposeVerifyEmail, "user-1", code2, now); got != domain.CodeSpent {
		t.Fatalf("fifth wrong try: %v", got)
	}

	if c.CanResend(now.Add(299*time.Second)) || !c.CanResend(now.Add(300*time.Second)) {
		t.Fatal("resend cooldown is not 300 s")
	}
	for in, want := range map[string]bool{"123456": true, " 123 456 ": true, "123-456": true, "12345": false, "12345a": false, "1234567": false} {
		if _, ok := domain.CleanCode(in); ok != want {
			t.Errorf("CleanCode(%q) ok = %v", in, ok)
		}
	}
}

func TestTokens(t *testing.T) {
	a, b := domain.NewToken(), domain.NewToken()
	if a == b || len(a) != 43 || strings.ContainsAny(a, "+/=") {
		t.Fatalf("tokens %q %q", a, b)
	}
	if h := domain.HashToken(a); len(h) != 64 || h == a || h != domain.HashToken(a) {
		t.Fatalf("hash %q", h)
	}
}

func TestSafeReturnTo(t *testing.T) {
	for in, want := range map[string]string{
		"/books/43":            "/books/43",
		"/de/notes?tag=1#top":  "/de/notes?tag=1#top",
		"/":                    "/",
		"":                     "/today",
		"//evil.example":       "/today",
		"https://evil.example": "/today",
		"/\\evil.example":      "/today",
		"javascript:alert(1)":  "/today",
		"/%09/evil.example":    "/today",
		"/\t/evil.example":     "/today",
	} {
		if got := domain.SafeReturnTo(in); got != want {
			t.Errorf("SafeReturnTo(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDeviceLabel(t *testing.T) {
	for ua, want := range map[string]string{
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36":                 "Chrome on Windows",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1":   "Safari on iPhone",
		"Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0":                                                      "Firefox on Linux",
		"Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36 EdgA/130.0 Edg/130": "Edge on Android",
		"": "Unknown device",
	} {
		if got := domain.DeviceLabel(ua); got != want {
			t.Errorf("DeviceLabel(%q) = %q, want %q", ua, got, want)
		}
	}
	if got := domain.DeviceLabel(strings.Repeat("x", 300)); len(got) > 64 {
		t.Fatalf("label too long: %d", len(got))
	}
}
