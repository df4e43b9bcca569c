package app

import (
	"context"

	"lamplight/modules/admin/internal/domain"
	"lamplight/modules/identity/identityapi"
)

// The actions run identity's use case, then write the audit line: an
// action that failed is not in the log. They answer the account's detail
// as it is afterwards, except deletion.

// SetAdmin grants or revokes the admin flag.
func (s *Service) SetAdmin(ctx context.Context, actor identityapi.User, id string, admin bool) (UserDetail, error) {
	a, err := s.accounts.SetAdminFlag(ctx, id, admin)
	if err != nil {
		return UserDetail{}, err
	}
	action := domain.ActionGrantAdmin
	if !admin {
		action = domain.ActionRevokeAdmin
	}
	if err := s.audit(ctx, actor, action, a); err != nil {
		return UserDetail{}, err
	}
	return s.User(ctx, id)
}

// ResendVerification mails the account a new verification code.
func (s *Service) ResendVerification(ctx context.Context, actor identityapi.User, id, siteURL string) (UserDetail, error) {
	d, err := s.accounts.AccountDetail(ctx, id)
	if err != nil {
		return UserDetail{}, err
	}
	if err := s.accounts.SendVerification(ctx, id, siteURL); err != nil {
		return UserDetail{}, err
	}
	if err := s.audit(ctx, actor, domain.ActionResendVerification, d.Account); err != nil {
		return UserDetail{}, err
	}
	return s.User(ctx, id)
}

// SignOutEverywhere ends every session of the account.
func (s *Service) SignOutEverywhere(ctx context.Context, actor identityapi.User, id string) (UserDetail, error) {
	d, err := s.accounts.AccountDetail(ctx, id)
	if err != nil {
		return UserDetail{}, err
	}
	if _, err := s.accounts.SignOutEverywhere(ctx, id); err != nil {
		return UserDetail{}, err
	}
	if err := s.audit(ctx, actor, domain.ActionSignOutEverywhere, d.Account); err != nil {
		return UserDetail{}, err
	}
	return s.User(ctx, id)
}

// DeleteAccount deletes another account once its address was typed.
func (s *Service) DeleteAccount(ctx context.Context, actor identityapi.User, id, confirmEmail string) error {
	d, err := s.accounts.AccountDetail(ctx, id)
	if err != nil {
		return err
	}
	if err := s.accounts.DeleteAccountFor(ctx, actor.ID, id, confirmEmail); err != nil {
		return err
	}
	// The deleted account's address is not kept, like the rest of its data;
	// the line keeps its id, who deleted it and when.
	d.Email = ""
	return s.audit(ctx, actor, domain.ActionDeleteAccount, d.Account)
}
