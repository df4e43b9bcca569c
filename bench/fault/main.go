// Command fault is Lamplight's fault suite. It starts its own PostgreSQL
// cluster and Redis server on free loopback ports, runs the real binary
// against them, injects faults under a steady write load and checks that no
// acknowledged write was lost or duplicated, that the outbox drains and that
// every projection equals a fresh recompute; then it loads one instance
// with many clients. It stops by itself and removes what it started.
//
//	go run ./bench/fault [-only kill,flush,...,load] [-bin bin/lamplight]
//
// docs/RELIABILITY.md describes each scenario and holds the figures.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/redis/go-redis/v9"
)

type config struct {
	bin, only, pgBin, redisBin string
	readers, writersPerReader  int
	clients                    int
	pause, warmup, downtime    time.Duration
	recover, after, settle     time.Duration
	load, timeout              time.Duration
	keep                       bool
}

type suite struct {
	cfg   config
	dir   string
	bin   string
	pg    *postgres
	redis *redisServer
	once  sync.Once
	// loadAvg is the machine's load average when the suite started.
	loadAvg string
}

func main() {
	var c config
	flag.StringVar(&c.bin, "bin", "", "lamplight binary to run (default: go build one into the temporary folder)")
	flag.StringVar(&c.only, "only", "", "comma-separated scenarios to run, of "+names()+" (default all)")
	flag.StringVar(&c.pgBin, "pg-bin", "", "folder of initdb and postgres (default the newest /usr/lib/postgresql/*/bin)")
	flag.StringVar(&c.redisBin, "redis-server", "redis-server", "redis-server binary")
	flag.IntVar(&c.readers, "readers", 6, "readers writing during each fault scenario")
	flag.IntVar(&c.writersPerReader, "writers", 2, "concurrent writers per reader, spread over the instances")
	flag.DurationVar(&c.pause, "pause", 20*time.Millisecond, "pause of each writer between two writes")
	flag.DurationVar(&c.warmup, "warmup", 5*time.Second, "steady load before the fault (and before the load phase's measurement)")
	flag.DurationVar(&c.downtime, "downtime", 2*time.Second, "how long a killed or stopped part stays down")
	flag.DurationVar(&c.recover, "recover", 30*time.Second, "deadline for writes and projections to recover after a fault")
	flag.DurationVar(&c.after, "after", 3*time.Second, "steady load after the recovery")
	flag.DurationVar(&c.settle, "settle", 20*time.Second, "deadline for the outbox to drain and the cached projections to catch up after the load")
	flag.IntVar(&c.clients, "clients", 50, "clients of the load phase")
	flag.DurationVar(&c.load, "load", 60*time.Second, "measured length of the load phase")
	flag.DurationVar(&c.timeout, "timeout", 10*time.Minute, "the whole suite stops after this")
	flag.BoolVar(&c.keep, "keep", false, "keep the temporary folder (databases, server logs)")
	flag.Parse()
	redis.SetLogger(quiet{})

	selected := map[string]bool{}
	for _, n := range strings.Split(c.only, ",") {
		if n = strings.TrimSpace(n); n != "" {
			if !slices.Contains(strings.Split(names(), ","), n) {
				fmt.Fprintf(os.Stderr, "unknown scenario %q (have %s)\n", n, names())
				os.Exit(2)
			}
			selected[n] = true
		}
	}
	run := func(name string) bool { return len(selected) == 0 || selected[name] }

	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	dir, err := os.MkdirTemp("", "lamplight-fault-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	// PostgreSQL runs as another account and must reach its folder inside.
	_ = os.Chmod(dir, 0o755)
	s := &suite{cfg: c, dir: dir, bin: c.bin}
	// Should a step hang past every deadline, end the run anyway.
	time.AfterFunc(c.timeout+time.Minute, func() {
		fmt.Fprintln(os.Stderr, "fault suite: still running a minute past -timeout; stopping")
		s.cleanup()
		os.Exit(2)
	})
	os.Exit(s.main(ctx, run))
}

func names() string {
	var out []string
	for _, sc := range scenarios {
		out = append(out, sc.name)
	}
	return strings.Join(append(out, "load"), ",")
}

func (s *suite) main(ctx context.Context, run func(string) bool) int {
	defer s.cleanup()
	started := time.Now()
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		s.loadAvg = strings.Join(strings.Fields(string(b))[:3], " ")
	}
	if s.bin == "" {
		s.bin = s.dir + "/lamplight"
		fmt.Println("building the lamplight binary...")
		build := exec.CommandContext(ctx, "go", "build", "-o", s.bin, "./app/cmd/lamplight")
		build.Stdout, build.Stderr = os.Stdout, os.Stderr
		if err := build.Run(); err != nil {
			fmt.Fprintln(os.Stderr, "go build:", err)
			return 2
		}
	}
	needServices := run("load")
	for _, sc := range scenarios {
		needServices = needServices || (run(sc.name) && !sc.sqlite)
	}
	if needServices {
		var err error
		if s.pg, err = newPostgres(ctx, s.dir, s.cfg.pgBin); err != nil {
			fmt.Fprintln(os.Stderr, "PostgreSQL:", err)
			return 2
		}
		if s.redis, err = newRedis(ctx, s.dir, s.cfg.redisBin); err != nil {
			fmt.Fprintln(os.Stderr, "Redis:", err)
			return 2
		}
		fmt.Printf("own PostgreSQL on 127.0.0.1:%d, own Redis on 127.0.0.1:%d, files in %s\n", s.pg.port, s.redis.port, s.dir)
	}

	var results []result
	for _, sc := range scenarios {
		if !run(sc.name) || ctx.Err() != nil {
			continue
		}
		fmt.Printf("\n== %s: %s\n", sc.name, sc.title)
		r := s.runScenario(ctx, sc)
		printResult(r)
		results = append(results, r)
	}
	var load *loadResult
	if run("load") && ctx.Err() == nil {
		fmt.Printf("\n== load: %d clients, mixed reads and writes, one instance on PostgreSQL and Redis\n", s.cfg.clients)
		l := s.runLoad(ctx)
		printLoad(l)
		load = &l
	}

	fmt.Println()
	s.printMachine()
	printTables(results, load)
	failed := 0
	for _, r := range results {
		failed += len(r.problems)
	}
	if load != nil {
		failed += len(load.problems)
	}
	if ctx.Err() != nil {
		fmt.Printf("\nFAIL: stopped early (%v)\n", context.Cause(ctx))
		return 1
	}
	fmt.Printf("\nsuite took %s\n", time.Since(started).Round(time.Second))
	if failed > 0 {
		fmt.Printf("FAIL: %d problems, listed under each scenario above\n", failed)
		return 1
	}
	fmt.Println("PASS")
	return 0
}

// cleanup stops every child and removes the temporary folder.
func (s *suite) cleanup() {
	s.once.Do(func() {
		killAll()
		if s.cfg.keep {
			fmt.Println("kept", s.dir)
			return
		}
		_ = os.RemoveAll(s.dir)
	})
}

func (s *suite) fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "fault suite: "+format+"\n", args...)
	s.cleanup()
	os.Exit(2)
}

func secs(d time.Duration) string {
	if d <= 0 {
		return "never"
	}
	return fmt.Sprintf("%.1f s", d.Seconds())
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

func printResult(r result) {
	w := r.writes
	fmt.Printf("   writes: %d sent, %d acknowledged, failed %s; %d in flight at the fault\n",
		w.sent, w.acked, kinds(w.failed), r.inFlightAtFault)
	fmt.Printf("   stored: %d acknowledged lost, %d duplicated, %d never sent; %d failed writes stored once all the same (answer lost)\n",
		w.lost, w.duplicated, w.phantom, w.unanswered)
	fmt.Printf("   recovery: fault over after %s; writes sent after the fault failing: %s; every instance acknowledging new writes %s after it; projections following new writes %s after it\n",
		secs(r.outage), r.failing, secs(r.writesBack), secs(r.projBack))
	readText := "compared with a fresh process's"
	if !r.sc.sqlite {
		readText = "read through the API " + secs(r.projCurrent) + " after it"
	}
	fmt.Printf("   after the load: outbox empty %s after it stopped; projections %s; %d of %d projections equal a fresh recompute\n",
		secs(r.drained), readText, r.compared-len(r.mismatched), r.compared)
	fmt.Printf("   /api/health says %q; %d server log lines name a missing consumer group (NOGROUP)\n", r.health, r.nogroup)
	printLogs(r.logs)
	printVerdict(r.problems)
}

func printLogs(lines []string) {
	if len(lines) > 0 {
		fmt.Println("   server warnings and errors (all instances), most frequent first:")
	}
	for i, l := range lines {
		if i == 6 {
			fmt.Printf("     ... and %d more kinds\n", len(lines)-i)
			break
		}
		fmt.Printf("     %.200s\n", l)
	}
}

func printVerdict(problems []string) {
	if len(problems) == 0 {
		fmt.Println("   PASS")
		return
	}
	for _, p := range problems {
		fmt.Println("   FAIL:", p)
	}
}

func printLoad(l loadResult) {
	fmt.Printf("   %d requests in %s (%.0f/s): %d reads, %d writes; failed %s\n",
		l.requests, l.duration.Round(time.Second), float64(l.requests)/l.duration.Seconds(), l.reads, l.wr, kinds(l.failed))
	fmt.Printf("   latency p50/p99: all %s / %s, reads %s / %s, writes %s / %s\n",
		ms(percentile(l.all, .5)), ms(percentile(l.all, .99)), ms(percentile(l.read, .5)), ms(percentile(l.read, .99)),
		ms(percentile(l.write, .5)), ms(percentile(l.write, .99)))
	fmt.Printf("   server memory (VmRSS): %.0f MB before, %.0f MB after, peak %.0f MB\n", l.rssBefore, l.rssAfter, l.peak)
	fmt.Printf("   stored: of %d acknowledged writes (the seed batches included) %d lost, %d duplicated\n", l.writes.acked, l.writes.lost, l.writes.duplicated)
	printLogs(l.logs)
	printVerdict(l.problems)
}

func (s *suite) printMachine() {
	mem := "?"
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		mem = strings.Join(strings.Fields(strings.SplitN(string(b), "\n", 2)[0])[1:], " ")
	}
	fmt.Println("machine:")
	fmt.Printf("  %d CPUs, MemTotal %s, %s %s/%s\n", runtime.NumCPU(), mem, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	// Other work on the machine shares the cores and shows in the latencies.
	fmt.Printf("  load average at the start: %s\n", s.loadAvg)
	for _, cmd := range [][]string{{s.bin, "version"}, {s.cfg.redisBin, "--version"}} {
		out, _ := exec.Command(cmd[0], cmd[1:]...).Output()
		fmt.Printf("  %s", out)
	}
	if s.pg != nil {
		out, _ := exec.Command(s.pg.bin+"/postgres", "--version").Output()
		fmt.Printf("  %s", out)
	}
}

// printTables prints the figures as the Markdown tables of RELIABILITY.md.
func printTables(results []result, load *loadResult) {
	if len(results) > 0 {
		fmt.Println()
		fmt.Println("| scenario | writes acknowledged | writes failed | acknowledged lost / duplicated | fault over after | writes failing | writes back after | projections back after | outbox empty after | projections = recompute | result |")
		fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|")
		for _, r := range results {
			verdict := "pass"
			if len(r.problems) > 0 {
				verdict = "**FAIL**"
			}
			fmt.Printf("| %s | %d | %s | %d / %d | %s | %s | %s | %s | %s | %d of %d | %s |\n",
				r.sc.name, r.writes.acked, kinds(r.writes.failed), r.writes.lost, r.writes.duplicated,
				secs(r.outage), r.failing, secs(r.writesBack), secs(r.projBack), secs(r.drained),
				r.compared-len(r.mismatched), r.compared, verdict)
		}
	}
	if load != nil {
		l := *load
		fmt.Println()
		fmt.Println("| clients | measured | requests (reads / writes) | per second | failed | p50 | p99 | reads p50 / p99 | writes p50 / p99 | RSS before → after (peak) |")
		fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
		fmt.Printf("| %d | %s | %d (%d / %d) | %.0f | %s | %s | %s | %s / %s | %s / %s | %.0f → %.0f MB (%.0f MB) |\n",
			l.clients, l.duration.Round(time.Second), l.requests, l.reads, l.wr, float64(l.requests)/l.duration.Seconds(), kinds(l.failed),
			ms(percentile(l.all, .5)), ms(percentile(l.all, .99)), ms(percentile(l.read, .5)), ms(percentile(l.read, .99)),
			ms(percentile(l.write, .5)), ms(percentile(l.write, .99)), l.rssBefore, l.rssAfter, l.peak)
	}
}
