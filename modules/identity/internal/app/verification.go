package app

import (
	"context"
	"net/url"

	"lamplight/modules/identity/internal/domain"
	"lamplight/modules/identity/internal/mailtemplates"
	"lamplight/modules/identity/internal/store"
)

// issueVerification replaces the account's pending verification with a
// new code and link, and queues the email carrying both, all in tx.
func (s *Service) issueVerification(ctx context.Context, tx *store.Tx, u store.User, site string) error {
	code, otc := domain.NewOneTimeCode(domain.PurposeVerifyEmail, u.ID, s.now())
	linkToken := domain.NewToken()
	if err := tx.PutVerification(ctx, store.Verification{UserID: u.ID, LinkHash: domain.HashToken(linkToken), Code: otc}); err != nil {
		return err
	}
	return sendMail(tx, mailtemplates.VerifyEmail, u.Locale, u.Email, mailtemplates.Data{
		Email: u.Email, Code: code, Minutes: int(domain.CodeLifetime.Minutes()),
		Link: link(site, u.Locale, "/verify-email", url.Values{"token": {linkToken}}),
	})
}

// verificationDue reports whether a new code may be sent: none is pending,
// or the last one is older than the resend cooldown.
func (s *Service) verificationDue(ctx context.Context, userID string) (bool, error) {
	v, err := s.store.VerificationByUser(ctx, userID)
	if isNotFound(err) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	return v.Code.CanResend(s.now()), nil
}
