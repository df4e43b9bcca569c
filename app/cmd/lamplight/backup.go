package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"lamplight/platform/config"
	"lamplight/platform/db"
)

// backup writes a consistent copy of the SQLite database to dest while the
// server may keep running: VACUUM INTO reads one snapshot (WAL lets writers
// go on meanwhile) and writes a compact database file. dest "-" sends the
// copy to out, for images without a shell or tar (kubectl exec ... > file).
func backup(ctx context.Context, cfg config.Config, dest string, out io.Writer) error {
	if cfg.UsesPostgres() {
		return errors.New("backup copies the SQLite database; with DATABASE_URL set, back up PostgreSQL with pg_dump (see docs/OPERATIONS.md)")
	}
	src := cfg.SQLitePath()
	if _, err := os.Stat(src); err != nil {
		return fmt.Errorf("no database to back up at %s: %w", src, err)
	}
	if dest == "-" {
		return backupTo(ctx, cfg, out)
	}
	// Claiming the name first refuses to overwrite an earlier backup, even
	// one made at the same moment; VACUUM INTO accepts the empty file.
	f, err := os.OpenFile(dest, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s already exists: choose a new file name", dest)
	}
	if err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := vacuumInto(ctx, src, dest); err != nil {
		_ = os.Remove(dest)
		return err
	}
	return nil
}

// backupTo writes the copy to a temporary file beside the database (the data
// folder is writable where the database is), then streams it to out.
func backupTo(ctx context.Context, cfg config.Config, out io.Writer) error {
	f, err := os.CreateTemp(cfg.DataDir, "backup-*.db")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	defer f.Close()
	if err := vacuumInto(ctx, cfg.SQLitePath(), f.Name()); err != nil {
		return err
	}
	_, err = io.Copy(out, f)
	return err
}

func vacuumInto(ctx context.Context, src, dest string) error {
	g, err := db.OpenSQLite(src)
	if err != nil {
		return err
	}
	sqlDB, err := g.DB()
	if err != nil {
		return err
	}
	defer sqlDB.Close()
	if _, err := sqlDB.ExecContext(ctx, "VACUUM INTO ?", dest); err != nil {
		return fmt.Errorf("back up %s to %s: %w", src, dest, err)
	}
	return nil
}
