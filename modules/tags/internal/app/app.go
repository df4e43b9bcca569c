// Package app holds the tags use cases, one file each.
package app

import (
	"context"
	"errors"
	"time"

	"lamplight/modules/tags/internal/store"
	"lamplight/modules/tags/tagsapi"
	"lamplight/platform/errs"
)

// Errors the tags use cases answer with.
var (
	// ErrTagNotFound is the answer for a missing tag or another reader's.
	ErrTagNotFound = errs.NotFound("tag_not_found")
	// ErrLabelTaken is a label the reader already uses, ignoring case.
	ErrLabelTaken = errs.Validation(errs.Field("label", errs.Unique))
)

// Service runs the tags use cases.
type Service struct {
	store   *store.Store
	counter tagsapi.NoteCounter
	detach  tagsapi.Detacher
	now     func() time.Time
}

// New builds the service; counter (may be nil) supplies each tag's note
// count, detach (may be nil) takes a deleted tag off the notes. Times are
// kept to the microsecond, the precision both databases store.
func New(s *store.Store, counter tagsapi.NoteCounter, detach tagsapi.Detacher) *Service {
	return &Service{
		store: s, counter: counter, detach: detach,
		now: func() time.Time { return time.Now().UTC().Truncate(time.Microsecond) },
	}
}

// translate turns repository errors into the API's.
func translate(err error) error {
	switch {
	case errors.Is(err, store.ErrNotFound):
		return ErrTagNotFound
	case errors.Is(err, store.ErrLabelTaken):
		return ErrLabelTaken
	}
	return err
}

// DeleteUserData removes the reader's tags after the account is deleted.
func (s *Service) DeleteUserData(ctx context.Context, userID string) error {
	return s.store.DeleteUser(ctx, userID)
}
