package db_test

import (
	"context"
	"sync"
	"testing"
	"testing/fstest"

	"gorm.io/gorm"

	"lamplight/platform/db"
	"lamplight/platform/testkit"
)

func set(name string, files map[string]string) db.Migrations {
	fs := fstest.MapFS{}
	for path, sql := range files {
		fs["sqlite/"+path] = &fstest.MapFile{Data: []byte(sql)}
		fs["postgres/"+path] = &fstest.MapFile{Data: []byte(sql)}
	}
	return db.Migrations{Name: name, FS: fs}
}

var books = set("books", map[string]string{
	"00001_books.sql": "-- +goose Up\nCREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT NOT NULL);\n-- +goose Down\nDROP TABLE books;\n",
})

var booksV2 = set("books", map[string]string{
	"00001_books.sql":  "-- +goose Up\nCREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT NOT NULL);\n-- +goose Down\nDROP TABLE books;\n",
	"00002_author.sql": "-- +goose Up\nALTER TABLE books ADD COLUMN author TEXT;\n-- +goose Down\nALTER TABLE books DROP COLUMN author;\n",
})

var shelves = set("shelves", map[string]string{
	"00001_shelves.sql": "-- +goose Up\nCREATE TABLE shelves (id INTEGER PRIMARY KEY);\n-- +goose Down\nDROP TABLE shelves;\n",
})

func TestIntegrationStoreSuite(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		ctx := context.Background()
		g := testkit.DB(t, b)

		t.Run("sets migrate independently and report pending work", func(t *testing.T) {
			if err := db.Pending(ctx, g, []db.Migrations{books}); err == nil {
				t.Fatal("want pending before migrating")
			}
			if err := db.Migrate(ctx, g, []db.Migrations{books, shelves}, nil); err != nil {
				t.Fatal(err)
			}
			if err := db.Pending(ctx, g, []db.Migrations{books, shelves}); err != nil {
				t.Fatalf("pending after migrate: %v", err)
			}
			if err := db.Migrate(ctx, g, []db.Migrations{books, shelves}, nil); err != nil {
				t.Fatalf("second migrate must be a no-op: %v", err)
			}
			if err := db.Pending(ctx, g, []db.Migrations{booksV2}); err == nil {
				t.Fatal("a new migration must be reported as pending")
			}
			if err := db.Migrate(ctx, g, []db.Migrations{booksV2}, nil); err != nil {
				t.Fatal(err)
			}
			if err := g.Exec("INSERT INTO books (id, title, author) VALUES (1, 'Psalms', 'David')").Error; err != nil {
				t.Fatal(err)
			}
		})

		t.Run("a failed transaction leaves nothing behind", func(t *testing.T) {
			_ = g.Transaction(func(tx *gorm.DB) error {
				tx.Exec("INSERT INTO shelves (id) VALUES (1)")
				return gorm.ErrInvalidData
			})
			var n int64
			g.Table("shelves").Count(&n)
			if n != 0 {
				t.Fatalf("rows = %d", n)
			}
		})

		t.Run("concurrent writers all succeed", func(t *testing.T) {
			var wg sync.WaitGroup
			errs := make(chan error, 20)
			for i := range 20 {
				wg.Go(func() {
					errs <- g.Transaction(func(tx *gorm.DB) error {
						return tx.Exec("INSERT INTO shelves (id) VALUES (?)", 100+i).Error
					})
				})
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
		})

		if b.Postgres() {
			t.Run("two instances migrating at once", func(t *testing.T) {
				other := testkit.DB(t, b)
				fresh := set("fresh", map[string]string{
					"00001_a.sql": "-- +goose Up\nCREATE TABLE fresh_a (id INTEGER);\n-- +goose Down\nDROP TABLE fresh_a;\n",
					"00002_b.sql": "-- +goose Up\nCREATE TABLE fresh_b (id INTEGER);\n-- +goose Down\nDROP TABLE fresh_b;\n",
				})
				var wg sync.WaitGroup
				errs := make([]error, 2)
				for i, conn := range []*gorm.DB{g, other} {
					wg.Go(func() { errs[i] = db.Migrate(ctx, conn, []db.Migrations{fresh}, nil) })
				}
				wg.Wait()
				for _, err := range errs {
					if err != nil {
						t.Fatal(err)
					}
				}
			})
		}
	})
}
