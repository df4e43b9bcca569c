package identity_test

import (
	"io"
	"testing"

	lamplight "lamplight/app"
	"lamplight/modules/identity/identitytest"
	"lamplight/platform/testkit"
)

func TestIntegrationHelpersForOtherModules(t *testing.T) {
	a := testkit.StartApp(t, lamplight.Options(testkit.SQLiteConfig(t), io.Discard, webFiles, identitytest.Options()))
	token := identitytest.SignUp(t, a, "helper@example.com")
	if code, body := a.Do(t, "GET", "/api/auth/user", "", identitytest.Bearer(token)); code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	if identitytest.SignIn(t, a, "helper@example.com") == token {
		t.Fatal("same token twice")
	}
}
