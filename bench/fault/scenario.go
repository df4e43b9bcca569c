package main

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"gorm.io/gorm"

	"lamplight/platform/db"
)

// scenario is one fault injected under the steady write load.
type scenario struct {
	name, title string
	sqlite      bool
	// fault injects the fault and ends once the broken part is back (or,
	// for a flush, right away).
	fault func(ctx context.Context, s *suite, insts []*instance) error
}

var scenarios = []scenario{
	{name: "kill", title: "one of two instances killed (SIGKILL) and restarted",
		fault: func(ctx context.Context, s *suite, insts []*instance) error {
			insts[1].kill()
			sleep(ctx, s.cfg.downtime)
			return insts[1].start(ctx)
		}},
	{name: "flush", title: "Redis emptied (FLUSHDB)",
		fault: func(ctx context.Context, s *suite, _ []*instance) error { return s.redis.flush(ctx) }},
	{name: "redis-restart", title: "Redis restarted (comes back empty)",
		fault: func(ctx context.Context, s *suite, _ []*instance) error {
			s.redis.stop()
			sleep(ctx, s.cfg.downtime)
			return s.redis.start(ctx)
		}},
	{name: "pg-restart", title: "PostgreSQL restarted (fast shutdown)",
		fault: func(ctx context.Context, s *suite, _ []*instance) error {
			s.pg.stop()
			sleep(ctx, s.cfg.downtime)
			return s.pg.start(ctx)
		}},
	{name: "sqlite-kill", title: "SQLite, single instance killed (SIGKILL) mid-write and restarted", sqlite: true,
		fault: func(ctx context.Context, s *suite, insts []*instance) error {
			insts[0].kill()
			sleep(ctx, s.cfg.downtime)
			return insts[0].start(ctx)
		}},
}

// result is what a scenario measured and found wrong.
type result struct {
	sc              scenario
	writes          writes
	inFlightAtFault int64
	outage          time.Duration // from the fault until the broken part was back
	failing         string        // when writes sent after the fault failed, relative to it
	writesBack      time.Duration // until every instance acknowledged a write sent once the part was back (0: never)
	projBack        time.Duration // until the probe's projections followed a new write (0: never)
	drained         time.Duration // outbox empty, after the load stopped (-1: never)
	projCurrent     time.Duration // projections answered through the API, after the load stopped (-1: never)
	compared        int           // projections compared with a fresh recompute
	mismatched      []string
	health          string
	logs            []string
	nogroup         int
	problems        []string
}

// env is the configuration of a scenario's servers.
func (s *suite) env(sc scenario) map[string]string {
	if sc.sqlite {
		return map[string]string{"LAMPLIGHT_DATA_DIR": filepath.Join(s.dir, "sqlite-"+sc.name)}
	}
	return map[string]string{
		"DATABASE_URL":           s.database(sc.name),
		"REDIS_URL":              s.redis.url(),
		"LAMPLIGHT_REDIS_PREFIX": s.prefix(sc.name),
	}
}

func (s *suite) prefix(name string) string { return "lamplight-" + name + ":" }

// database creates the scenario's own database in the suite's cluster, so
// each scenario's outbox and logs are its own.
func (s *suite) database(name string) string {
	dbName := "fault_" + strings.ReplaceAll(name, "-", "_")
	g, err := db.OpenPostgres(s.pg.url())
	if err == nil {
		err = g.Exec("CREATE DATABASE " + dbName).Error
		closeDB(g)
	}
	if err != nil {
		s.fatalf("create database %s: %v", dbName, err)
	}
	return strings.Replace(s.pg.url(), "/postgres?", "/"+dbName+"?", 1)
}

func (s *suite) openDB(settings map[string]string) func() (*gorm.DB, error) {
	if url := settings["DATABASE_URL"]; url != "" {
		return func() (*gorm.DB, error) { return db.OpenPostgres(url) }
	}
	return func() (*gorm.DB, error) {
		return db.OpenSQLite(filepath.Join(settings["LAMPLIGHT_DATA_DIR"], "lamplight.db"))
	}
}

// startInstances starts n servers one after the other (the first runs the
// migrations alone).
func (s *suite) startInstances(ctx context.Context, tag string, n int, settings map[string]string) ([]*instance, error) {
	var insts []*instance
	for i := range n {
		name := fmt.Sprintf("%s-%d", tag, i)
		in, err := newInstance(name, s.bin, filepath.Join(s.dir, name+".log"), maps.Clone(settings))
		if err != nil {
			return insts, err
		}
		insts = append(insts, in)
		if err := in.start(ctx); err != nil {
			return insts, err
		}
	}
	return insts, nil
}

// signUp makes n readers, a few at a time.
func signUp(ctx context.Context, a api, tag string, n int) ([]reader, error) {
	readers := make([]reader, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	for i := range n {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			readers[i], errs[i] = a.signUp(ctx, fmt.Sprintf("%s-%d@fault.test", tag, i))
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return readers, nil
}

// runScenario returns a named result: the deferred stop adds the server logs.
func (s *suite) runScenario(ctx context.Context, sc scenario) (res result) {
	res = result{sc: sc, drained: -1, projCurrent: -1}
	fail := func(format string, args ...any) { res.problems = append(res.problems, fmt.Sprintf(format, args...)) }
	settings := s.env(sc)
	n := 2
	if sc.sqlite {
		n = 1
	}
	insts, err := s.startInstances(ctx, sc.name, n, settings)
	defer func() {
		for _, in := range insts {
			in.stop()
		}
		var logs []string
		for _, in := range insts {
			logs = append(logs, in.log)
		}
		res.logs, res.nogroup = logSummary(logs...)
	}()
	if err != nil {
		fail("start: %v", err)
		return res
	}
	// One reader more than the writers use: the probe's.
	readers, err := signUp(ctx, insts[0].api, sc.name, s.cfg.readers+1)
	if err != nil {
		fail("sign up: %v", err)
		return res
	}
	probeIdx := s.cfg.readers
	today := time.Now().UTC().Format(time.DateOnly)

	// Projections are computed when read, so the probe reads them as a
	// reader does: through the API.
	upToDate := func(ctx context.Context, version int64) bool {
		return insts[0].api.follows(ctx, readers[probeIdx], version, today)
	}

	t := newTraffic(insts, today)
	t.writers(ctx, readers[:probeIdx], s.cfg.writersPerReader, s.cfg.pause)
	t.probe(ctx, probeIdx, readers[probeIdx], upToDate)
	sleep(ctx, s.cfg.warmup)

	t.markFault()
	faultAt := time.Now()
	if err := sc.fault(ctx, s, insts); err != nil {
		fail("fault: %v", err)
	}
	res.outage = time.Since(faultAt)
	t.markBack()
	poll(ctx, s.cfg.recover, 100*time.Millisecond, func() bool {
		w, p := t.recovered()
		return w > 0 && p > 0
	})
	res.writesBack, res.projBack = t.recovered()
	if res.writesBack == 0 {
		fail("writes did not recover within %s of the fault", s.cfg.recover)
	}
	if res.projBack == 0 {
		fail("projections did not follow new writes within %s of the fault", s.cfg.recover)
	}
	sleep(ctx, s.cfg.after)
	outs := t.finish()
	res.inFlightAtFault = t.inFlightAtFault
	res.failing = "none"
	if from, to, any := t.failures(); any {
		res.failing = fmt.Sprintf("+%.1f to +%.1f s", from.Seconds(), to.Seconds())
	}
	stopped := time.Now()

	var left int64
	if res.drained, left = outboxDrained(ctx, s.openDB(settings), s.cfg.settle); res.drained < 0 {
		fail("the outbox still holds %d unrelayed events %s after the load stopped", left, s.cfg.settle)
	} else {
		res.drained = time.Since(stopped)
	}
	res.writes, _ = checkWrites(ctx, insts[0].api, readers, outs)
	res.problems = append(res.problems, res.writes.problems...)
	if sc.sqlite {
		s.compareAfterRestart(ctx, &res, insts[0], readers, today)
	} else {
		s.compareWithRebuild(ctx, &res, insts[0], readers, stopped, today)
	}
	res.health = insts[0].api.health(ctx)
	return res
}

// compareWithRebuild checks the projections as readers see them: read
// through the API after the load (each computed on read from the current
// log, and kept in Redis), they must answer and then equal what `lamplight
// projections rebuild` computes from the database; the values the reads left
// in Redis must equal the rebuilt ones too.
func (s *suite) compareWithRebuild(ctx context.Context, res *result, in *instance, readers []reader, stopped time.Time, today string) {
	fail := func(format string, args ...any) { res.problems = append(res.problems, fmt.Sprintf(format, args...)) }
	rc := s.redis.client()
	defer rc.Close()
	prefix := s.prefix(res.sc.name)
	var apiBefore map[string]string
	var err error
	if !poll(ctx, s.cfg.settle, 100*time.Millisecond, func() bool {
		apiBefore, err = answers(ctx, in, readers, today)
		return err == nil
	}) {
		fail("read projections through the API %s after the load stopped: %v", s.cfg.settle, err)
		return
	}
	res.projCurrent = time.Since(stopped)
	read, err := cached(ctx, rc, prefix, readers)
	if err != nil {
		fail("read cached projections: %v", err)
		return
	}
	if err := in.command(ctx, "projections", "rebuild"); err != nil {
		fail("%v", err)
		return
	}
	rebuilt, err := cached(ctx, rc, prefix, readers)
	if err != nil {
		fail("read rebuilt projections: %v", err)
		return
	}
	// Only values of the same log version compare: a projection a read
	// did not keep is absent before the rebuild.
	for k, v := range read {
		if v == "" || cachedVersion(v) != cachedVersion(rebuilt[k]) {
			continue
		}
		res.compared++
		if v != rebuilt[k] {
			res.mismatched = append(res.mismatched, k)
		}
	}
	apiAfter, err := answers(ctx, in, readers, today)
	if err != nil {
		fail("read projections: %v", err)
		return
	}
	res.compared += len(apiAfter)
	res.mismatched = append(res.mismatched, differences(apiBefore, apiAfter)...)
	if len(res.mismatched) > 0 {
		fail("%d projections differ from a fresh recompute%s", len(res.mismatched), example(res.mismatched))
	}
}

// compareAfterRestart checks an embedded (SQLite) server, whose cache lives
// in the process: its answers must equal those of a freshly started process,
// which computes every projection from the database.
func (s *suite) compareAfterRestart(ctx context.Context, res *result, in *instance, readers []reader, today string) {
	fail := func(format string, args ...any) { res.problems = append(res.problems, fmt.Sprintf(format, args...)) }
	before, err := answers(ctx, in, readers, today)
	if err != nil {
		fail("read projections: %v", err)
		return
	}
	in.stop()
	if err := in.start(ctx); err != nil {
		fail("restart: %v", err)
		return
	}
	after, err := answers(ctx, in, readers, today)
	if err != nil {
		fail("read projections after the restart: %v", err)
		return
	}
	res.compared = len(after)
	res.mismatched = differences(before, after)
	if len(res.mismatched) > 0 {
		fail("%d projections differ from a fresh process's%s", len(res.mismatched), example(res.mismatched))
	}
}

// answers reads every projection endpoint for every reader, keyed by reader
// and path.
func answers(ctx context.Context, in *instance, readers []reader, today string) (map[string]string, error) {
	out := map[string]string{}
	for _, r := range readers {
		got, err := in.api.readProjections(ctx, r, today)
		if err != nil {
			return nil, err
		}
		for k, v := range got {
			out[r.email+" "+k] = v
		}
	}
	return out, nil
}

// example renders the first of a list for a message.
func example(list []string) string {
	if len(list) == 0 {
		return ""
	}
	return ", e.g. " + list[0]
}
