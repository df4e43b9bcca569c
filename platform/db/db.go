// Package db opens the relational database (SQLite file by default, PostgreSQL
// when DATABASE_URL is set) through gorm and runs every module's migrations.
package db

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/glebarez/sqlite"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"lamplight/platform/config"
)

// Dialect names as gorm reports them.
const (
	SQLite   = "sqlite"
	Postgres = "postgres"
)

// Open connects to the configured database.
func Open(cfg config.Config) (*gorm.DB, error) {
	if cfg.UsesPostgres() {
		return OpenPostgres(cfg.DatabaseURL)
	}
	if err := os.MkdirAll(cfg.DataDir, 0o750); err != nil {
		return nil, fmt.Errorf("create data dir: %w", err)
	}
	return OpenSQLite(cfg.SQLitePath())
}

// OpenSQLite opens a SQLite file. WAL lets readers run beside the writer, and
// immediate transactions take the write lock up front so two writers wait for
// each other (busy_timeout) instead of failing on a lock upgrade.
func OpenSQLite(path string) (*gorm.DB, error) {
	dsn := "file:" + path + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_txlock=immediate"
	g, err := gorm.Open(sqlite.Open(dsn), gormConfig())
	if err != nil {
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	sqlDB, err := g.DB()
	if err != nil {
		return nil, err
	}
	// Every connection stays open while in use: a new SQLite connection
	// runs its pragmas, reads the schema and prepares its statements again,
	// which was a third of a cached read with the default two idle ones.
	sqlDB.SetMaxOpenConns(8)
	sqlDB.SetMaxIdleConns(8)
	sqlDB.SetConnMaxIdleTime(5 * time.Minute)
	return g, nil
}

// OpenPostgres opens a PostgreSQL database.
func OpenPostgres(url string) (*gorm.DB, error) {
	g, err := gorm.Open(postgres.Open(url), gormConfig())
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	sqlDB, err := g.DB()
	if err != nil {
		return nil, err
	}
	sqlDB.SetMaxOpenConns(20)
	sqlDB.SetMaxIdleConns(20)
	sqlDB.SetConnMaxIdleTime(5 * time.Minute)
	return g, nil
}

func gormConfig() *gorm.Config {
	return &gorm.Config{
		Logger:                 logger.Discard,
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
		TranslateError:         true,
	}
}

// Ping checks that the database answers.
func Ping(ctx context.Context, g *gorm.DB) error {
	sqlDB, err := g.DB()
	if err != nil {
		return err
	}
	return sqlDB.PingContext(ctx)
}

// Close closes the connection pool.
func Close(g *gorm.DB, log *slog.Logger) {
	if sqlDB, err := g.DB(); err == nil {
		if err := sqlDB.Close(); err != nil {
			log.Error("close database", "err", err)
		}
	}
}
