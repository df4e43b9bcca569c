package identity_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lamplight/modules/identity"
)

func TestGoogleClientSecretFromAFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "google_client_secret")
	if err := os.WriteFile(file, []byte("the-client-secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("LAMPLIGHT_GOOGLE_CLIENT_ID", "client-id")
	t.Setenv("LAMPLIGHT_GOOGLE_CLIENT_SECRET_FILE", file)
	c, err := identity.LoadConfig()
	if err != nil || c.GoogleClientSecret != "the-client-secret" || !c.GoogleEnabled() {
		t.Fatalf("%q %v", c.GoogleClientSecret, err)
	}
	t.Setenv("LAMPLIGHT_GOOGLE_CLIENT_SECRET_FILE", filepath.Join(t.TempDir(), "missing"))
	if _, err := identity.LoadConfig(); err == nil || !strings.Contains(err.Error(), "LAMPLIGHT_GOOGLE_CLIENT_SECRET_FILE") {
		t.Fatalf("got %v", err)
	}
}
