package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"

	"lamplight/platform/db"
)

// proc is a child process whose output goes to a log file. Every child gets
// SIGKILL when the suite dies, so an interrupted run leaves nothing behind.
type proc struct {
	name string
	cmd  *exec.Cmd
	done chan struct{}
}

// procs are the children alive now, for the final cleanup.
var procs = struct {
	sync.Mutex
	m map[*proc]bool
}{m: map[*proc]bool{}}

func startProc(name, logPath string, env []string, cred *syscall.Credential, bin string, args ...string) (*proc, error) {
	out, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	defer out.Close()
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = out, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Credential: cred}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	p := &proc{name: name, cmd: cmd, done: make(chan struct{})}
	procs.Lock()
	procs.m[p] = true
	procs.Unlock()
	go func() {
		_ = cmd.Wait()
		procs.Lock()
		delete(procs.m, p)
		procs.Unlock()
		close(p.done)
	}()
	return p, nil
}

func (p *proc) pid() int { return p.cmd.Process.Pid }

func (p *proc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// stop sends sig and waits up to grace for the exit, then kills.
func (p *proc) stop(sig syscall.Signal, grace time.Duration) {
	_ = p.cmd.Process.Signal(sig)
	select {
	case <-p.done:
		return
	case <-time.After(grace):
	}
	_ = p.cmd.Process.Kill()
	<-p.done
}

// killAll ends every child still running (the suite's own, by pid).
func killAll() {
	procs.Lock()
	var left []*proc
	for p := range procs.m {
		left = append(left, p)
	}
	procs.Unlock()
	for _, p := range left {
		p.stop(syscall.SIGTERM, 10*time.Second)
	}
}

// freePort asks the kernel for a free loopback port. The shared services'
// ports are refused outright: the suite must never touch them.
func freePort() (int, error) {
	for range 10 {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return 0, err
		}
		port := l.Addr().(*net.TCPAddr).Port
		_ = l.Close()
		if port != 5432 && port != 6379 {
			return port, nil
		}
	}
	return 0, errors.New("no free port")
}

// poll calls ok every interval until it is true or the deadline passes.
func poll(ctx context.Context, deadline time.Duration, interval time.Duration, ok func() bool) bool {
	ctx, cancel := context.WithTimeout(ctx, deadline)
	defer cancel()
	for {
		if ok() {
			return true
		}
		select {
		case <-ctx.Done():
			return false
		case <-time.After(interval):
		}
	}
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

// postgres is the suite's own cluster in a temporary folder, listening on
// 127.0.0.1 only. PostgreSQL refuses to run as root, so under root it runs as
// the postgres account.
type postgres struct {
	bin, dir string
	port     int
	cred     *syscall.Credential
	proc     *proc
}

func newPostgres(ctx context.Context, base, binDir string) (*postgres, error) {
	if binDir == "" {
		found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
		if len(found) == 0 {
			return nil, errors.New("no /usr/lib/postgresql/*/bin/initdb: install PostgreSQL or pass -pg-bin")
		}
		sort.Slice(found, func(i, j int) bool { return pgMajor(found[i]) < pgMajor(found[j]) })
		binDir = filepath.Dir(found[len(found)-1])
	}
	pg := &postgres{bin: binDir, dir: filepath.Join(base, "pg")}
	if err := os.Mkdir(pg.dir, 0o700); err != nil {
		return nil, err
	}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return nil, fmt.Errorf("running as root needs a postgres account to run PostgreSQL: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		pg.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := os.Chown(pg.dir, uid, gid); err != nil {
			return nil, err
		}
	}
	p, err := startProc("initdb", filepath.Join(base, "initdb.log"), os.Environ(), pg.cred, filepath.Join(binDir, "initdb"),
		"-D", filepath.Join(pg.dir, "data"), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-locale", "--no-sync")
	if err != nil {
		return nil, err
	}
	select {
	case <-p.done:
	case <-ctx.Done():
		p.stop(syscall.SIGKILL, 0)
		return nil, ctx.Err()
	}
	if p.cmd.ProcessState.ExitCode() != 0 {
		return nil, fmt.Errorf("initdb failed, see %s", filepath.Join(base, "initdb.log"))
	}
	if pg.port, err = freePort(); err != nil {
		return nil, err
	}
	return pg, pg.start(ctx)
}

func pgMajor(initdb string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(initdb))))
	return n
}

func (pg *postgres) url() string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", pg.port)
}

func (pg *postgres) start(ctx context.Context) error {
	p, err := startProc("postgres", filepath.Join(filepath.Dir(pg.dir), "postgres.log"), os.Environ(), pg.cred, filepath.Join(pg.bin, "postgres"),
		"-D", filepath.Join(pg.dir, "data"), "-p", strconv.Itoa(pg.port),
		"-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="+pg.dir, "-c", "max_connections=200")
	if err != nil {
		return err
	}
	pg.proc = p
	up := func() bool {
		// Opening connects at once, so it fails until the server listens.
		g, err := db.OpenPostgres(pg.url())
		if err != nil {
			return false
		}
		defer closeDB(g)
		return db.Ping(ctx, g) == nil
	}
	if !poll(ctx, time.Minute, 100*time.Millisecond, func() bool { return !p.exited() && up() }) {
		return errors.New("PostgreSQL did not start; see postgres.log")
	}
	return nil
}

// stop is a fast shutdown: sessions are cut, committed work is kept.
func (pg *postgres) stop() { pg.proc.stop(syscall.SIGINT, time.Minute) }

func closeDB(g *gorm.DB) {
	if s, err := g.DB(); err == nil {
		_ = s.Close()
	}
}

// quiet drops the Redis client's own log lines: a Redis that is down on
// purpose shows in the checks, not as dial errors on stderr.
type quiet struct{}

func (quiet) Printf(context.Context, string, ...any) {}

// redisServer is the suite's own Redis: no persistence, so a restart comes
// back empty, as a Redis without a volume does.
type redisServer struct {
	bin, log string
	port     int
	proc     *proc
}

func newRedis(ctx context.Context, base, bin string) (*redisServer, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	r := &redisServer{bin: bin, log: filepath.Join(base, "redis.log"), port: port}
	return r, r.start(ctx)
}

func (r *redisServer) url() string { return fmt.Sprintf("redis://127.0.0.1:%d/0", r.port) }

func (r *redisServer) client() *redis.Client {
	return redis.NewClient(&redis.Options{Addr: fmt.Sprintf("127.0.0.1:%d", r.port), MaxRetries: -1})
}

func (r *redisServer) start(ctx context.Context) error {
	p, err := startProc("redis", r.log, os.Environ(), nil, r.bin,
		"--port", strconv.Itoa(r.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no")
	if err != nil {
		return err
	}
	r.proc = p
	c := r.client()
	defer c.Close()
	if !poll(ctx, 30*time.Second, 50*time.Millisecond, func() bool { return !p.exited() && c.Ping(ctx).Err() == nil }) {
		return fmt.Errorf("redis-server did not start; see %s", r.log)
	}
	return nil
}

func (r *redisServer) stop() { r.proc.stop(syscall.SIGTERM, 30*time.Second) }

// flush empties the suite's own Redis (never the shared one: the port is
// always one freePort handed out).
func (r *redisServer) flush(ctx context.Context) error {
	c := r.client()
	defer c.Close()
	return c.FlushDB(ctx).Err()
}
