// Package identityapi is the identity module's published contract: the
// signed-in user as other modules see it (in a request's context), the
// event announcing a deleted account, and the error ids the API answers
// with. Routes are guarded with httpx.RequireUser and httpx.RequireAdmin.
// Everything else of the module is internal.
package identityapi

import (
	"context"
	"time"

	"lamplight/platform/errs"
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
	// At is when the account was deleted (zero in events recorded before
	// the field existed).
	At time.Time `json:"at,omitzero"`
}

// Topic implements bus.Event.
func (UserDeleted) Topic() string { return "identity.user_deleted" }

// Directory answers questions about accounts for other modules.
type Directory interface {
	// User returns the account with id, or an error matching ErrAccountNotFound.
	User(ctx context.Context, id string) (User, error)
}

// AdminContacts lists the admins, for modules that notify them.
type AdminContacts interface {
	// Admins returns every account with the admin flag, ordered by address.
	Admins(ctx context.Context) ([]User, error)
}

// LocaleWriter saves an account's language, which is kept once, on the
// account, for every module that shows it.
type LocaleWriter interface {
	// SetLocale stores locale (en, de, es, fr, pt, uk) on the account with id.
	SetLocale(ctx context.Context, id, locale string) error
}

type userKey struct{}

// WithUser returns ctx carrying the signed-in user; the identity module's
// authentication middleware calls it once a request's session is known.
func WithUser(ctx context.Context, u User) context.Context {
	return context.WithValue(ctx, userKey{}, u)
}

// CurrentUser returns the signed-in user of a request's context, if any.
func CurrentUser(ctx context.Context) (User, bool) {
	u, ok := ctx.Value(userKey{}).(User)
	return u, ok
}

// Errors the identity API answers with. The detail codes are the product's
// api_error ids; the web app translates them.
var (
	ErrUnauthenticated          = errs.ErrUnauthenticated
	ErrForbidden                = errs.ErrForbidden
	ErrInvalidLogin             = errs.New(errs.KindUnauthenticated, "invalid_login")
	ErrNewEmailRequired         = errs.Validation(errs.Field("email", "new_email_required"))
	ErrEmailInUse               = &errs.Error{Kind: errs.KindConflict, Details: []errs.Detail{errs.Field("email", "email_in_use")}}
	ErrPasswordIncorrect        = errs.Validation(errs.Field("password", "password_incorrect"))
	ErrCurrentPasswordWrong     = errs.Validation(errs.Field("currentPassword", "password_incorrect"))
	ErrAccountNotFound          = errs.NotFound("account_not_found")
	ErrPasswordResetExpired     = errs.New(errs.KindInvalidRequest, "password_reset_link_expired")
	ErrPasswordResetCodeExpired = errs.New(errs.KindInvalidRequest, "password_reset_code_expired")
	ErrInvalidRequest           = errs.New(errs.KindInvalidRequest, "invalid_request")
	ErrEmailNotVerified         = errs.New(errs.KindForbidden, "email_not_verified")
	ErrVerificationCodeExpired  = errs.New(errs.KindInvalidRequest, "verification_code_expired")
	ErrCodeInvalid              = errs.Validation(errs.Field("code", errs.IsInvalid))
	ErrGoogleNotConfigured      = errs.NotFound("google_not_configured")
	ErrCrossOrigin              = errs.New(errs.KindForbidden, "cross_origin_request")
	errVerifyEmail              = errs.New(errs.KindForbidden, "verify_email")
)

// ErrVerifyEmail asks the user to verify email first; a new code was sent.
func ErrVerifyEmail(email string) *errs.Error {
	return &errs.Error{Kind: errVerifyEmail.Kind, Details: []errs.Detail{{Code: errVerifyEmail.Details[0].Code, Properties: map[string]any{"email": email}}}}
}
