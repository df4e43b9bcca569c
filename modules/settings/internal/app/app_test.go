package app_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"lamplight/modules/settings/internal/app"
	"lamplight/modules/settings/internal/store"
	"lamplight/platform/bus"
	"lamplight/platform/dates"
	"lamplight/platform/errs"
	"lamplight/platform/mail"
	"lamplight/platform/metrics"
	"lamplight/platform/outbox"
	"lamplight/platform/testkit"
	"lamplight/platform/uow"
)

func ptr(i int) *int { return &i }

// accountLocales stands in for the accounts, the home of each reader's language.
type accountLocales struct {
	mu  sync.Mutex
	set map[string]string
}

func (a *accountLocales) SetLocale(_ context.Context, id, locale string) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.set[id] = locale
	return nil
}

func (a *accountLocales) of(id string) string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.set[id]
}

func TestIntegrationSettings(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		g := testkit.DB(t, b, outbox.Migrations, store.Migrations())
		tr := bus.NewGoChannel(testkit.Logger(t))
		t.Cleanup(func() { tr.Close() })
		o := outbox.New(g, tr.Publisher, metrics.New(), testkit.Logger(t))
		accounts := &accountLocales{set: map[string]string{}}
		svc := app.New(store.New(uow.New(g, o, mail.NewMailer(g))), nil, accounts)
		ctx := context.Background()

		t.Run("a new reader gets defaults from their account", func(t *testing.T) {
			s, err := svc.GetFor(ctx, "u-de", app.Hints{Locale: "de", TimeZone: "Europe/Berlin"})
			if err != nil {
				t.Fatal(err)
			}
			today := dates.Today("Europe/Berlin", time.Now())
			if s.DailyVerseCountGoal != 86 || s.PreferredBibleVersion != "LUT" || s.Locale != "de" ||
				s.TimeZone != "Europe/Berlin" || s.RestDaysPerWeek != 1 || s.LookBackDate != today || s.WelcomeDone || s.Theme != "system" {
				t.Fatalf("a new reader looks back to the day they start, welcome to come: %+v", s)
			}
			again, _ := svc.Get(ctx, "u-de")
			if again != s {
				t.Fatalf("defaults not kept: %+v", again)
			}
			en, _ := svc.GetFor(ctx, "u-x", app.Hints{Locale: "xx", TimeZone: "Mars/Base"})
			if en.Locale != "en" || en.TimeZone != "UTC" || en.PreferredBibleVersion != "NASB2020" {
				t.Fatalf("fallbacks %+v", en)
			}
		})

		t.Run("only the values that are set are applied", func(t *testing.T) {
			before, _ := svc.Get(ctx, "u-de")
			s, err := svc.Update(ctx, "u-de", app.Hints{}, app.Patch{DailyVerseCountGoal: ptr(120)})
			if err != nil {
				t.Fatal(err)
			}
			if s.DailyVerseCountGoal != 120 || s.LookBackDate != before.LookBackDate || s.Locale != "de" || s.Version != before.Version+1 {
				t.Fatalf("%+v", s)
			}
			same, _ := svc.Update(ctx, "u-de", app.Hints{}, app.Patch{DailyVerseCountGoal: ptr(120), Locale: "de"})
			if same.Version != s.Version {
				t.Fatal("an unchanged value bumped the version")
			}
			s, _ = svc.Update(ctx, "u-de", app.Hints{}, app.Patch{LookBackDate: "2026-03-01", PreferredBibleApp: "youversion", RestDaysPerWeek: ptr(0)})
			if s.LookBackDate != "2026-03-01" || s.PreferredBibleApp != "youversion" || s.RestDaysPerWeek != 0 {
				t.Fatalf("%+v", s)
			}
		})

		t.Run("a version is stored by its canonical code", func(t *testing.T) {
			s, err := svc.Update(ctx, "u-de", app.Hints{}, app.Patch{PreferredBibleVersion: "esv"})
			if err != nil || s.PreferredBibleVersion != "ESV" {
				t.Fatalf("%+v %v", s, err)
			}
			again, _ := svc.Update(ctx, "u-de", app.Hints{}, app.Patch{PreferredBibleVersion: "Esv"})
			if again.Version != s.Version {
				t.Fatal("the same version in other letters bumped the version")
			}
		})

		t.Run("the language is the account's", func(t *testing.T) {
			s, err := svc.GetFor(ctx, "u-de", app.Hints{Locale: "uk"})
			if err != nil || s.Locale != "uk" {
				t.Fatalf("the account's language is not answered: %+v %v", s, err)
			}
			s, err = svc.Update(ctx, "u-de", app.Hints{Locale: "uk"}, app.Patch{Locale: "fr"})
			if err != nil || s.Locale != "fr" || accounts.of("u-de") != "fr" {
				t.Fatalf("a language change is not saved to the account: %+v %v %q", s, err, accounts.of("u-de"))
			}
		})

		t.Run("the welcome is done once", func(t *testing.T) {
			done := true
			s, err := svc.Update(ctx, "u-de", app.Hints{}, app.Patch{WelcomeDone: &done})
			if err != nil || !s.WelcomeDone {
				t.Fatalf("%+v %v", s, err)
			}
			if again, _ := svc.Get(ctx, "u-de"); !again.WelcomeDone {
				t.Fatal("welcomeDone not kept")
			}
		})

		t.Run("the theme is kept", func(t *testing.T) {
			s, err := svc.Update(ctx, "u-de", app.Hints{}, app.Patch{Theme: "dark"})
			if err != nil || s.Theme != "dark" {
				t.Fatalf("%+v %v", s, err)
			}
			if again, _ := svc.Get(ctx, "u-de"); again.Theme != "dark" {
				t.Fatalf("theme not kept: %q", again.Theme)
			}
		})

		t.Run("invalid values are field errors and change nothing", func(t *testing.T) {
			before, _ := svc.Get(ctx, "u-de")
			_, err := svc.Update(ctx, "u-de", app.Hints{}, app.Patch{
				LookBackDate: "2026-02-30", DailyVerseCountGoal: ptr(1112), PreferredBibleVersion: "XYZ",
				PreferredBibleApp: "nope", Locale: "it", TimeZone: "Nowhere/City", RestDaysPerWeek: ptr(7), Theme: "sepia",
			})
			e, ok := errs.As(err)
			if !ok || e.Kind != errs.KindValidation || len(e.Details) != 8 {
				t.Fatalf("%v", err)
			}
			if _, err := svc.Update(ctx, "u-de", app.Hints{}, app.Patch{DailyVerseCountGoal: ptr(0)}); err == nil {
				t.Fatal("goal 0 accepted")
			}
			after, _ := svc.Get(ctx, "u-de")
			if after != before {
				t.Fatalf("changed: %+v", after)
			}
		})

		t.Run("first reads racing create one row", func(t *testing.T) {
			var wg sync.WaitGroup
			for range 8 {
				wg.Go(func() {
					if _, err := svc.Get(ctx, "u-race"); err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
			var n int64
			g.Table("user_settings").Where("user_id = ?", "u-race").Count(&n)
			if n != 1 {
				t.Fatalf("rows %d", n)
			}
		})
	})
}
