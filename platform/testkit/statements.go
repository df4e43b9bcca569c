package testkit

import (
	"context"
	"net/http"
	"slices"
	"sync"
	"testing"

	"github.com/ThreeDotsLabs/watermill/message"
	"gorm.io/gorm"
)

// Origin is who issued a statement.
type Origin int

// Origins of statements: an HTTP request being served, an event handler,
// or anything else (the outbox relay, the mail and cleanup loops).
const (
	FromRequest Origin = iota
	FromHandler
	FromOther
)

// Statement is one SQL statement executed through gorm.
type Statement struct {
	SQL     string
	Origin  Origin
	Handler string // the event handler's name, for FromHandler
}

// Statements records every SQL statement run through a gorm handle (BEGIN
// and COMMIT are not statements gorm sees, so they are not counted).
type Statements struct {
	mu   sync.Mutex
	seen []Statement
}

// CountStatements starts recording the statements run through g (and every
// session derived from it) until the test ends.
func CountStatements(t testing.TB, g *gorm.DB) *Statements {
	t.Helper()
	s := &Statements{}
	record := func(tx *gorm.DB) {
		if tx.Statement.SQL.Len() > 0 {
			s.add(tx.Statement.Context, tx.Statement.SQL.String())
		}
	}
	cb := g.Callback()
	for name, err := range map[string]error{
		"create": cb.Create().After("*").Register("testkit:count", record),
		"query":  cb.Query().After("*").Register("testkit:count", record),
		"update": cb.Update().After("*").Register("testkit:count", record),
		"delete": cb.Delete().After("*").Register("testkit:count", record),
		"row":    cb.Row().After("*").Register("testkit:count", record),
		"raw":    cb.Raw().After("*").Register("testkit:count", record),
	} {
		if err != nil {
			t.Fatalf("count %s statements: %v", name, err)
		}
	}
	return s
}

func (s *Statements) add(ctx context.Context, sql string) {
	st := Statement{SQL: sql, Origin: FromOther}
	if ctx != nil {
		if h := message.HandlerNameFromCtx(ctx); h != "" {
			st.Origin, st.Handler = FromHandler, h
		} else if ctx.Value(http.ServerContextKey) != nil {
			st.Origin = FromRequest
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seen = append(s.seen, st)
}

// Mark is a position in the record, for Since.
func (s *Statements) Mark() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.seen)
}

// Since returns the statements of origin recorded after mark.
func (s *Statements) Since(mark int, origin Origin) []Statement {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.DeleteFunc(slices.Clone(s.seen[mark:]), func(st Statement) bool { return st.Origin != origin })
}
