package db_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/glebarez/sqlite"
	"gorm.io/gorm"

	"lamplight/platform/db"
)

// A write that finds SQLite locked past the busy timeout, and a database
// that cannot be reached, are the database being unavailable; a request's
// own faults are not.
func TestUnavailable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "busy.db")
	open := func() *gorm.DB {
		g, err := gorm.Open(sqlite.Open("file:"+path+"?_pragma=busy_timeout(50)&_pragma=journal_mode(WAL)&_txlock=immediate"), &gorm.Config{})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	holder, other := open(), open()
	if err := holder.Exec("CREATE TABLE t (v INTEGER)").Error; err != nil {
		t.Fatal(err)
	}
	tx := holder.Begin()
	if err := tx.Exec("INSERT INTO t VALUES (1)").Error; err != nil {
		t.Fatal(err)
	}
	busy := other.Exec("INSERT INTO t VALUES (2)").Error
	tx.Rollback()
	if busy == nil || !db.Unavailable(fmt.Errorf("save: %w", busy)) {
		t.Fatalf("SQLITE_BUSY not unavailable: %v", busy)
	}

	_, unreachable := db.OpenPostgres("postgres://nobody@127.0.0.1:1/none?sslmode=disable&connect_timeout=5")
	if unreachable == nil {
		t.Fatal("connected to port 1")
	}
	if !db.Unavailable(unreachable) {
		t.Fatalf("unreachable Postgres not unavailable: %v", unreachable)
	}

	syntax := other.Exec("INSERT INTO missing VALUES (1)").Error
	for _, err := range []error{nil, errors.New("boom"), context.Canceled, syntax} {
		if db.Unavailable(err) {
			t.Errorf("%v counted as unavailable", err)
		}
	}
}
