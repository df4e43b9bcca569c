package store_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"lamplight/modules/identity/internal/domain"
	"lamplight/modules/identity/internal/store"
	"lamplight/platform/testkit"
	"lamplight/platform/uow"
)

func TestIntegrationStore(t *testing.T) {
	ctx := context.Background()
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		s := store.New(uow.New(testkit.DB(t, b, store.Migrations()), nil, nil))
		now := time.Now().UTC().Truncate(time.Microsecond)
		user := func(email string) store.User {
			u := store.User{ID: uuid.Must(uuid.NewV7()).String(), Email: email, Locale: "en", TimeZone: "UTC", CreatedAt: now, UpdatedAt: now}
			if err := s.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
			return u
		}
		session := func(u store.User, expires time.Time) store.Session {
			x := store.Session{ID: uuid.Must(uuid.NewV7()).String(), UserID: u.ID, TokenHash: domain.HashToken(domain.NewToken()),
				Device: "test", CreatedAt: now, LastUsedAt: now, ExpiresAt: expires}
			if err := s.CreateSession(ctx, x); err != nil {
				t.Fatal(err)
			}
			return x
		}

		t.Run("an address has one account", func(t *testing.T) {
			u := user("one@example.com")
			err := s.CreateUser(ctx, store.User{ID: uuid.Must(uuid.NewV7()).String(), Email: "one@example.com", Locale: "en", TimeZone: "UTC", CreatedAt: now, UpdatedAt: now})
			if !errors.Is(err, store.ErrEmailUsed) {
				t.Fatalf("duplicate address: %v", err)
			}
			other := user("two@example.com")
			other.Email = u.Email
			if err := s.SaveUser(ctx, other); !errors.Is(err, store.ErrEmailUsed) {
				t.Fatalf("moving onto a taken address: %v", err)
			}
			got, err := s.UserByEmail(ctx, "one@example.com")
			if err != nil || got.ID != u.ID || !got.CreatedAt.Equal(now) {
				t.Fatalf("%+v %v", got, err)
			}
		})

		t.Run("revoking sessions is scoped to their owner", func(t *testing.T) {
			a, c := user("a@example.com"), user("c@example.com")
			sa1, sa2, sc := session(a, now.Add(time.Hour)), session(a, now.Add(time.Hour)), session(c, now.Add(time.Hour))
			if h, err := s.DeleteSessions(ctx, c.ID, sa1.ID, ""); err != nil || len(h) != 0 {
				t.Fatalf("revoked another reader's session: %v %v", h, err)
			}
			if h, err := s.DeleteSessions(ctx, a.ID, "", sa2.ID); err != nil || len(h) != 1 || h[0] != sa1.TokenHash {
				t.Fatalf("revoke others: %v %v", h, err)
			}
			if _, _, err := s.SessionByTokenHash(ctx, sa2.TokenHash); err != nil {
				t.Fatal("kept session gone")
			}
			if _, _, err := s.SessionByTokenHash(ctx, sc.TokenHash); err != nil {
				t.Fatal("other reader's session gone")
			}
		})

		t.Run("expired rows are cleaned up, others stay", func(t *testing.T) {
			u := user("expiring@example.com")
			old, fresh := session(u, now.Add(-time.Second)), session(u, now.Add(time.Second))
			_, code := domain.NewOneTimeCode(domain.PurposeVerifyEmail, u.ID, now.Add(-time.Hour))
			if err := s.PutVerification(ctx, store.Verification{UserID: u.ID, LinkHash: "l1", Code: code}); err != nil {
				t.Fatal(err)
			}
			_, code = domain.NewOneTimeCode(domain.PurposeChangeEmail, u.ID, now)
			if err := s.PutEmailChange(ctx, store.EmailChange{UserID: u.ID, NewEmail: "x@example.com", Code: code}); err != nil {
				t.Fatal(err)
			}
			if err := s.CreateReset(ctx, store.PasswordReset{TokenHash: "r1", UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(-time.Millisecond)}); err != nil {
				t.Fatal(err)
			}
			if _, err := s.DeleteExpired(ctx, now); err != nil {
				t.Fatal(err)
			}
			if _, _, err := s.SessionByTokenHash(ctx, old.TokenHash); !errors.Is(err, store.ErrNotFound) {
				t.Fatal("expired session kept")
			}
			if _, _, err := s.SessionByTokenHash(ctx, fresh.TokenHash); err != nil {
				t.Fatal("live session deleted")
			}
			if _, err := s.VerificationByUser(ctx, u.ID); !errors.Is(err, store.ErrNotFound) {
				t.Fatal("expired verification kept")
			}
			if _, err := s.EmailChangeByUser(ctx, u.ID); err != nil {
				t.Fatal("live email change deleted")
			}
			if _, err := s.ResetByTokenHash(ctx, "r1"); !errors.Is(err, store.ErrNotFound) {
				t.Fatal("expired reset kept")
			}
		})

		t.Run("an address search counts its matches and pages them in order", func(t *testing.T) {
			for i := 1; i <= 5; i++ {
				u := store.User{ID: uuid.Must(uuid.NewV7()).String(), Email: fmt.Sprintf("pager-%d@search.test", i), Locale: "en", TimeZone: "UTC",
					CreatedAt: now.Add(time.Duration(i) * time.Minute), UpdatedAt: now}
				if err := s.CreateUser(ctx, u); err != nil {
					t.Fatal(err)
				}
			}
			emails := func(us []store.User) []string {
				out := []string{}
				for _, u := range us {
					out = append(out, u.Email)
				}
				return out
			}
			for _, c := range []struct {
				search        string
				order         store.AccountOrder
				limit, offset int
				total         int
				want          []string
			}{
				{"PAGER-", store.ByEmail, 2, 0, 5, []string{"pager-1@search.test", "pager-2@search.test"}},
				{"pager-", store.ByEmail, 2, 4, 5, []string{"pager-5@search.test"}},
				{"pager-", store.ByEmail, 2, 9, 5, []string{}},
				{"pager-", store.ByCreated, 2, 1, 5, []string{"pager-4@search.test", "pager-3@search.test"}},
				{"r-3@search", store.ByLastActive, 50, 0, 1, []string{"pager-3@search.test"}},
				{"pager%", store.ByEmail, 50, 0, 0, []string{}},
			} {
				total, page, err := s.SearchUsers(ctx, c.search, c.order, c.limit, c.offset)
				if err != nil || total != c.total || !slices.Equal(emails(page), c.want) {
					t.Fatalf("%+v: %d %v %v", c, total, emails(page), err)
				}
			}
		})
	})
}
