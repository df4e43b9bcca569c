package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"lamplight/platform/dates"
)

// instance is one lamplight server process.
type instance struct {
	name, bin, log string
	env            []string
	port           int
	proc           *proc
	api            api
}

// serverEnv is the whole environment of a server: nothing is inherited but
// PATH and HOME, so a DATABASE_URL or REDIS_URL in the caller's shell can
// never point the suite at shared services.
func serverEnv(settings map[string]string) []string {
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")}
	base := map[string]string{
		"LAMPLIGHT_LOG_LEVEL":                  "warn",
		"LAMPLIGHT_REQUIRE_EMAIL_VERIFICATION": "false",
		"LAMPLIGHT_PASSWORD_HASH_MEMORY_KIB":   "64",
		"LAMPLIGHT_PASSWORD_HASH_ITERATIONS":   "1",
		// Every reader signs in from 127.0.0.1.
		"LAMPLIGHT_RATE_LIMIT_SCALE": "100000",
	}
	for k, v := range settings {
		base[k] = v
	}
	for k, v := range base {
		env = append(env, k+"="+v)
	}
	return env
}

func newInstance(name, bin, logPath string, settings map[string]string) (*instance, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	settings["LAMPLIGHT_ADDR"] = fmt.Sprintf("127.0.0.1:%d", port)
	return &instance{
		name: name, bin: bin, log: logPath, port: port, env: serverEnv(settings),
		api: newAPI(fmt.Sprintf("http://127.0.0.1:%d", port)),
	}, nil
}

// start runs the server and waits until /readyz answers 200.
func (in *instance) start(ctx context.Context) error {
	p, err := startProc(in.name, in.log, in.env, nil, in.bin, "serve")
	if err != nil {
		return err
	}
	in.proc = p
	ready := poll(ctx, time.Minute, 50*time.Millisecond, func() bool {
		if p.exited() {
			return false
		}
		code, _, _, err := in.api.do(ctx, http.MethodGet, "/readyz", "", nil)
		return err == nil && code == http.StatusOK
	})
	if !ready {
		return fmt.Errorf("%s did not become ready; see %s", in.name, in.log)
	}
	return nil
}

func (in *instance) kill() { in.proc.stop(syscall.SIGKILL, 0) }

func (in *instance) stop() {
	if in.proc != nil && !in.proc.exited() {
		in.proc.stop(syscall.SIGTERM, 40*time.Second)
	}
}

// command runs an operator command of the binary with the server's settings.
func (in *instance) command(ctx context.Context, args ...string) error {
	p, err := startProc(in.name+" "+args[0], in.log, in.env, nil, in.bin, args...)
	if err != nil {
		return err
	}
	select {
	case <-p.done:
	case <-ctx.Done():
		p.stop(syscall.SIGKILL, 0)
		return ctx.Err()
	}
	if code := p.cmd.ProcessState.ExitCode(); code != 0 {
		return fmt.Errorf("lamplight %s exited %d; see %s", strings.Join(args, " "), code, in.log)
	}
	return nil
}

// memory reads the resident set size and its peak, in MB, from /proc.
func (in *instance) memory() (rss, peak float64) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", in.proc.pid()))
	if err != nil {
		return 0, 0
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		fields := strings.Fields(s.Text())
		if len(fields) < 2 {
			continue
		}
		kb, _ := strconv.ParseFloat(fields[1], 64)
		switch fields[0] {
		case "VmRSS:":
			rss = kb / 1024
		case "VmHWM:":
			peak = kb / 1024
		}
	}
	return rss, peak
}

var (
	logLine  = regexp.MustCompile(`level=(WARN|ERROR) msg=("(?:[^"\\]|\\.)*"|\S+)`)
	logErr   = regexp.MustCompile(` err=("(?:[^"\\]|\\.)*"|\S+)`)
	idInText = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)
)

func unquote(s string) string {
	if u, err := strconv.Unquote(s); err == nil {
		return u
	}
	return s
}

// logSummary counts the server logs' warnings and errors by message and
// error (ids left out), most frequent first, and the lines naming a missing
// consumer group.
func logSummary(paths ...string) (lines []string, nogroup int) {
	counts := map[string]int{}
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			continue
		}
		s := bufio.NewScanner(f)
		s.Buffer(make([]byte, 1<<20), 1<<20)
		for s.Scan() {
			t := s.Text()
			if strings.Contains(t, "NOGROUP") {
				nogroup++
			}
			if m := logLine.FindStringSubmatch(t); m != nil {
				key := m[1] + " " + unquote(m[2])
				if e := logErr.FindStringSubmatch(t); e != nil {
					key += ": " + idInText.ReplaceAllString(unquote(e[1]), "<id>")
				}
				counts[key]++
			}
		}
		_ = f.Close()
	}
	for k := range counts {
		lines = append(lines, k)
	}
	sort.Slice(lines, func(i, j int) bool { return counts[lines[i]] > counts[lines[j]] })
	for i, k := range lines {
		lines[i] = fmt.Sprintf("%d× %s", counts[k], k)
	}
	return lines, nogroup
}

// api is an HTTP client of one instance. Requests are never retried: a
// write that got no answer is reported as such.
type api struct {
	base string
	hc   *http.Client
}

func newAPI(base string) api {
	return api{base: base, hc: &http.Client{
		Timeout:   10 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: 100, MaxConnsPerHost: 200},
	}}
}

func (a api) do(ctx context.Context, method, path, token string, body any) (int, []byte, http.Header, error) {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, nil, nil, err
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, a.base+path, r)
	if err != nil {
		return 0, nil, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := a.hc.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	return res.StatusCode, data, res.Header, err
}

// reader is a signed-in account.
type reader struct {
	email, token, id string
}

const password = "correct horse battery"

// signUp registers and signs in a reader, and moves the look-back date back
// so every entry the suite writes counts in every projection.
func (a api) signUp(ctx context.Context, email string) (reader, error) {
	creds := map[string]string{"email": email, "password": password}
	if code, res, _, err := a.do(ctx, http.MethodPost, "/api/auth/register", "", creds); err != nil || code != http.StatusAccepted {
		return reader{}, fmt.Errorf("register %s: %d %s %v", email, code, res, err)
	}
	code, res, _, err := a.do(ctx, http.MethodPost, "/api/auth/login", "", creds)
	if err != nil || code != http.StatusOK {
		return reader{}, fmt.Errorf("login %s: %d %s %v", email, code, res, err)
	}
	var login struct {
		Token string `json:"token"`
	}
	if err := json.Unmarshal(res, &login); err != nil || login.Token == "" {
		return reader{}, fmt.Errorf("login %s: %s", email, res)
	}
	r := reader{email: email, token: login.Token}
	code, res, _, err = a.do(ctx, http.MethodGet, "/api/auth/user", r.token, nil)
	var u struct {
		ID string `json:"id"`
	}
	if err != nil || code != http.StatusOK || json.Unmarshal(res, &u) != nil || u.ID == "" {
		return reader{}, fmt.Errorf("user %s: %d %s %v", email, code, res, err)
	}
	r.id = u.ID
	if code, res, _, err := a.do(ctx, http.MethodPut, "/api/settings", r.token, map[string]string{"lookBackDate": "2020-01-01"}); err != nil || code != http.StatusOK {
		return reader{}, fmt.Errorf("settings %s: %d %s %v", email, code, res, err)
	}
	return r, nil
}

// entry is a log entry as the API answers it.
type entry struct {
	ID           string `json:"id"`
	Date         string `json:"date"`
	StartVerseID int    `json:"startVerseId"`
	EndVerseID   int    `json:"endVerseId"`
}

func (e entry) key() string { return fmt.Sprintf("%s|%d|%d", e.Date, e.StartVerseID, e.EndVerseID) }

// log returns the reader's whole log and the version it holds.
func (a api) log(ctx context.Context, r reader) ([]entry, int64, error) {
	code, res, h, err := a.do(ctx, http.MethodGet, "/api/log-entries", r.token, nil)
	if err != nil {
		return nil, 0, err
	}
	if code != http.StatusOK {
		return nil, 0, fmt.Errorf("GET /api/log-entries: %d %.200s", code, res)
	}
	var out []entry
	if err := json.Unmarshal(res, &out); err != nil {
		return nil, 0, err
	}
	v, err := strconv.ParseInt(h.Get("X-Log-Version"), 10, 64)
	return out, v, err
}

// version is the reader's current log version.
func (a api) version(ctx context.Context, r reader) (int64, error) {
	code, res, _, err := a.do(ctx, http.MethodGet, "/api/log-entries/changes?since=1000000000000", r.token, nil)
	if err != nil {
		return 0, err
	}
	var ch struct {
		Version int64 `json:"version"`
	}
	if code != http.StatusOK || json.Unmarshal(res, &ch) != nil {
		return 0, errors.New("changes: " + strconv.Itoa(code))
	}
	return ch.Version, nil
}

// projections are the projection endpoints, answered for a fixed date so
// two reads on either side of midnight still agree.
func projections(today string) []string {
	return []string{
		"/api/progress",
		"/api/insights/date-verse-counts?from=" + dates.AddDays(today, -365) + "&to=" + today,
		"/api/reading-suggestions?today=" + today,
		"/api/insights/streak?today=" + today,
	}
}

// readProjections returns every projection endpoint's answer for r.
func (a api) readProjections(ctx context.Context, r reader, today string) (map[string]string, error) {
	out := map[string]string{}
	for _, p := range projections(today) {
		code, res, _, err := a.do(ctx, http.MethodGet, p, r.token, nil)
		if err != nil {
			return nil, err
		}
		if code != http.StatusOK {
			return nil, fmt.Errorf("GET %s: %d %.200s", p, code, res)
		}
		out[p] = string(res)
	}
	return out, nil
}

// follows says whether the projections, read through the API as a reader
// reads them, reflect the reader's log at version or later: every one
// answers, and today's verse count equals the distinct verses the log
// holds for today (the suite writes one verse an entry).
func (a api) follows(ctx context.Context, r reader, version int64, today string) bool {
	log, v, err := a.log(ctx, r)
	if err != nil || v < version {
		return false
	}
	verses := map[int]bool{}
	for _, e := range log {
		if e.Date == today {
			verses[e.StartVerseID] = true
		}
	}
	answers, err := a.readProjections(ctx, r, today)
	if err != nil {
		return false
	}
	var counts map[string]struct {
		Total int `json:"total"`
	}
	if json.Unmarshal([]byte(answers[projections(today)[1]]), &counts) != nil {
		return false
	}
	return counts[today].Total == len(verses)
}

// health is the detailed health status ("ok" or "degraded") as one word.
func (a api) health(ctx context.Context) string {
	code, res, _, err := a.do(ctx, http.MethodGet, "/api/health", "", nil)
	if err != nil {
		return "no answer"
	}
	var h struct {
		Status string `json:"status"`
	}
	if json.Unmarshal(res, &h) != nil {
		return strconv.Itoa(code)
	}
	return h.Status
}
