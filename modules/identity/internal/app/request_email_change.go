package app

import (
	"context"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/internal/domain"
	"lamplight/modules/identity/internal/mailtemplates"
	"lamplight/modules/identity/internal/store"
	"lamplight/platform/errs"
)

// RequestEmailChange asks to move the account to a new address.
type RequestEmailChange struct {
	Email string
	// Password is the account's current one, so a stolen session cannot move
	// the account; an account without one (Google) needs a recent sign-in.
	Password string
	Req      Request
}

// RequestEmailChange mails a code to the new address. An address another
// account already uses gets no code and the same answer, so the answer never
// tells whether an address is registered; confirming reports email_in_use
// only if the address was taken since.
func (s *Service) RequestEmailChange(ctx context.Context, p Principal, cmd RequestEmailChange) (string, error) {
	email := domain.NormalizeEmail(cmd.Email)
	var f errs.Fields
	domain.ValidateEmail(&f, "email", email)
	if err := f.Err(); err != nil {
		return "", err
	}
	if err := s.limit(ctx, "email-change:ip:"+cmd.Req.IP, limitEmailChange); err != nil {
		return "", err
	}
	u, err := s.store.UserByID(ctx, p.User.ID)
	if err != nil {
		return "", err
	}
	if email == u.Email {
		return "", identityapi.ErrNewEmailRequired
	}
	if err := s.confirmOwner(ctx, p, u, cmd.Password); err != nil {
		return "", err
	}
	if _, err := s.store.UserByEmail(ctx, email); err == nil {
		return email, nil
	} else if !isNotFound(err) {
		return "", err
	}
	code, otc := domain.NewOneTimeCode(domain.PurposeChangeEmail, u.ID, s.now())
	return email, s.store.Transact(ctx, func(tx *store.Tx) error {
		if err := tx.PutEmailChange(ctx, store.EmailChange{UserID: u.ID, NewEmail: email, Code: otc}); err != nil {
			return err
		}
		return sendMail(tx, mailtemplates.EmailChange, u.Locale, email, mailtemplates.Data{
			Email: email, Code: code, Minutes: int(domain.CodeLifetime.Minutes()),
		})
	})
}
