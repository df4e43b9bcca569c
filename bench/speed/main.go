// Command speed measures Lamplight end to end for the ten-year reader: it
// runs the real binary on SQLite and on PostgreSQL + Redis, seeds one reader
// with ten years of daily entries and reports, in one run, cached reads (a
// year of date verse counts, suggestions, the whole log) in requests per
// second against nginx (or, with -static go, a minimal Go file server)
// serving the same gzip bytes to the same client; how long a POSTed entry
// takes to show in the counts; notes search latency at 10,000 notes; and a
// mixed load of many clients (reads and writes) on one instance.
//
//	go run ./bench/speed [-bin bin/lamplight] [-backends sqlite,postgres] [-load 60s]
//
// PostgreSQL and Redis come from TEST_DATABASE_URL and TEST_REDIS_URL: the
// run creates its own database there (and drops it) and uses its own Redis
// key prefix (and deletes its keys). It stops by itself after -timeout.
// docs/BENCHMARKS.md holds the figures.
package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/redis/go-redis/v9"

	"lamplight/bench/tenyear"
	"lamplight/modules/bible"
	"lamplight/platform/dates"
)

type config struct {
	bin, backends, static   string
	measure, load, timeout  time.Duration
	conc, clients, notes    int
	visibleRuns, searchRuns int
	searchSlowest           int
	keep, serveStatic       bool
	staticDir, staticAddr   string
	profile                 string
}

func main() {
	var c config
	flag.StringVar(&c.bin, "bin", "", "lamplight binary (default: go build one into the temporary folder)")
	flag.StringVar(&c.backends, "backends", "sqlite,postgres", "backends to measure: sqlite, postgres (needs TEST_DATABASE_URL and TEST_REDIS_URL)")
	flag.StringVar(&c.static, "static", "nginx", "static server to compare with: nginx or go")
	flag.DurationVar(&c.measure, "measure", 3*time.Second, "length of each requests-per-second measurement")
	flag.DurationVar(&c.load, "load", 10*time.Second, "length of the mixed load (the issue's figure is 60s)")
	flag.IntVar(&c.conc, "conc", 8, "concurrent clients of the requests-per-second measurements")
	flag.IntVar(&c.clients, "clients", 50, "clients of the mixed load")
	flag.IntVar(&c.notes, "notes", 10000, "notes of the reader for the search measurement")
	flag.IntVar(&c.visibleRuns, "visible-runs", 30, "POST-to-visible measurements")
	flag.IntVar(&c.searchRuns, "search-runs", 100, "runs of each notes search")
	flag.IntVar(&c.searchSlowest, "search-slowest", 0, "print the slowest runs of each notes search, this many, with their run numbers")
	flag.DurationVar(&c.timeout, "timeout", 20*time.Minute, "the whole run stops after this")
	flag.BoolVar(&c.keep, "keep", false, "keep the temporary folder (server logs)")
	flag.StringVar(&c.profile, "profile", "", "write the server's CPU profile of each cached read and of the mixed load to this folder (<backend>-r<n>.pprof, <backend>-mixed.pprof; LAMPLIGHT_PPROF)")
	flag.BoolVar(&c.serveStatic, "serve-static", false, "internal: serve -static-dir on -static-addr as the Go static server")
	flag.StringVar(&c.staticDir, "static-dir", "", "internal")
	flag.StringVar(&c.staticAddr, "static-addr", "", "internal")
	flag.Parse()
	if c.serveStatic {
		serveStatic(c.staticDir, c.staticAddr)
		return
	}
	// Interrupted, it still stops its servers and drops its database.
	sig, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	ctx, cancel := context.WithTimeout(sig, c.timeout)
	err := run(ctx, c)
	cancel()
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "speed:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, c config) error {
	dir, err := os.MkdirTemp("", "lamplight-speed-")
	if err != nil {
		return err
	}
	if !c.keep {
		defer os.RemoveAll(dir)
	} else {
		fmt.Println("files in", dir)
	}
	// nginx workers run as nobody unless told otherwise.
	if err := os.Chmod(dir, 0o755); err != nil {
		return err
	}
	bin := c.bin
	if bin == "" {
		bin = filepath.Join(dir, "lamplight")
		fmt.Println("building", bin)
		build := exec.CommandContext(ctx, "go", "build", "-o", bin, "./app/cmd/lamplight")
		build.Stdout, build.Stderr = os.Stdout, os.Stderr
		if err := build.Run(); err != nil {
			return err
		}
	}
	load, _ := os.ReadFile("/proc/loadavg")
	host, _ := os.Hostname()
	fmt.Printf("%s, %s, %d cores (shared), load average %s", time.Now().UTC().Format(time.RFC3339), host, runtime.NumCPU(), load)
	static, err := startStatic(ctx, c, dir)
	if err != nil {
		return err
	}
	defer static.stop()
	for _, b := range strings.Split(c.backends, ",") {
		if err := measureBackend(ctx, c, dir, bin, strings.TrimSpace(b), static); err != nil {
			return fmt.Errorf("%s: %w", b, err)
		}
	}
	return nil
}

// backend starts the server on one backend and cleans up after it.
func measureBackend(ctx context.Context, c config, dir, bin, name string, static *staticServer) error {
	env := map[string]string{"LAMPLIGHT_DATA_DIR": filepath.Join(dir, "data-"+name)}
	if c.profile != "" {
		env["LAMPLIGHT_PPROF"] = "true"
	}
	var cleanup []func()
	defer func() {
		for _, f := range slices.Backward(cleanup) {
			f()
		}
	}()
	switch name {
	case "sqlite":
	case "postgres":
		dbURL, redisURL := os.Getenv("TEST_DATABASE_URL"), os.Getenv("TEST_REDIS_URL")
		if dbURL == "" || redisURL == "" {
			fmt.Println("postgres: skipped (TEST_DATABASE_URL and TEST_REDIS_URL unset)")
			return nil
		}
		suffix := fmt.Sprintf("%d_%d", os.Getpid(), time.Now().UnixNano()%1e6)
		own, drop, err := ownDatabase(ctx, dbURL, "speed_"+suffix)
		if err != nil {
			return err
		}
		cleanup = append(cleanup, drop)
		prefix := "speed" + suffix + ":"
		cleanup = append(cleanup, func() { dropKeys(redisURL, prefix) })
		env["DATABASE_URL"], env["REDIS_URL"], env["LAMPLIGHT_REDIS_PREFIX"] = own, redisURL, prefix
	default:
		return fmt.Errorf("unknown backend %q", name)
	}
	srv, err := startServer(ctx, bin, filepath.Join(dir, name+".log"), env)
	if err != nil {
		return err
	}
	cleanup = append(cleanup, srv.stop)
	a := newClient(srv.base, c.clients)
	token, entries, err := seed(ctx, a)
	if err != nil {
		return err
	}
	fmt.Printf("\n== %s: ten-year reader, %d entries\n", name, entries)

	yearAgo := dates.AddDays(today, -364)
	reads := []struct{ name, path string }{
		{"cached year of date verse counts", "/api/insights/date-verse-counts?from=" + yearAgo + "&to=" + today},
		{"suggestions", "/api/reading-suggestions?today=" + today},
		{"whole log", "/api/log-entries"},
	}
	// CPU per request (µs, the server's processes only, not the client's)
	// does not depend on what else the machine runs, unlike requests per
	// second; its ratio is static / app.
	fmt.Printf("%-34s %10s %10s %7s %8s %7s %7s %7s\n", "cached read (gzip)", "app req/s", "static", "ratio", "bytes", "app µs", "static", "ratio")
	for i, r := range reads {
		gz, err := a.gzipped(ctx, r.path, token)
		if err != nil {
			return err
		}
		file := fmt.Sprintf("r%d.json", i)
		if err := os.WriteFile(filepath.Join(static.root, file), gz, 0o644); err != nil {
			return err
		}
		var profiled chan error
		if c.profile != "" {
			profiled = make(chan error, 1)
			go func() {
				profiled <- cpuProfile(ctx, srv.base, c.measure, filepath.Join(c.profile, fmt.Sprintf("%s-r%d.pprof", name, i)))
			}()
		}
		appCPU := cpuTime(srv.cmd.Process.Pid)
		app := throughput(ctx, c.conc, c.measure, func(ctx context.Context) error {
			return a.expect(ctx, srv.base+r.path, token, len(gz))
		})
		appCPU = cpuTime(srv.cmd.Process.Pid) - appCPU
		if profiled != nil {
			if err := <-profiled; err != nil {
				return err
			}
		}
		stCPU := cpuTime(static.srv.cmd.Process.Pid)
		st := throughput(ctx, c.conc, c.measure, func(ctx context.Context) error {
			return a.expect(ctx, static.base+"/"+file, "", len(gz))
		})
		stCPU = cpuTime(static.srv.cmd.Process.Pid) - stCPU
		appPer, stPer := perRequest(appCPU, app), perRequest(stCPU, st)
		fmt.Printf("%-34s %10.0f %10.0f %6.3fx %8d %7.1f %7.1f %6.3fx%s\n", r.name, app.rate(), st.rate(), app.rate()/st.rate(), len(gz),
			appPer, stPer, stPer/appPer, app.errorNote())
	}

	lat, err := postToVisible(ctx, a, token, c.visibleRuns)
	if err != nil {
		return err
	}
	fmt.Printf("POST one entry until the counts show it (%d runs): p50 %s, p90 %s, max %s\n", len(lat), ms(pct(lat, .5)), ms(pct(lat, .9)), ms(pct(lat, 1)))

	if c.notes > 0 {
		if err := seedNotes(ctx, a, token, c.notes); err != nil {
			return err
		}
		for _, q := range []string{"grace", "the", "faith hope", "zebulunite"} {
			var d []time.Duration
			path := "/api/passage-notes?searchText=" + url.QueryEscape(q)
			for range c.searchRuns {
				start := time.Now()
				if err := a.expect(ctx, srv.base+path, token, -1); err != nil {
					return err
				}
				d = append(d, time.Since(start))
			}
			fmt.Printf("notes search %-12q at %d notes (%d runs): p50 %s, p99 %s\n", q, c.notes, len(d), ms(pct(d, .5)), ms(pct(d, .99)))
			if c.searchSlowest > 0 {
				fmt.Println("  slowest (run: time):", slowest(d, c.searchSlowest))
			}
		}
	}

	var profiled chan error
	if c.profile != "" {
		profiled = make(chan error, 2)
		go func() { profiled <- cpuProfile(ctx, srv.base, c.load, filepath.Join(c.profile, name+"-mixed.pprof")) }()
		go func() {
			profiled <- serverProfile(ctx, srv.base, "allocs", c.load, filepath.Join(c.profile, name+"-mixed-allocs.pprof"))
		}()
	}
	mixedCPU := cpuTime(srv.cmd.Process.Pid)
	computed, extended := computes(ctx, srv.base)
	r, kinds := mixedLoad(ctx, a, token, c.clients, c.load)
	mixedCPU = cpuTime(srv.cmd.Process.Pid) - mixedCPU
	computedAfter, extendedAfter := computes(ctx, srv.base)
	computed, extended = computedAfter-computed, extendedAfter-extended
	for range cap(profiled) {
		if err := <-profiled; err != nil {
			return err
		}
	}
	fmt.Printf("mixed load, %d clients, %s (1 write in 10): %.0f req/s, p50 %s, p99 %s, %d errors; app CPU %.0f µs per request%s\n",
		c.clients, c.load, r.rate(), ms(pct(r.lat, .5)), ms(pct(r.lat, .99)), r.errors.Load(), perRequest(mixedCPU, r), r.errorNote())
	fmt.Println("  p99 by request:", kinds)
	writes := max(float64(r.n.Load())/10, 1)
	fmt.Printf("  projection computes per write: %.2f, of which %.2f carried on from the previous value\n", computed/writes, extended/writes)
	return nil
}

// computes is how many projection values the server computed so far, and
// how many of them it carried on from the previous value, from its
// metrics; 0 when they cannot be read.
func computes(ctx context.Context, base string) (all, extended float64) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/metrics", nil)
	if err != nil {
		return 0, 0
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, 0
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		line := sc.Text()
		v, err := strconv.ParseFloat(line[strings.LastIndexByte(line, ' ')+1:], 64)
		switch {
		case err != nil:
		case strings.HasPrefix(line, "lamplight_projection_compute_duration_seconds_count{"):
			all += v
		case strings.HasPrefix(line, "lamplight_projection_extended_total{"):
			extended += v
		}
	}
	return all, extended
}

// today is the reader's date in every measurement; the log ends yesterday.
var today = dates.Today("UTC", time.Now())

func seed(ctx context.Context, a *client) (string, int, error) {
	creds := map[string]string{"email": "ten-years@speed.example", "password": "correct horse battery"}
	if code, res, err := a.do(ctx, http.MethodPost, "/api/auth/register", "", creds); err != nil || code != http.StatusAccepted {
		return "", 0, fmt.Errorf("register: %d %.200s %v", code, res, err)
	}
	code, res, err := a.do(ctx, http.MethodPost, "/api/auth/login", "", creds)
	var login struct {
		Token string `json:"token"`
	}
	if err != nil || code != http.StatusOK || json.Unmarshal(res, &login) != nil {
		return "", 0, fmt.Errorf("login: %d %.200s %v", code, res, err)
	}
	t := login.Token
	log := tenyear.Log(today)
	if code, res, err := a.do(ctx, http.MethodPut, "/api/settings", t, map[string]string{"lookBackDate": log[0]["date"].(string), "timeZone": "UTC"}); err != nil || code != http.StatusOK {
		return "", 0, fmt.Errorf("settings: %d %.200s %v", code, res, err)
	}
	for from := 0; from < len(log); from += 1000 {
		batch := map[string]any{"entries": log[from:min(from+1000, len(log))]}
		if code, res, err := a.do(ctx, http.MethodPost, "/api/log-entries/batch", t, batch); err != nil || code != http.StatusCreated {
			return "", 0, fmt.Errorf("seed: %d %.200s %v", code, res, err)
		}
	}
	return t, len(log), nil
}

// postToVisible logs one entry today, then reads the counts until they
// show it: what a reader waits for after pressing Save.
func postToVisible(ctx context.Context, a *client, token string, runs int) ([]time.Duration, error) {
	path := "/api/insights/date-verse-counts?from=" + today + "&to=" + today
	var out []time.Duration
	for i := range runs {
		before, err := todayTotal(ctx, a, path, token)
		if err != nil {
			return nil, err
		}
		v := bible.NewVerseID(19, 1+i%150, 1)
		start := time.Now()
		body := map[string]any{"date": today, "startVerseId": v, "endVerseId": v}
		if code, res, err := a.do(ctx, http.MethodPost, "/api/log-entries", token, body); err != nil || code != http.StatusCreated {
			return nil, fmt.Errorf("post: %d %.200s %v", code, res, err)
		}
		for {
			n, err := todayTotal(ctx, a, path, token)
			if err != nil {
				return nil, err
			}
			if n > before {
				break
			}
			if time.Since(start) > 10*time.Second {
				return nil, errors.New("a posted entry did not show in the counts within 10 s")
			}
		}
		out = append(out, time.Since(start))
	}
	return out, nil
}

func todayTotal(ctx context.Context, a *client, path, token string) (int, error) {
	code, res, err := a.do(ctx, http.MethodGet, path, token, nil)
	if err != nil || code != http.StatusOK {
		return 0, fmt.Errorf("counts: %d %.200s %v", code, res, err)
	}
	var counts map[string]struct{ Total int }
	if err := json.Unmarshal(res, &counts); err != nil {
		return 0, err
	}
	return counts[today].Total, nil
}

// noteWords is a note's vocabulary in order of frequency: everyday words
// first, then Bible words, then a long tail of made-up words, drawn by
// Zipf's law, so "the" is in nearly every note, "grace" in some and a rare
// word in few.
var noteWords = func() []string {
	w := strings.Fields(`the and of to in that is it for with as this he was his be not by
		lord god love light grace word life faith spirit hope mercy peace joy truth king heart soul
		kingdom prayer psalm covenant promise shepherd bread water vine temple law prophet wisdom`)
	syllables := strings.Fields("ba ce di fo gu ha je ki lo mu na pe ri so tu va we xi yo za")
	for i := range 5000 {
		w = append(w, syllables[i%20]+syllables[(i/20)%20]+syllables[(i/400)%20])
	}
	return w
}()

func seedNotes(ctx context.Context, a *client, token string, n int) error {
	start := time.Now()
	var next atomic.Int64
	var wg sync.WaitGroup
	errc := make(chan error, 4)
	for w := range 4 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(w), 3))
			zipf := rand.NewZipf(rng, 1.1, 1, uint64(len(noteWords)-1))
			for ctx.Err() == nil {
				i := next.Add(1)
				if i > int64(n) {
					return
				}
				var words []string
				for range 10 + rng.IntN(120) {
					words = append(words, noteWords[zipf.Uint64()])
				}
				b, _ := bible.BookByID(1 + rng.IntN(bible.BookCount))
				ch := 1 + rng.IntN(b.ChapterCount)
				p := map[string]any{"startVerseId": bible.NewVerseID(b.ID, ch, 1), "endVerseId": bible.NewVerseID(b.ID, ch, 2)}
				body := map[string]any{"content": strings.Join(words, " ") + ".", "passages": []any{p}, "tags": []string{}}
				if code, res, err := a.do(ctx, http.MethodPost, "/api/passage-notes", token, body); err != nil || code != http.StatusCreated {
					select {
					case errc <- fmt.Errorf("note: %d %.200s %v", code, res, err):
					default:
					}
					return
				}
			}
		})
	}
	wg.Wait()
	select {
	case err := <-errc:
		return err
	default:
	}
	fmt.Printf("seeded %d notes in %s\n", n, time.Since(start).Round(time.Second))
	return ctx.Err()
}

// result counts the requests of a measurement.
type result struct {
	n, errors atomic.Int64
	took      time.Duration
	mu        sync.Mutex
	lat       []time.Duration
	firstErr  atomic.Value
}

func (r *result) rate() float64 { return float64(r.n.Load()) / r.took.Seconds() }

func (r *result) errorNote() string {
	if e := r.errors.Load(); e > 0 {
		return fmt.Sprintf(" (%d errors, first: %v)", e, r.firstErr.Load())
	}
	return ""
}

// throughput runs call on conc clients, each sending its next request when
// the previous answer is in, for d.
func throughput(ctx context.Context, conc int, d time.Duration, call func(context.Context) error) *result {
	r := &result{}
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	start := time.Now()
	var wg sync.WaitGroup
	for range conc {
		wg.Go(func() {
			for ctx.Err() == nil {
				t := time.Now()
				err := call(ctx)
				if ctx.Err() != nil {
					return
				}
				if err != nil {
					r.errors.Add(1)
					r.firstErr.CompareAndSwap(nil, err)
					continue
				}
				r.n.Add(1)
				r.mu.Lock()
				r.lat = append(r.lat, time.Since(t))
				r.mu.Unlock()
			}
		})
	}
	wg.Wait()
	r.took = time.Since(start)
	return r
}

// cpuTime is the CPU time used so far by the process pid and its children
// (nginx's workers), from /proc; Linux counts it in ticks of 10 ms.
func cpuTime(pid int) time.Duration {
	var ticks int64
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		b, err := os.ReadFile("/proc/" + d.Name() + "/stat")
		if err != nil {
			continue
		}
		// The fields after the command name, which may hold spaces.
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(b[i+1:]))
		if len(f) < 13 || (d.Name() != strconv.Itoa(pid) && f[1] != strconv.Itoa(pid)) {
			continue
		}
		utime, _ := strconv.ParseInt(f[11], 10, 64)
		stime, _ := strconv.ParseInt(f[12], 10, 64)
		ticks += utime + stime
	}
	return time.Duration(ticks) * 10 * time.Millisecond
}

// perRequest is the CPU per answered request in microseconds.
func perRequest(cpu time.Duration, r *result) float64 {
	return float64(cpu.Microseconds()) / max(float64(r.n.Load()), 1)
}

// cpuProfile saves the server's CPU profile of the next d (whole seconds,
// at least one) to file.
func cpuProfile(ctx context.Context, base string, d time.Duration, file string) error {
	return serverProfile(ctx, base, "profile", d, file)
}

// serverProfile saves the server's profile kind (profile, allocs, ...) of
// the next d; for allocs that is what was allocated meanwhile.
func serverProfile(ctx context.Context, base, kind string, d time.Duration, file string) error {
	secs := max(int(d.Seconds()), 1)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, fmt.Sprintf("%s/debug/pprof/%s?seconds=%d", base, kind, secs), nil)
	if err != nil {
		return err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("profile: %s", res.Status)
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, res.Body); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// mixedLoad is many readers' traffic on one reader's data: mostly the
// screens' reads, one request in ten a write. The writes alternate between
// logging a passage today and deleting one the load logged earlier (the
// oldest of its last 20), so the log stays the ten-year reader's: left to
// grow, a minute at this rate added some 16,000 passages on one day.
// Besides the whole result it reports the p99 of each kind of request,
// which tells whether the tail is the writes or the reads that follow them.
func mixedLoad(ctx context.Context, a *client, token string, clients int, d time.Duration) (*result, string) {
	reads := []struct{ name, path string }{
		{"counts", "/api/insights/date-verse-counts?from=" + dates.AddDays(today, -364) + "&to=" + today},
		{"suggestions", "/api/reading-suggestions?today=" + today},
		{"progress", "/api/progress"},
		{"streak", "/api/insights/streak?today=" + today},
		{"changes", "/api/log-entries/changes?since=1000000000000"},
	}
	post, del := len(reads), len(reads)+1
	var mu sync.Mutex
	lat := make([][]time.Duration, len(reads)+2)
	var logged []string // ids of the passages the load logged, oldest first
	var seq atomic.Int64
	r := throughput(ctx, clients, d, func(ctx context.Context) error {
		i := seq.Add(1)
		kind := int(i) % len(reads)
		start := time.Now()
		mu.Lock()
		var id string
		if i%20 == 10 && len(logged) > 20 {
			id, logged = logged[0], logged[1:]
		}
		mu.Unlock()
		var err error
		switch {
		case i%10 != 0:
			err = a.expect(ctx, a.base+reads[kind].path, token, -1)
		case id != "":
			kind = del
			var code int
			var res []byte
			code, res, err = a.do(ctx, http.MethodDelete, "/api/log-entries/"+id, token, nil)
			if err == nil && code != http.StatusOK {
				err = fmt.Errorf("delete: %d %.200s", code, res)
			}
		default:
			kind = post
			if id, err = logPassage(ctx, a, token, bible.NewVerseID(20, 1+int(i/10)%31, 1)); err == nil {
				mu.Lock()
				logged = append(logged, id)
				mu.Unlock()
			}
		}
		if err == nil && ctx.Err() == nil {
			mu.Lock()
			lat[kind] = append(lat[kind], time.Since(start))
			mu.Unlock()
		}
		return err
	})
	parts := make([]string, 0, len(lat))
	for k, l := range lat {
		name := map[int]string{post: "POST", del: "DELETE"}[k]
		if k < len(reads) {
			name = reads[k].name
		}
		parts = append(parts, name+" "+ms(pct(l, .99)))
	}
	return r, strings.Join(parts, ", ")
}

// logPassage logs verse v today and returns the new entry's id.
func logPassage(ctx context.Context, a *client, token string, v bible.VerseID) (string, error) {
	body := map[string]any{"date": today, "startVerseId": v, "endVerseId": v}
	code, res, err := a.do(ctx, http.MethodPost, "/api/log-entries", token, body)
	if err != nil {
		return "", err
	}
	var e struct {
		ID string `json:"id"`
	}
	if code != http.StatusCreated || json.Unmarshal(res, &e) != nil || e.ID == "" {
		return "", fmt.Errorf("post: %d %.200s", code, res)
	}
	return e.ID, nil
}

type client struct {
	base string
	hc   *http.Client
}

func newClient(base string, conns int) *client {
	return &client{base: base, hc: &http.Client{
		Timeout: 30 * time.Second,
		// The body is read as sent: gzip stays gzip, as for a browser.
		Transport: &http.Transport{MaxIdleConnsPerHost: conns + 8, DisableCompression: true},
	}}
}

// do sends JSON and returns the answer uncompressed.
func (a *client) do(ctx context.Context, method, path, token string, body any) (int, []byte, error) {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, a.base+path, r)
	if err != nil {
		return 0, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := a.hc.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	return res.StatusCode, data, err
}

// gzipped returns the answer's bytes as sent to a client accepting gzip.
func (a *client) gzipped(ctx context.Context, path, token string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, a.base+path, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := a.hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Encoding") != "gzip" {
		return nil, fmt.Errorf("GET %s: %d, encoding %q: %.200s", path, res.StatusCode, res.Header.Get("Content-Encoding"), data)
	}
	return data, err
}

// expect GETs full (with gzip accepted) and checks the status and, when
// size is not -1, the length of the body.
func (a *client) expect(ctx context.Context, full, token string, size int) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, full, nil)
	if err != nil {
		return err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := a.hc.Do(req)
	if err != nil {
		return err
	}
	n, err := io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %d", full, res.StatusCode)
	}
	if size >= 0 && int(n) != size {
		return fmt.Errorf("GET %s: %d bytes, want %d", full, n, size)
	}
	return nil
}

type server struct {
	base string
	cmd  *exec.Cmd
	done chan struct{}
}

func startServer(ctx context.Context, bin, logPath string, settings map[string]string) (*server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	// Nothing is inherited but PATH and HOME, so a DATABASE_URL in the
	// caller's shell never points the server at shared data.
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")}
	base := map[string]string{
		"LAMPLIGHT_ADDR":                       fmt.Sprintf("127.0.0.1:%d", port),
		"LAMPLIGHT_LOG_LEVEL":                  "warn",
		"LAMPLIGHT_REQUIRE_EMAIL_VERIFICATION": "false",
		"LAMPLIGHT_PASSWORD_HASH_MEMORY_KIB":   "64",
		"LAMPLIGHT_PASSWORD_HASH_ITERATIONS":   "1",
		"LAMPLIGHT_RATE_LIMIT_SCALE":           "100000",
	}
	for k, v := range settings {
		base[k] = v
	}
	for k, v := range base {
		env = append(env, k+"="+v)
	}
	logFile, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "serve")
	cmd.Env, cmd.Stdout, cmd.Stderr = env, logFile, logFile
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{base: fmt.Sprintf("http://127.0.0.1:%d", port), cmd: cmd, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); logFile.Close(); close(s.done) }()
	if err := waitReady(ctx, s.base+"/readyz", s.done); err != nil {
		s.stop()
		return nil, fmt.Errorf("%w; see %s", err, logPath)
	}
	return s, nil
}

func (s *server) stop() {
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(30 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.done
	}
}

func waitReady(ctx context.Context, u string, done chan struct{}) error {
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		select {
		case <-done:
			return errors.New("server exited")
		default:
		}
		if res, err := http.Get(u); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return errors.New("server not ready")
}

type staticServer struct {
	root, base string
	srv        *server
}

func (s *staticServer) stop() { s.srv.stop() }

// startStatic starts nginx, or the Go file server below, serving files
// from a folder as gzip-encoded JSON: the same bytes the app sends, with
// the same headers that matter to a client.
func startStatic(ctx context.Context, c config, dir string) (*staticServer, error) {
	root := filepath.Join(dir, "static")
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, err
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	var cmd *exec.Cmd
	switch c.static {
	case "nginx":
		user := ""
		if os.Geteuid() == 0 {
			user = "user root;"
		}
		conf := fmt.Sprintf(`%s
worker_processes auto;
daemon off;
pid %[2]s/nginx.pid;
error_log %[2]s/nginx-error.log warn;
events { worker_connections 1024; }
http {
	access_log off;
	client_body_temp_path %[2]s/nginx-body;
	proxy_temp_path %[2]s/nginx-proxy;
	fastcgi_temp_path %[2]s/nginx-fastcgi;
	uwsgi_temp_path %[2]s/nginx-uwsgi;
	scgi_temp_path %[2]s/nginx-scgi;
	keepalive_requests 1000000;
	server {
		listen %[3]s;
		root %[4]s;
		location / {
			default_type "application/json; charset=utf-8";
			add_header Content-Encoding gzip;
			add_header Vary Accept-Encoding;
		}
	}
}
`, user, dir, addr, root)
		path := filepath.Join(dir, "nginx.conf")
		if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
			return nil, err
		}
		cmd = exec.Command("nginx", "-c", path)
	case "go":
		self, err := os.Executable()
		if err != nil {
			return nil, err
		}
		cmd = exec.Command(self, "-serve-static", "-static-dir", root, "-static-addr", addr)
	default:
		return nil, fmt.Errorf("unknown -static %q", c.static)
	}
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("static server: %w", err)
	}
	s := &server{base: "http://" + addr, cmd: cmd, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); close(s.done) }()
	if err := os.WriteFile(filepath.Join(root, "ready"), nil, 0o644); err != nil {
		return nil, err
	}
	if err := waitReady(ctx, s.base+"/ready", s.done); err != nil {
		s.stop()
		return nil, err
	}
	fmt.Printf("static server: %s on %s\n", c.static, addr)
	return &staticServer{root: root, base: s.base, srv: s}, nil
}

// serveStatic is the minimal Go static server: each file read once, then
// sent from memory with the headers nginx is configured to add.
func serveStatic(root, addr string) {
	var mu sync.Mutex
	files := map[string][]byte{}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		b, ok := files[r.URL.Path]
		if !ok {
			var err error
			if b, err = os.ReadFile(filepath.Join(root, filepath.Clean("/"+r.URL.Path))); err != nil {
				mu.Unlock()
				http.NotFound(w, r)
				return
			}
			files[r.URL.Path] = b
		}
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Content-Encoding", "gzip")
		w.Header().Set("Vary", "Accept-Encoding")
		_, _ = w.Write(b)
	})
	fmt.Fprintln(os.Stderr, http.ListenAndServe(addr, h))
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// ownDatabase creates a database beside the one base names and returns its
// URL and how to drop it.
func ownDatabase(ctx context.Context, base, name string) (string, func(), error) {
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, err
	}
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		admin.Close()
		return "", nil, err
	}
	u, err := url.Parse(base)
	if err != nil {
		admin.Close()
		return "", nil, err
	}
	u.Path = "/" + name
	return u.String(), func() {
		if _, err := admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)"); err != nil {
			fmt.Fprintln(os.Stderr, "drop database:", err)
		}
		admin.Close()
	}, nil
}

// dropKeys deletes the run's Redis keys.
func dropKeys(redisURL, prefix string) {
	opt, err := redis.ParseURL(redisURL)
	if err != nil {
		return
	}
	rc := redis.NewClient(opt)
	defer rc.Close()
	ctx := context.Background()
	iter := rc.Scan(ctx, 0, prefix+"*", 1000).Iterator()
	var keys []string
	for iter.Next(ctx) {
		keys = append(keys, iter.Val())
	}
	for len(keys) > 0 {
		n := min(len(keys), 500)
		rc.Del(ctx, keys[:n]...)
		keys = keys[n:]
	}
}

func pct(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[int(float64(len(s)-1)*p)]
}

// slowest is the n longest of d with their run numbers (1 is the first
// run), slowest first.
func slowest(d []time.Duration, n int) string {
	runs := make([]int, len(d))
	for i := range runs {
		runs[i] = i
	}
	slices.SortStableFunc(runs, func(a, b int) int { return cmp.Compare(d[b], d[a]) })
	var out []string
	for _, i := range runs[:min(n, len(runs))] {
		out = append(out, fmt.Sprintf("#%d %s", i+1, ms(d[i])))
	}
	return strings.Join(out, ", ")
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }
