package app_test

import (
	"context"
	"testing"

	"lamplight/modules/bible"
	"lamplight/modules/reading/internal/domain"
	"lamplight/platform/dates"
	"lamplight/platform/testkit"
)

// seedTenYears logs ten years of daily readings of about 86 verses, in
// Bible order, as a heavy real reader would have.
func seedTenYears(b *testing.B, e env, user string) {
	ctx := context.Background()
	v, _ := bible.VerseAt(0)
	day := "2016-01-01"
	var batch []domain.Draft
	for range 3650 {
		end := v
		for range 85 {
			next, ok := end.Next()
			if !ok || next.Book() != v.Book() {
				break
			}
			end = next
		}
		batch = append(batch, domain.Draft{Date: day, StartVerseID: int(v), EndVerseID: int(end)})
		if len(batch) == 1000 {
			if _, err := e.svc.AddBatch(ctx, user, batch); err != nil {
				b.Fatal(err)
			}
			batch = batch[:0]
		}
		if v, _ = end.Next(); v == 0 {
			v, _ = bible.VerseAt(0)
		}
		day = dates.AddDays(day, 1)
	}
	if _, err := e.svc.AddBatch(ctx, user, batch); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkLoadLog measures reading a ten-year log, which every projection
// recompute starts with.
func BenchmarkLoadLog(b *testing.B) {
	for _, be := range testkit.Backends(b) {
		b.Run(be.Name, func(b *testing.B) {
			e := setup(b, be)
			seedTenYears(b, e, "heavy")
			ctx := context.Background()
			b.ResetTimer()
			for b.Loop() {
				log, err := e.svc.Log(ctx, "heavy", "")
				if err != nil || len(log.Entries) != 3650 {
					b.Fatal(err, len(log.Entries))
				}
			}
		})
	}
}
