package httpx

import (
	"context"

	"github.com/gin-gonic/gin"

	"lamplight/platform/errs"
)

// Caller is the signed-in account a request is made for, as the
// authentication middleware (group api_middleware) found it.
type Caller struct {
	ID    string
	Admin bool
	// AdminNow, when set, reads the admin flag from where it is kept, not
	// from the cached session: RequireAdmin asks it, so a grant or revoke
	// made by another process (the admin command) counts at once.
	AdminNow func(context.Context) (bool, error)
}

type callerKey struct{}

// WithCaller returns ctx carrying the request's caller; only the
// authentication middleware calls it.
func WithCaller(ctx context.Context, who Caller) context.Context {
	return context.WithValue(ctx, callerKey{}, who)
}

// CallerOf returns the signed-in caller of a request's context.
func CallerOf(ctx context.Context) (Caller, bool) {
	who, ok := ctx.Value(callerKey{}).(Caller)
	return who, ok
}

// UserID is the signed-in caller's id, "" for an anonymous request.
func UserID(ctx context.Context) string {
	who, _ := CallerOf(ctx)
	return who.ID
}

// RequireUser answers 401 unauthenticated unless someone is signed in.
func RequireUser(c *gin.Context) {
	if _, ok := CallerOf(c.Request.Context()); !ok {
		Fail(c, errs.ErrUnauthenticated)
		return
	}
	c.Next()
}

// RequireAdmin answers 401 when signed out and 403 forbidden for a caller
// who is not an admin.
func RequireAdmin(c *gin.Context) {
	who, ok := CallerOf(c.Request.Context())
	if !ok {
		Fail(c, errs.ErrUnauthenticated)
		return
	}
	admin := who.Admin
	if who.AdminNow != nil {
		var err error
		if admin, err = who.AdminNow(c.Request.Context()); err != nil {
			Fail(c, err)
			return
		}
	}
	if !admin {
		Fail(c, errs.ErrForbidden)
		return
	}
	c.Next()
}
