package store_test

import (
	"context"
	"testing"
	"time"

	"lamplight/modules/bible"
	"lamplight/modules/reading/internal/store"
	"lamplight/modules/reading/readingapi"
	"lamplight/platform/dates"
	"lamplight/platform/testkit"
	"lamplight/platform/uow"
)

// BenchmarkSnapshotTenYears loads a ten-year log (4,380 entries, two every other day)
// from SQLite, what every projection recompute starts with.
func BenchmarkSnapshotTenYears(b *testing.B) {
	g := testkit.DB(b, testkit.Backends(b)[0], store.Migrations())
	s := store.New(uow.New(g, nil, nil))
	ctx := context.Background()
	now := time.Date(2026, 11, 22, 8, 30, 0, 123456000, time.UTC)
	var entries []readingapi.Entry
	for d := range 2190 {
		date := dates.AddDays("2026-11-22", 2*d-4380)
		for i := range 2 {
			entries = append(entries, readingapi.Entry{
				ID: date + "-" + string(rune('a'+i)), Date: date,
				Start: bible.NewVerseID(1+i, 1, 1), End: bible.NewVerseID(1+i, 1, 20),
				CreatedAt: now, UpdatedAt: now,
			})
		}
	}
	err := s.Transact(ctx, "u1", func(t *store.Tx) error { return t.Insert(entries...) })
	if err != nil {
		b.Fatal(err)
	}
	log, err := s.Snapshot(ctx, "u1", "")
	if err != nil || len(log.Entries) != 4380 || log.Version != 1 || !log.Entries[0].CreatedAt.Equal(now) {
		b.Fatalf("%d entries, version %d, %v", len(log.Entries), log.Version, err)
	}
	for b.Loop() {
		if _, err := s.Snapshot(ctx, "u1", ""); err != nil {
			b.Fatal(err)
		}
	}
}
