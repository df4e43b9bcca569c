package app

import (
	"context"
	"slices"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/internal/domain"
	"lamplight/modules/identity/internal/store"
)

// The use cases below are what identityapi.Accounts publishes to the admin
// module: it composes them with the other modules' counts and keeps the
// audit log; identity keeps its rules (the last admin, confirmation).

func accountView(u store.User) identityapi.Account {
	var methods []string
	if u.PasswordHash != "" {
		methods = append(methods, identityapi.MethodPassword)
	}
	if u.GoogleSubject != "" {
		methods = append(methods, identityapi.MethodGoogle)
	}
	if methods == nil {
		methods = []string{}
	}
	a := identityapi.Account{ID: u.ID, Email: u.Email, EmailVerified: u.EmailVerified, IsAdmin: u.IsAdmin,
		CreatedAt: u.CreatedAt, SignInMethods: methods}
	if u.LastSeenAt != nil {
		t := u.LastSeenAt.UTC()
		a.LastActiveAt = &t
	}
	return a
}

func accountViews(us []store.User) []identityapi.Account {
	out := make([]identityapi.Account, len(us))
	for i, u := range us {
		out[i] = accountView(u)
	}
	return out
}

// userByID reads an account, ErrAccountNotFound for an unknown or
// malformed id.
func (s *Service) userByID(ctx context.Context, id string) (store.User, error) {
	if !validUUID(id) {
		return store.User{}, identityapi.ErrAccountNotFound
	}
	u, err := s.store.UserByID(ctx, id)
	if isNotFound(err) {
		return store.User{}, identityapi.ErrAccountNotFound
	}
	return u, err
}

// SearchAccounts implements identityapi.Accounts.
func (s *Service) SearchAccounts(ctx context.Context, q identityapi.AccountQuery) (int, []identityapi.Account, error) {
	total, us, err := s.store.SearchUsers(ctx, q.Search, store.AccountOrder(q.Sort), q.Limit, q.Offset)
	return total, accountViews(us), err
}

// MatchingAccounts implements identityapi.Accounts.
func (s *Service) MatchingAccounts(ctx context.Context, search string) ([]identityapi.Account, error) {
	us, err := s.store.MatchingUsers(ctx, search)
	return accountViews(us), err
}

// AccountDetail implements identityapi.Accounts.
func (s *Service) AccountDetail(ctx context.Context, id string) (identityapi.AccountDetail, error) {
	u, err := s.userByID(ctx, id)
	if err != nil {
		return identityapi.AccountDetail{}, err
	}
	n, err := s.store.CountSessions(ctx, id)
	return identityapi.AccountDetail{Account: accountView(u), Sessions: n}, err
}

// SetAdminFlag implements identityapi.Accounts. The admins are read locked
// in the transaction that changes the flag, so two admins revoking each
// other concurrently cannot leave none.
func (s *Service) SetAdminFlag(ctx context.Context, id string, admin bool) (identityapi.Account, error) {
	if _, err := s.userByID(ctx, id); err != nil {
		return identityapi.Account{}, err
	}
	var u store.User
	err := s.store.Transact(ctx, func(tx *store.Tx) error {
		admins, err := tx.LockedAdmins(ctx)
		if err != nil {
			return err
		}
		if !admin && len(admins) == 1 && slices.Contains(admins, id) {
			return identityapi.ErrLastAdmin
		}
		u, err = tx.SetAdminByID(ctx, id, admin, s.now())
		return err
	})
	if isNotFound(err) {
		return identityapi.Account{}, identityapi.ErrAccountNotFound
	}
	if err != nil {
		return identityapi.Account{}, err
	}
	s.forgetUser(ctx, id)
	return accountView(u), nil
}

// SendVerification implements identityapi.Accounts. Unlike the reader's
// resend it skips the cooldown: an admin asks on the reader's behalf.
func (s *Service) SendVerification(ctx context.Context, id, siteURL string) error {
	u, err := s.userByID(ctx, id)
	if err != nil {
		return err
	}
	if u.EmailVerified {
		return identityapi.ErrAlreadyVerified
	}
	return s.store.Transact(ctx, func(tx *store.Tx) error { return s.issueVerification(ctx, tx, u, siteURL) })
}

// SignOutEverywhere implements identityapi.Accounts.
func (s *Service) SignOutEverywhere(ctx context.Context, id string) (int, error) {
	if _, err := s.userByID(ctx, id); err != nil {
		return 0, err
	}
	hashes, err := s.store.DeleteSessions(ctx, id, "", "")
	if err != nil {
		return 0, err
	}
	s.forget(ctx, hashes)
	return len(hashes), nil
}

// DeleteAccountFor implements identityapi.Accounts.
func (s *Service) DeleteAccountFor(ctx context.Context, adminID, id, confirmEmail string) error {
	if adminID == id {
		return identityapi.ErrOwnAccount
	}
	u, err := s.userByID(ctx, id)
	if err != nil {
		return err
	}
	if domain.NormalizeEmail(confirmEmail) != u.Email {
		return identityapi.ErrConfirmEmailWrong
	}
	return s.deleteUser(ctx, u)
}
