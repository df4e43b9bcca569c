// Command lamplight runs the Lamplight server and its operator commands.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"
	"time"

	"go.uber.org/fx"

	"lamplight/app"
	"lamplight/modules/identity"
	"lamplight/modules/identity/identityapi"
	"lamplight/modules/reading/readingapi"
	"lamplight/modules/readmodels/readmodelsapi"
	"lamplight/platform"
	"lamplight/platform/config"
	"lamplight/platform/db"
	"lamplight/platform/httpx"
	"lamplight/platform/version"
)

const usage = `Lamplight — a Bible reading log.

Usage:
  lamplight [serve]     start the server (default)
  lamplight migrate     apply database migrations and exit
  lamplight admin grant|revoke EMAIL
                        give or take away the admin flag of the account with EMAIL
  lamplight projections rebuild [--user ID]
                        recompute every projection for one reader or for all
                        readers and store it in the cache (useful with Redis)
  lamplight healthcheck [--timeout 3s]
                        exit 0 when the server at LAMPLIGHT_ADDR is ready, 1
                        otherwise (the container image's health check)
  lamplight backup FILE copy the SQLite database to the new FILE (- for
                        standard output), also while the server runs
                        (PostgreSQL: use pg_dump)
  lamplight version     print the version

Configuration comes from the environment; see configs/lamplight.example.env.
`

func main() {
	os.Exit(lamplight(os.Args[1:], os.Stderr))
}

// lamplight runs one command and returns the process's exit code.
func lamplight(args []string, stderr io.Writer) int {
	if err := run(args); err != nil {
		fmt.Fprintln(stderr, "lamplight:", err)
		return 1
	}
	return 0
}

func run(args []string) error {
	cmd := "serve"
	if len(args) > 0 {
		cmd = args[0]
	}
	switch cmd {
	case "version", "--version", "-v":
		fmt.Printf("lamplight %s (%s)\n", version.Version, version.Commit)
		return nil
	case "help", "--help", "-h":
		fmt.Print(usage)
		return nil
	case "serve", "migrate", "healthcheck":
	case "backup":
		if len(args) != 2 {
			fmt.Fprint(os.Stderr, usage)
			return fmt.Errorf("usage: lamplight backup FILE")
		}
	case "admin":
		if len(args) != 3 || (args[1] != "grant" && args[1] != "revoke") {
			fmt.Fprint(os.Stderr, usage)
			return fmt.Errorf("usage: lamplight admin grant|revoke EMAIL")
		}
	case "projections":
		if len(args) < 2 || args[1] != "rebuild" {
			fmt.Fprint(os.Stderr, usage)
			return fmt.Errorf("usage: lamplight projections rebuild [--user ID]")
		}
	default:
		fmt.Fprint(os.Stderr, usage)
		return fmt.Errorf("unknown command %q", cmd)
	}
	cfg, err := config.Load()
	if err != nil {
		return fmt.Errorf("configuration:\n%w", err)
	}
	switch cmd {
	case "migrate":
		return migrate(cfg)
	case "healthcheck":
		fs := flag.NewFlagSet("healthcheck", flag.ContinueOnError)
		timeout := fs.Duration("timeout", 3*time.Second, "give up after this long")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		return healthcheck(cfg.Addr, *timeout)
	case "backup":
		ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
		defer cancel()
		if err := backup(ctx, cfg, args[1], os.Stdout); err != nil {
			return err
		}
		if args[1] != "-" {
			fmt.Printf("backed up %s to %s\n", cfg.SQLitePath(), args[1])
		}
		return nil
	}
	if cmd == "admin" {
		return admin(cfg, args[1] == "grant", args[2])
	}
	if cmd == "projections" {
		fs := flag.NewFlagSet("projections rebuild", flag.ContinueOnError)
		user := fs.String("user", "", "rebuild only this reader's projections (user id)")
		if err := fs.Parse(args[2:]); err != nil {
			return err
		}
		return rebuildProjections(cfg, *user)
	}
	return serve(cfg)
}

func serve(cfg config.Config) error {
	var srv *httpx.Server
	a := fx.New(app.Options(cfg, nil, nil), fx.Populate(&srv))
	if err := a.Err(); err != nil {
		return err
	}
	startCtx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := a.Start(startCtx); err != nil {
		return err
	}
	fmt.Printf("Lamplight is running at %s (press Ctrl+C to stop)\n", srv.URL())

	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	<-sig
	fmt.Println("Stopping: finishing requests and event handlers...")
	stopCtx, cancelStop := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancelStop()
	return a.Stop(stopCtx)
}

func migrate(cfg config.Config) error {
	var m *platform.Migrator
	a := fx.New(app.Options(cfg, nil, nil), fx.Populate(&m))
	if err := a.Err(); err != nil {
		return err
	}
	defer db.Close(m.DB, m.Log)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if err := m.Up(ctx); err != nil {
		return err
	}
	fmt.Println("migrations applied")
	return nil
}

// admin migrates the database, then grants or revokes the admin flag.
func admin(cfg config.Config, grant bool, email string) error {
	var m *platform.Migrator
	var admins *identity.Admins
	a := fx.New(app.Options(cfg, nil, nil), fx.Populate(&m, &admins))
	if err := a.Err(); err != nil {
		return err
	}
	defer db.Close(m.DB, m.Log)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if err := m.Up(ctx); err != nil {
		return err
	}
	set, verb := admins.Revoke, "revoked from"
	if grant {
		set, verb = admins.Grant, "granted to"
	}
	u, err := set(ctx, email)
	if errors.Is(err, identityapi.ErrAccountNotFound) {
		return fmt.Errorf("no account with email %s", email)
	}
	if err != nil {
		return err
	}
	fmt.Printf("admin %s %s\n", verb, u.Email)
	return nil
}

type rebuildDeps struct {
	fx.In
	Migrator   *platform.Migrator
	Log        readingapi.Reader
	Accounts   identityapi.Accounts
	Rebuilders []readmodelsapi.Rebuilder `group:"projection_rebuilders"`
}

// rebuildProjections recomputes every projection from the source of truth,
// for one reader or for every reader with a log or an account (engagement
// counts accounts without a log too).
func rebuildProjections(cfg config.Config, userID string) error {
	var deps rebuildDeps
	a := fx.New(app.Options(cfg, nil, nil), fx.Invoke(func(d rebuildDeps) { deps = d }))
	if err := a.Err(); err != nil {
		return err
	}
	defer db.Close(deps.Migrator.DB, deps.Migrator.Log)
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	if err := deps.Migrator.Up(ctx); err != nil {
		return err
	}
	users := []string{userID}
	if userID == "" {
		var err error
		if users, err = readers(ctx, deps); err != nil {
			return err
		}
	}
	if len(users) == 0 {
		fmt.Println("no reader has an account or a log yet: nothing to rebuild")
	}
	// A read model that rebuilds every reader at once does so in parallel
	// and resumes a rebuild that stopped; the others go reader by reader.
	var each []readmodelsapi.Rebuilder
	for _, r := range deps.Rebuilders {
		bulk, ok := r.(readmodelsapi.BulkRebuilder)
		if !ok || userID != "" {
			each = append(each, r)
			continue
		}
		err := bulk.RebuildAll(ctx, users, func(done, total int) {
			if done%10000 < 100 || done == total {
				fmt.Printf("rebuilt %s for %d of %d readers\n", r.Name(), done, total)
			}
		})
		if err != nil {
			return fmt.Errorf("rebuild %s: %w (run the command again to continue)", r.Name(), err)
		}
	}
	for i, u := range users {
		for _, r := range each {
			if err := r.Rebuild(ctx, u); err != nil {
				return fmt.Errorf("rebuild %s for %s: %w", r.Name(), u, err)
			}
		}
		if (i+1)%100 == 0 || i+1 == len(users) {
			fmt.Printf("rebuilt %d projections for %d of %d readers\n", len(each), i+1, len(users))
		}
	}
	if !cfg.UsesRedis() {
		fmt.Println("note: without REDIS_URL the cache lives inside each server process; a running server recomputes on its own")
	}
	return nil
}

// readers lists every reader with a log or an account, each once, in order.
func readers(ctx context.Context, deps rebuildDeps) ([]string, error) {
	withLog, err := deps.Log.UsersWithEntries(ctx)
	if err != nil {
		return nil, err
	}
	accounts, err := deps.Accounts.MatchingAccounts(ctx, "")
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []string
	for _, id := range withLog {
		seen[id] = true
		out = append(out, id)
	}
	for _, a := range accounts {
		if !seen[a.ID] {
			out = append(out, a.ID)
		}
	}
	sort.Strings(out)
	return out, nil
}
