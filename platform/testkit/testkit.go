// Package testkit gives tests real infrastructure: a fresh migrated database
// on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL; a cache and a
// bus in memory and, when TEST_REDIS_URL is set, in Redis; and a running fx app.
package testkit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"

	"lamplight/platform/config"
	"lamplight/platform/db"
)

// Backend is one combination of adapters a test runs against.
type Backend struct {
	Name   string
	Config config.Config
}

// Postgres reports whether the backend uses PostgreSQL.
func (b Backend) Postgres() bool { return b.Config.UsesPostgres() }

// Integration skips the test under -short, so `go test -short` stays a quick
// loop. The helpers below that open a database, reach Redis or start the app
// call it, so a test built on them needs no skip of its own.
func Integration(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("integration test: skipped with -short")
	}
}

// Backends returns the embedded default (SQLite, memory cache, Go channel bus)
// and, when TEST_DATABASE_URL and TEST_REDIS_URL are set, PostgreSQL with
// Redis. Each backend has a database and a key prefix of its own.
func Backends(t testing.TB) []Backend {
	t.Helper()
	Integration(t)
	out := []Backend{{Name: "sqlite", Config: SQLiteConfig(t)}}
	if os.Getenv("TEST_DATABASE_URL") != "" && os.Getenv("TEST_REDIS_URL") != "" {
		cfg := baseConfig(t)
		cfg.DatabaseURL = PostgresURL(t)
		cfg.RedisURL, cfg.RedisPrefix = RedisURL(t)
		out = append(out, Backend{Name: "postgres+redis", Config: cfg})
	}
	return out
}

// Run runs f as a subtest on every backend.
func Run(t *testing.T, f func(t *testing.T, b Backend)) {
	for _, b := range Backends(t) {
		t.Run(b.Name, func(t *testing.T) { f(t, b) })
	}
}

func baseConfig(t testing.TB) config.Config {
	return config.Config{
		Addr:      "127.0.0.1:0",
		DataDir:   t.TempDir(),
		LogLevel:  "warn",
		LogFormat: "text",
	}
}

// SQLiteConfig is the embedded default in a temporary data dir.
func SQLiteConfig(t testing.TB) config.Config {
	return baseConfig(t)
}

// Logger writes to the test log only when the test fails verbosely.
func Logger(t testing.TB) *slog.Logger {
	if testing.Verbose() {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

func randomName() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// PostgresURL creates an empty database for this test and drops it afterwards.
// It skips the test when TEST_DATABASE_URL is not set and under -short.
func PostgresURL(t testing.TB) string {
	t.Helper()
	Integration(t)
	admin := os.Getenv("TEST_DATABASE_URL")
	if admin == "" {
		t.Skip("TEST_DATABASE_URL not set")
	}
	g, err := db.OpenPostgres(admin)
	if err != nil {
		t.Fatalf("connect to TEST_DATABASE_URL: %v", err)
	}
	name := "lamplight_test_" + randomName()
	if err := g.Exec("CREATE DATABASE " + name).Error; err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		defer db.Close(g, Logger(t))
		if err := g.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)").Error; err != nil {
			t.Logf("drop database %s: %v", name, err)
		}
	})
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatalf("parse TEST_DATABASE_URL: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}

// RedisURL returns TEST_REDIS_URL and a key prefix unique to this test; keys
// under the prefix are deleted afterwards. It skips when the variable is unset
// and under -short.
func RedisURL(t testing.TB) (string, string) {
	t.Helper()
	Integration(t)
	u := os.Getenv("TEST_REDIS_URL")
	if u == "" {
		t.Skip("TEST_REDIS_URL not set")
	}
	prefix := "lamplight-test:" + randomName() + ":"
	t.Cleanup(func() {
		opts, err := redis.ParseURL(u)
		if err != nil {
			return
		}
		c := redis.NewClient(opts)
		defer c.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		iter := c.Scan(ctx, 0, prefix+"*", 500).Iterator()
		for iter.Next(ctx) {
			c.Del(ctx, iter.Val())
		}
	})
	return u, prefix
}

// DB opens the backend's database and applies the given migrations.
func DB(t testing.TB, b Backend, sets ...db.Migrations) *gorm.DB {
	t.Helper()
	Integration(t)
	g, err := db.Open(b.Config)
	if err != nil {
		t.Fatalf("open database: %v", err)
	}
	t.Cleanup(func() { db.Close(g, Logger(t)) })
	if err := db.Migrate(context.Background(), g, sets, nil); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	return g
}

// SQLiteFile is the database file of a SQLite backend, for tests that reopen it.
func SQLiteFile(b Backend) string {
	return filepath.Clean(b.Config.SQLitePath())
}

// Eventually polls cond until it holds or the timeout passes.
func Eventually(t testing.TB, timeout time.Duration, cond func() bool, msg ...string) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		if cond() {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("condition not met within %s: %s", timeout, strings.Join(msg, " "))
}
