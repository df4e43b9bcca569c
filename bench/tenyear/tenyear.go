// Package tenyear is the benchmarks' ten-year reader, one log for every
// script that measures with it.
package tenyear

import (
	"math/rand/v2"

	"lamplight/modules/bible"
	"lamplight/platform/dates"
)

// Days is how many days the log covers, up to the day before today.
const Days = 3650

// Log is a reader who read about 86 verses a day in Bible order for ten
// years up to the day before today (cut where a book ends) and, on one day
// in seven, also re-read a random chapter: about 4,180 entries, as the
// bodies of POST /api/log-entries. The same today gives the same log.
func Log(today string) []map[string]any {
	rng := rand.New(rand.NewPCG(7, 11))
	var out []map[string]any
	next := 0
	for d := range Days {
		date := dates.AddDays(today, d-Days)
		start, _ := bible.VerseAt(next)
		b, _ := bible.BookByID(start.Book())
		last, _ := b.Last().Index()
		last = min(next+85, last)
		end, _ := bible.VerseAt(last)
		out = append(out, map[string]any{"date": date, "startVerseId": start, "endVerseId": end})
		next = (last + 1) % bible.TotalVerses
		if rng.IntN(7) == 0 {
			book, _ := bible.BookByID(1 + rng.IntN(bible.BookCount))
			r, _ := bible.WholeChapter(book.ID, 1+rng.IntN(book.ChapterCount))
			out = append(out, map[string]any{"date": date, "startVerseId": r.Start, "endVerseId": r.End})
		}
	}
	return out
}
