package identity

import (
	"context"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/internal/app"
)

// Admins grants and revokes the admin flag; `lamplight admin grant|revoke
// EMAIL` uses it. An unknown address is identityapi.ErrAccountNotFound.
type Admins struct {
	svc *app.Service
}

// Grant makes the account with email an admin.
func (a *Admins) Grant(ctx context.Context, email string) (identityapi.User, error) {
	return a.svc.SetAdmin(ctx, email, true)
}

// Revoke takes the admin flag away.
func (a *Admins) Revoke(ctx context.Context, email string) (identityapi.User, error) {
	return a.svc.SetAdmin(ctx, email, false)
}
