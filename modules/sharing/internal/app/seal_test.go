package app

import (
	"path/filepath"
	"testing"
)

func TestSealerOpensOnlyWhatItSealedForTheSameLink(t *testing.T) {
	dir := t.TempDir()
	s, err := NewSealer(Config{KeyPath: filepath.Join(dir, KeyFile)})
	if err != nil {
		t.Fatal(err)
	}
	sealed := s.Seal("secret-token", "u1", "progress-link")
	if got, ok := s.Open(sealed, "u1", "progress-link"); !ok || got != "secret-token" {
		t.Fatalf("%q %v", got, ok)
	}
	for _, c := range []struct{ user, kind string }{{"u2", "progress-link"}, {"u1", "calendar-feed"}} {
		if _, ok := s.Open(sealed, c.user, c.kind); ok {
			t.Errorf("opened for %s %s", c.user, c.kind)
		}
	}
	if _, ok := s.Open("", "u1", "progress-link"); ok {
		t.Error("opened a link made before sealing")
	}
	// The key file made on first start is read again on the next.
	again, err := NewSealer(Config{KeyPath: filepath.Join(dir, KeyFile)})
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := again.Open(sealed, "u1", "progress-link"); !ok || got != "secret-token" {
		t.Fatalf("after a restart: %q %v", got, ok)
	}
	other, err := NewSealer(Config{Key: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := other.Open(sealed, "u1", "progress-link"); ok {
		t.Error("another key opened it")
	}
	if _, err := NewSealer(Config{Key: "short"}); err == nil {
		t.Error("a short key was accepted")
	}
}
