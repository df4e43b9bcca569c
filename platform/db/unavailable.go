package db

import (
	"context"
	"database/sql/driver"
	"errors"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// SQLite's result codes for a database another connection holds locked
// past the busy timeout (the extended codes share the low byte).
const (
	sqliteBusy   = 5
	sqliteLocked = 6
)

// Unavailable says err is the database being busy or out of reach, not a
// fault of the request: SQLite's lock timeout, a connection refused, lost
// or timed out, a server shutting down or out of connections. Such a
// request may succeed when sent again shortly, so it is answered 503 with
// Retry-After rather than 500.
func Unavailable(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) {
		return false
	}
	var coded interface{ Code() int }
	if errors.As(err, &coded) {
		if c := coded.Code() & 0xff; c == sqliteBusy || c == sqliteLocked {
			return true
		}
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return strings.HasPrefix(pg.Code, "08") || // connection exception
			pg.Code == "53300" || // too many connections
			pg.Code == "57P01" || pg.Code == "57P02" || pg.Code == "57P03" || // shutdown, cannot connect now
			pg.Code == "55P03" // lock not available
	}
	var connect *pgconn.ConnectError
	var netErr net.Error
	return errors.As(err, &connect) || errors.As(err, &netErr) || errors.Is(err, driver.ErrBadConn) ||
		pgconn.Timeout(err) || errors.Is(err, context.DeadlineExceeded)
}
