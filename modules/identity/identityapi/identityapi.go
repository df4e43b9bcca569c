// Package identityapi is the identity module's published contract: the
// signed-in user as other modules see it, the event announcing a deleted
// account, the middleware that guards routes, and the error ids the API
// answers with. Everything else of the module is internal.
package identityapi

import (
	"context"
	"time"

	"github.com/gin-gonic/gin"

	"lamplight/platform/errs"
	"lamplight/platform/httpx"
)

// User is an account as other modules see it.
type User struct {
	ID            string    `json:"id"`
	Email         string    `json:"email"`
	EmailVerified bool      `json:"emailVerified"`
	IsAdmin       bool      `json:"isAdmin"`
	Locale        string    `json:"locale"`
	TimeZone      string    `json:"timeZone"`
	CreatedAt     time.Time `json:"createdAt"`
}

// Location is the user's time zone, UTC when it cannot be loaded.
func (u User) Location() *time.Location {
	if loc, err := time.LoadLocation(u.TimeZone); err == nil && u.TimeZone != "" {
		return loc
	}
	return time.UTC
}

// UserDeleted is published (through the outbox) when an account is deleted;
// every module deletes that reader's data when it sees it.
type UserDeleted struct {
	UserID string `json:"userId"`
}

// Topic implements bus.Event.
func (UserDeleted) Topic() string { return "identity.user_deleted" }

// Directory answers questions about accounts for other modules.
type Directory interface {
	// User returns the account with id, or an error matching ErrAccountNotFound.
	User(ctx context.Context, id string) (User, error)
}

const userKey = "lamplight.identity.user"

// CurrentUser returns the signed-in user of the request, if any.
func CurrentUser(c *gin.Context) (User, bool) {
	v, ok := c.Get(userKey)
	if !ok {
		return User{}, false
	}
	u, ok := v.(User)
	return u, ok
}

// SetCurrentUser is called by the identity module's authentication
// middleware once a request's session is known; other modules only read.
func SetCurrentUser(c *gin.Context, u User) { c.Set(userKey, u) }

// RequireUser answers 401 unauthenticated unless someone is signed in.
func RequireUser(c *gin.Context) {
	if _, ok := CurrentUser(c); !ok {
		httpx.Fail(c, ErrUnauthenticated)
		return
	}
	c.Next()
}

// RequireAdmin answers 401 when signed out and 403 forbidden for a user
// without the admin flag.
func RequireAdmin(c *gin.Context) {
	u, ok := CurrentUser(c)
	if !ok {
		httpx.Fail(c, ErrUnauthenticated)
		return
	}
	if !u.IsAdmin {
		httpx.Fail(c, ErrForbidden)
		return
	}
	c.Next()
}

// Errors the identity API answers with. The detail codes are the product's
// api_error ids; the web app translates them.
var (
	ErrUnauthenticated         = errs.New(errs.KindUnauthenticated)
	ErrForbidden               = errs.New(errs.KindForbidden)
	ErrInvalidLogin            = errs.New(errs.KindUnauthenticated, "invalid_login")
	ErrNewEmailRequired        = errs.Validation(errs.Field("email", "new_email_required"))
	ErrEmailInUse              = &errs.Error{Kind: errs.KindConflict, Details: []errs.Detail{errs.Field("email", "email_in_use")}}
	ErrPasswordIncorrect       = errs.Validation(errs.Field("password", "password_incorrect"))
	ErrCurrentPasswordWrong    = errs.Validation(errs.Field("currentPassword", "password_incorrect"))
	ErrAccountNotFound         = errs.NotFound("account_not_found")
	ErrPasswordResetExpired    = errs.New(errs.KindInvalidRequest, "password_reset_link_expired")
	ErrInvalidRequest          = errs.New(errs.KindInvalidRequest, "invalid_request")
	ErrEmailNotVerified        = errs.New(errs.KindForbidden, "email_not_verified")
	ErrVerificationCodeExpired = errs.New(errs.KindInvalidRequest, "verification_code_expired")
	ErrCodeInvalid             = errs.Validation(errs.Field("code", errs.IsInvalid))
	ErrGoogleNotConfigured     = errs.NotFound("google_not_configured")
	ErrCrossOrigin             = errs.New(errs.KindForbidden, "cross_origin_request")
)

// ErrVerifyEmail asks the user to verify email first; a new code was sent.
func ErrVerifyEmail(email string) *errs.Error {
	return &errs.Error{Kind: errs.KindForbidden, Details: []errs.Detail{{Code: "verify_email", Properties: map[string]any{"email": email}}}}
}
