//go:build loadbench

package reading

import (
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"lamplight/app"
	"lamplight/modules/bible"
	"lamplight/modules/identity/identitytest"
	"lamplight/platform/dates"
	"lamplight/platform/testkit"
)

// TestImport times a preview and an import of the ten-year reader's log as
// the reference CSV (4,172 rows, English book names), and of 100,000 rows,
// each end to end through the HTTP client into a new account:
//
//	go test -tags loadbench -run TestImport -v ./bench/reading
func TestImport(t *testing.T) {
	tenYearCSV := logCSV(t, tenYearRows(4172))
	bigCSV := logCSV(t, manyRows(100_000))
	for _, b := range testkit.Backends(t) {
		t.Run(b.Name, func(t *testing.T) {
			a := testkit.StartApp(t, app.Options(b.Config, io.Discard, fstest.MapFS{}, identitytest.Options()))
			for i, file := range []string{tenYearCSV, bigCSV} {
				h := identitytest.Bearer(identitytest.SignUp(t, a, fmt.Sprintf("import-%d@bench.example", i)))
				// Its own client: the app's gives up after 30 s, which 100,000
				// rows on a loaded machine may take.
				client := &http.Client{}
				send := func(path string) (time.Duration, string) {
					req, _ := http.NewRequest(http.MethodPost, a.URL+path, strings.NewReader(file))
					req.Header.Set("Content-Type", "text/csv")
					req.Header.Set("Authorization", h["Authorization"])
					start := time.Now()
					res, err := client.Do(req)
					if err != nil {
						t.Fatal(err)
					}
					body, _ := io.ReadAll(res.Body)
					_ = res.Body.Close()
					took := time.Since(start)
					if res.StatusCode != http.StatusOK {
						t.Fatalf("%s: %d %.300s", path, res.StatusCode, body)
					}
					return took, string(body[:strings.Index(string(body), `"rows"`)])
				}
				preview, head := send("/api/import?dryRun=true")
				imported, after := send("/api/import")
				again, repeat := send("/api/import")
				t.Logf("%d rows (%d KB): preview %.0f ms, import %.0f ms, total %.0f ms; again %.0f ms; peak RSS of the test process %d MB\n  preview %s\n  import  %s\n  again   %s",
					strings.Count(file, "\n"), len(file)/1024, ms(preview), ms(imported), ms(preview+imported), ms(again), peakRSS()/1024, head, after, repeat)
			}
		})
	}
}

// tenYearRows is the ten-year reader's log (the load test's) topped up
// with more re-readings to n distinct rows.
func tenYearRows(n int) []draft {
	rows := tenYears(rand.New(rand.NewPCG(1, 7)))
	seen := map[draft]bool{}
	for _, r := range rows {
		seen[r] = true
	}
	rng := rand.New(rand.NewPCG(2, 9))
	for len(rows) < n {
		b := bible.Books()[rng.IntN(66)]
		r, _ := bible.WholeChapter(b.ID, 1+rng.IntN(b.ChapterCount))
		d := draft{dates.AddDays(firstDay, rng.IntN(years*365)), int(r.Start), int(r.End)}
		if !seen[d] {
			seen[d] = true
			rows = append(rows, d)
		}
	}
	return rows[:n]
}

// manyRows is n distinct whole-chapter readings over ten years.
func manyRows(n int) []draft {
	rng := rand.New(rand.NewPCG(3, 11))
	seen := map[draft]bool{}
	var rows []draft
	for len(rows) < n {
		b := bible.Books()[rng.IntN(66)]
		r, _ := bible.WholeChapter(b.ID, 1+rng.IntN(b.ChapterCount))
		d := draft{dates.AddDays(firstDay, rng.IntN(years*365)), int(r.Start), int(r.End)}
		if !seen[d] {
			seen[d] = true
			rows = append(rows, d)
		}
	}
	return rows
}

func logCSV(t testing.TB, rows []draft) string {
	var b strings.Builder
	for _, r := range rows {
		p, err := bible.Format(bible.Range{Start: bible.VerseID(r.StartVerseID), End: bible.VerseID(r.EndVerseID)}, bible.English)
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString(r.Date + "," + p + "\n")
	}
	return b.String()
}

// peakRSS is the process's peak resident set in KB.
func peakRSS() int64 {
	var u syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return u.Maxrss
}
