package db

import (
	"context"
	"fmt"
	"io/fs"
	"log/slog"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	"gorm.io/gorm"
)

// Migrations is one module's versioned SQL, embedded in the binary. FS holds a
// folder per dialect ("sqlite", "postgres") of goose files; each set keeps its
// own version table, so modules evolve their schemas independently.
type Migrations struct {
	Name string
	FS   fs.FS
}

func provider(g *gorm.DB, m Migrations, log *slog.Logger) (*goose.Provider, error) {
	sqlDB, err := g.DB()
	if err != nil {
		return nil, err
	}
	dialect, folder := goose.DialectSQLite3, "sqlite"
	if g.Name() == Postgres {
		dialect, folder = goose.DialectPostgres, "postgres"
	}
	sub, err := fs.Sub(m.FS, folder)
	if err != nil {
		return nil, err
	}
	opts := []goose.ProviderOption{goose.WithTableName("schema_version_" + m.Name), goose.WithDisableGlobalRegistry(true)}
	if log != nil {
		opts = append(opts, goose.WithSlog(log))
	} else {
		opts = append(opts, goose.WithLogger(goose.NopLogger()))
	}
	if dialect == goose.DialectPostgres {
		// Two instances starting together must not apply the same migration twice.
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return nil, err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	return goose.NewProvider(dialect, sqlDB, sub, opts...)
}

// Migrate brings every set up to date, in the order given.
func Migrate(ctx context.Context, g *gorm.DB, sets []Migrations, log *slog.Logger) error {
	for _, m := range sets {
		p, err := provider(g, m, log)
		if err != nil {
			return fmt.Errorf("migrations %s: %w", m.Name, err)
		}
		if _, err := p.Up(ctx); err != nil {
			return fmt.Errorf("migrations %s: %w", m.Name, err)
		}
	}
	return nil
}

// Pending reports the first set that has migrations not yet applied.
func Pending(ctx context.Context, g *gorm.DB, sets []Migrations) error {
	for _, m := range sets {
		p, err := provider(g, m, nil)
		if err != nil {
			return err
		}
		pending, err := p.HasPending(ctx)
		if err != nil {
			return fmt.Errorf("migrations %s: %w", m.Name, err)
		}
		if pending {
			return fmt.Errorf("migrations %s are not applied", m.Name)
		}
	}
	return nil
}

// Embedded names a module's migrations kept in the "migrations" folder of an
// embedded file system (declare it with //go:embed migrations).
func Embedded(name string, fsys fs.FS) Migrations {
	sub, err := fs.Sub(fsys, "migrations")
	if err != nil {
		// Only a mistyped embed pattern gets here, at start-up.
		panic(fmt.Sprintf("migrations %s: %v", name, err))
	}
	return Migrations{Name: name, FS: sub}
}
