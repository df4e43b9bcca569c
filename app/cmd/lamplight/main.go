// Command lamplight runs the Lamplight server and its operator commands.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"go.uber.org/fx"

	"lamplight/app"
	"lamplight/modules/identity"
	"lamplight/modules/identity/identityapi"
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
  lamplight version     print the version

Configuration comes from the environment; see configs/lamplight.example.env.
`

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "lamplight:", err)
		os.Exit(1)
	}
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
	case "serve", "migrate":
	case "admin":
		if len(args) != 3 || (args[1] != "grant" && args[1] != "revoke") {
			fmt.Fprint(os.Stderr, usage)
			return fmt.Errorf("usage: lamplight admin grant|revoke EMAIL")
		}
	default:
		fmt.Fprint(os.Stderr, usage)
		return fmt.Errorf("unknown command %q", cmd)
	}
	cfg, err := config.Load()
	if err != nil {
		return fmt.Errorf("configuration:\n%w", err)
	}
	if cmd == "migrate" {
		return migrate(cfg)
	}
	if cmd == "admin" {
		return admin(cfg, args[1] == "grant", args[2])
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
