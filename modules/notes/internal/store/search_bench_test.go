package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"lamplight/modules/bible"
	"lamplight/modules/notes/internal/domain"
	"lamplight/modules/notes/internal/store"
	"lamplight/modules/notes/notesapi"
	"lamplight/platform/mail"
	"lamplight/platform/metrics"
	"lamplight/platform/outbox"
	"lamplight/platform/testkit"
	"lamplight/platform/uow"
)

// benchWords is the vocabulary of bench/speed's notes, in order of
// frequency, drawn by Zipf's law: "the" is in nearly every note, "grace" in
// about one in six, a made-up word in few.
var benchWords = func() []string {
	w := strings.Fields(`the and of to in that is it for with as this he was his be not by
		lord god love light grace word life faith spirit hope mercy peace joy truth king heart soul
		kingdom prayer psalm covenant promise shepherd bread water vine temple law prophet wisdom`)
	syllables := strings.Fields("ba ce di fo gu ha je ki lo mu na pe ri so tu va we xi yo za")
	for i := range 5000 {
		w = append(w, syllables[i%20]+syllables[(i/20)%20]+syllables[(i/400)%20])
	}
	return w
}()

// seedBench writes n notes of 10-130 words for userID, in units of work
// of 500 notes.
func seedBench(b *testing.B, s *store.Store, rng *rand.Rand, userID string, n int, start time.Time) {
	zipf := rand.NewZipf(rng, 1.1, 1, uint64(len(benchWords)-1))
	for done := 0; done < n; {
		err := s.Transact(context.Background(), func(tx *store.Tx) error {
			for range min(500, n-done) {
				var words []string
				for range 10 + rng.IntN(120) {
					words = append(words, benchWords[zipf.Uint64()])
				}
				bk, _ := bible.BookByID(1 + rng.IntN(bible.BookCount))
				ch := 1 + rng.IntN(bk.ChapterCount)
				at := start.Add(time.Duration(done) * time.Minute)
				note := notesapi.Note{
					ID: uuid.Must(uuid.NewV7()).String(), Content: strings.Join(words, " ") + ".",
					Passages:  []bible.Range{{Start: bible.NewVerseID(bk.ID, ch, 1), End: bible.NewVerseID(bk.ID, ch, 2)}},
					CreatedAt: at, UpdatedAt: at,
				}
				if err := tx.Insert(userID, note, domain.Fold(note.Content)); err != nil {
					return err
				}
				done++
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSearch is the notes search of bench/speed below HTTP: one
// reader with 10,000 notes among 200 readers with 20 each, the first page
// of each search, newest first. It reports the p50 and p99 of the List
// call (and the fastest, what a quiet machine would show); run it with a
// fixed count, e.g. -bench Search -benchtime 100x.
func BenchmarkSearch(b *testing.B) {
	for _, be := range testkit.Backends(b) {
		b.Run(be.Name, func(b *testing.B) {
			g := testkit.DB(b, be, outbox.Migrations, store.Migrations())
			o := outbox.New(g, nil, metrics.New(), testkit.Logger(b))
			s := store.New(uow.New(g, o, mail.NewMailer(g)))
			rng := rand.New(rand.NewPCG(3, 5))
			start := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
			began := time.Now()
			seedBench(b, s, rng, "heavy", 10000, start)
			for i := range 200 {
				seedBench(b, s, rng, fmt.Sprintf("reader-%03d", i), 20, start)
			}
			b.Logf("seeded in %s", time.Since(began).Round(time.Millisecond))
			// As the notes module does after every 1,000 notes written.
			if err := s.Analyse(context.Background()); err != nil {
				b.Fatal(err)
			}
			for _, text := range []string{"zebulunite", "faith hope", "the", "grace", "ab"} {
				b.Run(strings.ReplaceAll(text, " ", "_"), func(b *testing.B) {
					q, err := domain.ParseQuery(domain.RawQuery{SearchText: text})
					if err != nil {
						b.Fatal(err)
					}
					took := make([]time.Duration, 0, b.N)
					size := 0
					for b.Loop() {
						t0 := time.Now()
						_, size, err = s.List(context.Background(), "heavy", q)
						if err != nil {
							b.Fatal(err)
						}
						took = append(took, time.Since(t0))
					}
					slices.Sort(took)
					b.ReportMetric(float64(size), "matches")
					b.ReportMetric(float64(took[0].Microseconds())/1000, "min-ms")
					b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
					b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
				})
			}
		})
	}
}
