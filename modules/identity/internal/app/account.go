package app

import (
	"context"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/internal/domain"
	"lamplight/platform/errs"
)

// Account returns the signed-in user's account, read fresh.
func (s *Service) Account(ctx context.Context, p Principal) (Account, error) {
	u, err := s.store.UserByID(ctx, p.User.ID)
	if isNotFound(err) {
		return Account{}, identityapi.ErrUnauthenticated
	}
	return accountOf(u), err
}

// UpdateAccount changes the preferences identity keeps; nil leaves a value.
type UpdateAccount struct {
	Locale   *string
	TimeZone *string
}

// UpdateAccount applies the values that are set.
func (s *Service) UpdateAccount(ctx context.Context, p Principal, cmd UpdateAccount) (Account, error) {
	u, err := s.store.UserByID(ctx, p.User.ID)
	if err != nil {
		return Account{}, err
	}
	var f errs.Fields
	if cmd.Locale != nil {
		if l := domain.NormalizeLocale(*cmd.Locale); l == "" {
			f.Add("locale", errs.IsInvalid)
		} else {
			u.Locale = l
		}
	}
	if cmd.TimeZone != nil {
		if !domain.ValidTimeZone(*cmd.TimeZone) {
			f.Add("timeZone", errs.IsInvalid)
		} else {
			u.TimeZone = *cmd.TimeZone
		}
	}
	if err := f.Err(); err != nil {
		return Account{}, err
	}
	u.UpdatedAt = s.now()
	if err := s.store.SaveUser(ctx, u); err != nil {
		return Account{}, err
	}
	s.forgetUser(ctx, u.ID)
	return accountOf(u), nil
}

// User implements identityapi.Directory.
func (s *Service) User(ctx context.Context, id string) (identityapi.User, error) {
	if !validUUID(id) {
		return identityapi.User{}, identityapi.ErrAccountNotFound
	}
	u, err := s.store.UserByID(ctx, id)
	if isNotFound(err) {
		return identityapi.User{}, identityapi.ErrAccountNotFound
	}
	return publicUser(u), err
}

// Admins implements identityapi.AdminContacts.
func (s *Service) Admins(ctx context.Context) ([]identityapi.User, error) {
	users, err := s.store.Admins(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]identityapi.User, len(users))
	for i, u := range users {
		out[i] = publicUser(u)
	}
	return out, nil
}

// SetLocale implements identityapi.LocaleWriter.
func (s *Service) SetLocale(ctx context.Context, id, locale string) error {
	u, err := s.User(ctx, id)
	if err != nil {
		return err
	}
	_, err = s.UpdateAccount(ctx, Principal{User: u}, UpdateAccount{Locale: &locale})
	return err
}
