package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"time"

	"lamplight/modules/bible"
	"lamplight/platform/dates"
)

// seedDays is how many days of single-verse entries each load reader starts
// with, so reads have a log to work on.
const seedDays = 365

// loadResult is what the load phase measured.
type loadResult struct {
	clients             int
	duration            time.Duration
	requests, reads, wr int
	failed              map[string]int
	all, read, write    []time.Duration
	rssBefore, rssAfter float64
	peak                float64
	writes              writes
	logs                []string
	problems            []string
}

// runLoad returns a named result: the deferred stop adds the server log.
func (s *suite) runLoad(ctx context.Context) (res loadResult) {
	res = loadResult{clients: s.cfg.clients, duration: s.cfg.load, failed: map[string]int{}}
	fail := func(format string, args ...any) { res.problems = append(res.problems, fmt.Sprintf(format, args...)) }
	settings := s.env(scenario{name: "load"})
	insts, err := s.startInstances(ctx, "load", 1, settings)
	defer func() {
		for _, in := range insts {
			in.stop()
			res.logs, _ = logSummary(in.log)
		}
	}()
	if err != nil {
		fail("start: %v", err)
		return res
	}
	in := insts[0]
	readers, err := signUp(ctx, in.api, "load", s.cfg.clients)
	if err != nil {
		fail("sign up: %v", err)
		return res
	}
	today := time.Now().UTC().Format(time.DateOnly)
	var outs []outcome
	for i, r := range readers {
		seeded, err := seed(ctx, in.api, i, r, today)
		if err != nil {
			fail("seed: %v", err)
			return res
		}
		outs = append(outs, seeded...)
	}

	var (
		mu sync.Mutex
		wg sync.WaitGroup
	)
	start := time.Now()
	begin, end := start.Add(s.cfg.warmup), start.Add(s.cfg.warmup+s.cfg.load)
	for i, r := range readers {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(i), 11))
			for k := 0; time.Now().Before(end) && ctx.Err() == nil; k++ {
				t0 := time.Now()
				var o outcome
				isWrite := rng.IntN(10) < 3
				if isWrite {
					o = write(ctx, in.api, 0, i, r, draft(today, 0, k))
				} else {
					code, _, _, err := in.api.do(ctx, http.MethodGet, readPath(rng, today), r.token, nil)
					o = outcome{status: code}
					if err != nil {
						o.status, o.err = 0, err.Error()
					}
				}
				took := time.Since(t0)
				mu.Lock()
				if isWrite {
					outs = append(outs, o)
				}
				if !t0.Before(begin) {
					res.requests++
					res.all = append(res.all, took)
					if isWrite {
						res.wr++
						res.write = append(res.write, took)
					} else {
						res.reads++
						res.read = append(res.read, took)
					}
					if !o.acked() {
						res.failed[o.kind()]++
					}
				}
				mu.Unlock()
			}
		})
	}
	sleep(ctx, time.Until(begin))
	res.rssBefore, _ = in.memory()
	wg.Wait()
	res.duration = time.Since(begin)
	res.rssAfter, res.peak = in.memory()

	if drained, left := outboxDrained(ctx, s.openDB(settings), s.cfg.settle); drained < 0 {
		fail("the outbox still holds %d unrelayed events %s after the load stopped", left, s.cfg.settle)
	}
	res.writes, _ = checkWrites(ctx, in.api, readers, outs)
	res.problems = append(res.problems, res.writes.problems...)
	if n := sum(res.failed); n > 0 {
		fail("%d of %d requests failed under load: %s", n, res.requests, kinds(res.failed))
	}
	return res
}

// readPath picks one of the reads a reader's screens make.
func readPath(rng *rand.Rand, today string) string {
	paths := append(projections(today), "/api/log-entries", "/api/log-entries/changes?since=0", "/api/settings")
	return paths[rng.IntN(len(paths))]
}

// seed gives a reader one single-verse entry on each of the seedDays days
// before the weeks the load writes in, in one batch.
func seed(ctx context.Context, a api, idx int, r reader, today string) ([]outcome, error) {
	drafts := make([]entry, seedDays)
	for d := range drafts {
		v, _ := bible.VerseAt((d * 37) % bible.TotalVerses)
		drafts[d] = entry{Date: dates.AddDays(today, -100-d), StartVerseID: int(v), EndVerseID: int(v)}
	}
	code, res, _, err := a.do(ctx, http.MethodPost, "/api/log-entries/batch", r.token, map[string]any{"entries": drafts})
	if err != nil || code != http.StatusCreated {
		return nil, fmt.Errorf("batch for %s: %d %.200s %v", r.email, code, res, err)
	}
	var created []entry
	if err := json.Unmarshal(res, &created); err != nil {
		return nil, err
	}
	outs := make([]outcome, len(created))
	for i, e := range created {
		outs[i] = outcome{reader: idx, key: e.key(), id: e.ID, status: code}
	}
	return outs, nil
}

func percentile(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[int(float64(len(s)-1)*p)]
}
