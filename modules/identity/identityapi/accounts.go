package identityapi

import (
	"context"
	"time"

	"lamplight/platform/errs"
)

// Sign-in methods an account can have, as AccountRegistered and the admin
// views name them.
const (
	MethodPassword = "password"
	MethodGoogle   = "google"
)

// AccountRegistered is published (through the outbox) when an account is
// created, by registering with a password or by a first Google sign-in.
type AccountRegistered struct {
	UserID string    `json:"userId"`
	At     time.Time `json:"at"`
	Method string    `json:"method"`
}

// Topic implements bus.Event.
func (AccountRegistered) Topic() string { return "identity.account_registered" }

// Account is an account as the admin pages see it: the facts about the
// account, nothing the reader wrote.
type Account struct {
	ID            string     `json:"id"`
	Email         string     `json:"email"`
	EmailVerified bool       `json:"emailVerified"`
	IsAdmin       bool       `json:"isAdmin"`
	CreatedAt     time.Time  `json:"createdAt"`
	LastActiveAt  *time.Time `json:"lastActiveAt"`
	// SignInMethods lists MethodPassword and/or MethodGoogle.
	SignInMethods []string `json:"signInMethods"`
}

// AccountDetail is an Account with its live sessions.
type AccountDetail struct {
	Account
	Sessions int `json:"sessions"`
}

// Orders SearchAccounts sorts by.
const (
	SortEmail      = "email"
	SortCreated    = "created"
	SortLastActive = "lastActive"
)

// AccountQuery is a page of accounts whose address contains Search, sorted
// by Sort (email ascending, created and lastActive newest first).
type AccountQuery struct {
	Search string
	Sort   string
	Limit  int
	Offset int
}

// Accounts is what the admin module runs the service with. Every method
// acts on the account with id; an unknown id is ErrAccountNotFound.
type Accounts interface {
	// SearchAccounts answers a page of accounts and the number matching.
	SearchAccounts(ctx context.Context, q AccountQuery) (total int, page []Account, err error)
	// MatchingAccounts answers every account whose address contains search,
	// for orders and reports identity does not compute itself.
	MatchingAccounts(ctx context.Context, search string) ([]Account, error)
	// AccountDetail answers one account with its session count.
	AccountDetail(ctx context.Context, id string) (AccountDetail, error)
	// SetAdminFlag grants or revokes the admin flag; revoking the last
	// admin is ErrLastAdmin.
	SetAdminFlag(ctx context.Context, id string, admin bool) (Account, error)
	// SendVerification mails the account a new verification code, with
	// links to siteURL; ErrAlreadyVerified when it needs none.
	SendVerification(ctx context.Context, id, siteURL string) error
	// SignOutEverywhere ends every session of the account and answers how
	// many there were.
	SignOutEverywhere(ctx context.Context, id string) (int, error)
	// DeleteAccountFor deletes the account on an admin's behalf, like the
	// reader deleting it (UserDeleted is published), after confirmEmail
	// matched its address. An admin cannot delete their own account here
	// (ErrOwnAccount): Settings asks for their password.
	DeleteAccountFor(ctx context.Context, adminID, id, confirmEmail string) error
}

// Errors of the admin use cases.
var (
	ErrLastAdmin         = errs.New(errs.KindConflict, "last_admin")
	ErrAlreadyVerified   = errs.New(errs.KindConflict, "already_verified")
	ErrOwnAccount        = errs.New(errs.KindConflict, "own_account")
	ErrConfirmEmailWrong = errs.Validation(errs.Field("confirmEmail", errs.IsInvalid))
)
