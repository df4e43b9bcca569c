// Package app holds the admin use cases: the users list and a user's
// detail, the actions on an account (each written to the audit log), the
// users report and the engagement report. Accounts are identity's
// (identityapi.Accounts), counts come from the modules owning the rows
// (platform/census) and engagement from its projection: the admin module
// reads no other module's tables and never sees what a reader wrote.
package app

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"lamplight/modules/admin/adminapi"
	"lamplight/modules/admin/internal/store"
	"lamplight/modules/identity/identityapi"
	"lamplight/platform/audit"
	"lamplight/platform/census"
	"lamplight/platform/uow"
)

// Service runs the admin use cases.
type Service struct {
	accounts   identityapi.Accounts
	directory  identityapi.Directory
	census     *census.Census
	engagement adminapi.EngagementReader
	store      *store.Store
	log        *slog.Logger
	now        func() time.Time
}

// New builds the service.
func New(a identityapi.Accounts, d identityapi.Directory, c *census.Census, e adminapi.EngagementReader, s *store.Store, log *slog.Logger) *Service {
	return &Service{accounts: a, directory: d, census: c, engagement: e, store: s, log: log, now: time.Now}
}

// count answers the counts of kind for ids (every reader when nil); zero
// when no module counts that kind.
func (s *Service) count(ctx context.Context, kind string, ids []string) (map[string]int, error) {
	return s.census.Count(ctx, kind, ids)
}

// audit records an action an admin took on an account.
func (s *Service) audit(ctx context.Context, actor identityapi.User, action string, target identityapi.Account) error {
	return s.store.Add(ctx, s.entry(audit.Line{
		ActorID: actor.ID, ActorEmail: actor.Email, Action: action, TargetID: target.ID, TargetEmail: target.Email,
	}))
}

// Record implements audit.Log.
func (s *Service) Record(tx *uow.Tx, line audit.Line) error {
	return store.AddIn(tx.DB(), s.entry(line))
}

func (s *Service) entry(l audit.Line) store.Entry {
	return store.Entry{
		ID: uuid.Must(uuid.NewV7()).String(), At: s.now().UTC().Truncate(time.Microsecond),
		ActorID: l.ActorID, ActorEmail: l.ActorEmail, Action: l.Action, TargetID: l.TargetID, TargetEmail: l.TargetEmail,
	}
}

// ForgetAddress blanks a deleted account's address in the audit log.
func (s *Service) ForgetAddress(ctx context.Context, userID string) error {
	return s.store.ForgetAddress(ctx, userID)
}
