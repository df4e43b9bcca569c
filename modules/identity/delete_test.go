package identity_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"go.uber.org/fx"
	"gorm.io/gorm"

	"lamplight/modules/identity"
	"lamplight/modules/identity/identityapi"
	"lamplight/platform"
	"lamplight/platform/bus"
	"lamplight/platform/testkit"
)

// deletions records the UserDeleted events a handler received.
type deletions struct {
	mu  sync.Mutex
	ids []string
}

func (d *deletions) handler() bus.Handler {
	return bus.On("test.identity-deleted", func(_ context.Context, ev identityapi.UserDeleted) error {
		d.mu.Lock()
		defer d.mu.Unlock()
		d.ids = append(d.ids, ev.UserID)
		return nil
	})
}

func (d *deletions) has(id string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, x := range d.ids {
		if x == id {
			return true
		}
	}
	return false
}

// identityTables lists the tables of the identity module as the database
// knows them, so a table added later cannot be forgotten by this test.
func identityTables(t *testing.T, g *gorm.DB) []string {
	t.Helper()
	var names []string
	q := "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'identity\\_%' ESCAPE '\\'"
	if g.Name() == "postgres" {
		q = "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name LIKE 'identity\\_%'"
	}
	if err := g.Raw(q).Scan(&names).Error; err != nil {
		t.Fatal(err)
	}
	if len(names) < 5 {
		t.Fatalf("identity tables: %v", names)
	}
	return names
}

// rowsOf counts a reader's rows in each identity table.
func rowsOf(t *testing.T, g *gorm.DB, userID string) map[string]int64 {
	t.Helper()
	out := map[string]int64{}
	for _, table := range identityTables(t, g) {
		col := "user_id"
		if table == "identity_users" {
			col = "id"
		} else if !g.Migrator().HasColumn(table, "user_id") {
			t.Fatalf("table %s has no user_id column: how is it deleted with its reader?", table)
		}
		var n int64
		if err := g.Table(table).Where(col+" = ?", userID).Count(&n).Error; err != nil {
			t.Fatal(err)
		}
		out[table] = n
	}
	return out
}

func TestIntegrationDeleteAccount(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		d := &deletions{}
		// Without the verification step an unverified reader can sign in, so
		// one reader can have a row in every identity table at once.
		e := start(t, b.Config, nil, func(c *identity.Config) { c.RequireEmailVerification = false },
			fx.Provide(fx.Annotate(d.handler, fx.ResultTags(platform.GroupHandlers))))

		t.Run("deleting an account removes every identity row of the reader", func(t *testing.T) {
			e.t = t
			expect(t, e.req("POST", "/api/auth/register", map[string]string{"email": "gone@example.com", "password": password}), 202)
			token := e.login("gone@example.com", password)
			e.login("gone@example.com", password)
			expect(t, e.as(token, "POST", "/api/auth/email-change", map[string]string{"email": "gone-new@example.com", "password": password}), 202)
			expect(t, e.req("POST", "/api/auth/password-reset", map[string]string{"email": "gone@example.com"}), 202)
			keep := e.userID(e.signUpWithoutCode("kept@example.com"))
			id := e.userID(token)
			for table, n := range rowsOf(t, e.db, id) {
				if n == 0 {
					t.Fatalf("setup left %s empty for the reader", table)
				}
			}
			keptBefore := rowsOf(t, e.db, keep)

			// Just signed in: no password needed.
			r := e.as(token, "DELETE", "/api/auth/user", nil)
			expect(t, r, 204)
			if ck := r.Cookie(); ck == nil || ck.MaxAge >= 0 {
				t.Fatalf("cookie not cleared: %+v", ck)
			}
			for table, n := range rowsOf(t, e.db, id) {
				if n != 0 {
					t.Errorf("%s still has %d rows of the deleted reader", table, n)
				}
			}
			for table, n := range rowsOf(t, e.db, keep) {
				if n != keptBefore[table] {
					t.Errorf("%s lost rows of another reader", table)
				}
			}
			var kept int64
			e.db.Table("mail_messages").Where("to_address IN ?", []string{"gone@example.com", "gone-new@example.com"}).Count(&kept)
			if kept != 0 {
				t.Error("mail to the deleted reader kept")
			}
			expectError(t, e.as(token, "GET", "/api/auth/user", nil), 401, "unauthenticated")
			expectError(t, e.req("POST", "/api/auth/login", map[string]string{"email": "gone@example.com", "password": password}), 401, "unauthenticated", "invalid_login")
			testkit.Eventually(t, 10*time.Second, func() bool { return d.has(id) }, "UserDeleted not delivered")
			// The address is free again.
			expect(t, e.req("POST", "/api/auth/register", map[string]string{"email": "gone@example.com", "password": password}), 202)
		})

		t.Run("an older sign-in must confirm with the password", func(t *testing.T) {
			e.t = t
			token := e.signUpWithoutCode("careful@example.com")
			e.clock.Advance(11 * time.Minute)
			expectError(t, e.as(token, "DELETE", "/api/auth/user", nil), 400, "validation_error", "password/required")
			expectError(t, e.as(token, "DELETE", "/api/auth/user", map[string]string{"password": "not it"}), 400, "validation_error", "password/password_incorrect")
			expect(t, e.as(token, "GET", "/api/auth/user", nil), 200)
			expect(t, e.as(token, "DELETE", "/api/auth/user", map[string]string{"password": password}), 204)
			expectError(t, e.as(token, "GET", "/api/auth/user", nil), 401, "unauthenticated")
		})

		t.Run("the last admin cannot delete their account", func(t *testing.T) {
			e.t = t
			ctx := context.Background()
			boss := e.signUpWithoutCode("only-admin@example.com")
			if _, err := e.admins.Grant(ctx, "only-admin@example.com"); err != nil {
				t.Fatal(err)
			}
			expectError(t, e.as(boss, "DELETE", "/api/auth/user", nil), 409, "conflict", "last_admin")
			expect(t, e.as(boss, "GET", "/api/auth/user", nil), 200)
			e.signUpWithoutCode("second-admin@example.com")
			if _, err := e.admins.Grant(ctx, "second-admin@example.com"); err != nil {
				t.Fatal(err)
			}
			expect(t, e.as(boss, "DELETE", "/api/auth/user", nil), 204)
		})
	})
}

// signUpWithoutCode registers and signs in where verification is off.
func (e *env) signUpWithoutCode(email string) string {
	e.t.Helper()
	expect(e.t, e.req("POST", "/api/auth/register", map[string]string{"email": email, "password": password}), 202)
	return e.login(email, password)
}

// userID is the id of the account a token signs in.
func (e *env) userID(token string) string {
	e.t.Helper()
	r := e.as(token, "GET", "/api/auth/user", nil)
	expect(e.t, r, 200)
	return r.JSON(e.t)["id"].(string)
}
