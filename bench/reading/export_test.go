//go:build loadbench

package reading

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"testing"
	"testing/fstest"
	"time"

	"lamplight/app"
	"lamplight/modules/identity/identitytest"
	"lamplight/platform/testkit"
)

// TestExport times the downloads of the ten-year reader with 500 notes:
//
//	go test -tags loadbench -run TestExport -v ./bench/reading
func TestExport(t *testing.T) {
	for _, b := range testkit.Backends(t) {
		t.Run(b.Name, func(t *testing.T) {
			a := testkit.StartApp(t, app.Options(b.Config, io.Discard, fstest.MapFS{}, identitytest.Options()))
			h := identitytest.Bearer(identitytest.SignUp(t, a, "reader@bench.example"))
			log := tenYears(rand.New(rand.NewPCG(1, 7)))
			for from := 0; from < len(log); from += 1000 {
				body, _ := json.Marshal(map[string]any{"entries": log[from:min(from+1000, len(log))]})
				if code, res := a.Do(t, http.MethodPost, "/api/log-entries/batch", string(body), h); code != http.StatusCreated {
					t.Fatalf("seed: %d %.200s", code, res)
				}
			}
			for i := range 500 {
				body := fmt.Sprintf(`{"content":"note %d with some words","passages":[{"startVerseId":%d,"endVerseId":%d}]}`, i, log[i].StartVerseID, log[i].EndVerseID)
				if code, res := a.Do(t, http.MethodPost, "/api/passage-notes", body, h); code != http.StatusCreated {
					t.Fatalf("note: %d %.200s", code, res)
				}
			}
			for _, path := range []string{"/api/export/archive.json", "/api/export/log.csv?locale=en", "/api/export/notes.md"} {
				var times []time.Duration
				size := 0
				for range 20 {
					start := time.Now()
					code, res := a.Do(t, http.MethodGet, path, "", h)
					times = append(times, time.Since(start))
					if code != http.StatusOK {
						t.Fatalf("%s: %d", path, code)
					}
					size = len(res)
				}
				t.Logf("%s: %d entries, %d bytes, p50 %.2f ms, max %.2f ms", path, len(log), size, ms(percentile(times, 0.5)), ms(percentile(times, 1)))
			}
		})
	}
}
