package app_test

import (
	"context"
	"reflect"
	"testing"

	"lamplight/modules/reading/internal/domain"
	"lamplight/platform/testkit"
)

// The log kept in process follows every kind of write and always equals a
// fresh load from the database, whole or from a date.
func TestIntegrationLogFollowsWrites(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		e := setup(t, b)
		ctx := context.Background()
		const reader = "user-memo"
		check := func(step string) {
			t.Helper()
			for _, from := range []string{"", "2024-06-11"} {
				got, err := e.svc.Log(ctx, reader, from)
				if err != nil {
					t.Fatal(err)
				}
				want, err := e.svc.LogFromDatabase(ctx, reader, from)
				if err != nil {
					t.Fatal(err)
				}
				if got.Version != want.Version || len(got.Entries) != len(want.Entries) ||
					(len(want.Entries) > 0 && !reflect.DeepEqual(got.Entries, want.Entries)) {
					t.Fatalf("%s, from %q: kept log %+v, database %+v", step, from, got, want)
				}
			}
		}
		check("empty")
		a, err := e.svc.Add(ctx, reader, domain.Draft{Date: "2024-06-12", StartVerseID: 101001001, EndVerseID: 101001031})
		if err != nil {
			t.Fatal(err)
		}
		check("one entry")
		if _, err := e.svc.AddBatch(ctx, reader, []domain.Draft{
			{Date: "2024-06-10", StartVerseID: 143003001, EndVerseID: 143003036},
			{Date: "2024-06-11", StartVerseID: 119023001, EndVerseID: 119023006},
		}); err != nil {
			t.Fatal(err)
		}
		check("a batch before it")
		if _, err := e.svc.Update(ctx, reader, a.ID, domain.Draft{Date: "2024-06-09", StartVerseID: 101002001, EndVerseID: 101002003}); err != nil {
			t.Fatal(err)
		}
		check("moved to an earlier date")
		if err := e.svc.Delete(ctx, reader, a.ID); err != nil {
			t.Fatal(err)
		}
		check("deleted")
		if err := e.svc.DeleteUserData(ctx, reader); err != nil {
			t.Fatal(err)
		}
		check("the reader's data deleted")
		if _, err := e.svc.Add(ctx, reader, domain.Draft{Date: "2024-06-12", StartVerseID: 101001001, EndVerseID: 101001002}); err != nil {
			t.Fatal(err)
		}
		check("begun again")
	})
}

// Each write the kept log follows adds a step to its Changes with the
// earliest date it touched, the old date of a moved entry included, so a
// projection can tell which of its dates are as they were.
func TestIntegrationLogChangesNameTheEarliestDateTouched(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		e := setup(t, b)
		ctx := context.Background()
		const reader = "user-changes"
		if _, err := e.svc.AddBatch(ctx, reader, []domain.Draft{
			{Date: "2024-06-10", StartVerseID: 143003001, EndVerseID: 143003036},
			{Date: "2024-06-11", StartVerseID: 119023001, EndVerseID: 119023006},
		}); err != nil {
			t.Fatal(err)
		}
		before, err := e.svc.Log(ctx, reader, "")
		if err != nil {
			t.Fatal(err)
		}
		moved := before.Entries[0]
		if _, err := e.svc.Update(ctx, reader, moved.ID, domain.Draft{Date: "2024-06-12", StartVerseID: 143003001, EndVerseID: 143003036}); err != nil {
			t.Fatal(err)
		}
		after, err := e.svc.Log(ctx, reader, "2024-06-11")
		if err != nil {
			t.Fatal(err)
		}
		if !after.SameBefore(before.Version, "2024-06-10") || after.SameBefore(before.Version, "2024-06-11") {
			t.Fatalf("moving an entry from 2024-06-10 to 2024-06-12: changes %+v since version %d", after.Changes, before.Version)
		}
		if _, err := e.svc.Add(ctx, reader, domain.Draft{Date: "2024-06-13", StartVerseID: 101001001, EndVerseID: 101001002}); err != nil {
			t.Fatal(err)
		}
		last, err := e.svc.Log(ctx, reader, "")
		if err != nil {
			t.Fatal(err)
		}
		if !last.SameBefore(after.Version, "2024-06-13") || !last.SameBefore(before.Version, "2024-06-10") || last.SameBefore(before.Version, "2024-06-13") {
			t.Fatalf("adding on 2024-06-13: changes %+v", last.Changes)
		}
	})
}
