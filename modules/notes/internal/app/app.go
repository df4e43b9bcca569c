// Package app holds the notes use cases, one file each.
package app

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"lamplight/modules/notes/internal/store"
	"lamplight/modules/notes/notesapi"
	"lamplight/modules/tags/tagsapi"
	"lamplight/platform/errs"
)

// Errors the notes use cases answer with.
var (
	// ErrNoteNotFound is the answer for a missing note or another reader's.
	ErrNoteNotFound = errs.NotFound("note_not_found")
	// ErrTagsInvalid is a tag id that is not one of the reader's tags.
	ErrTagsInvalid = errs.Validation(errs.Field("tags", errs.IsInvalid))
)

// Service runs the notes use cases.
type Service struct {
	store *store.Store
	tags  tagsapi.Owner
	log   *slog.Logger
	now   func() time.Time
}

// New builds the service. Times are kept to the microsecond, the precision
// both databases store, so a written note reads back unchanged.
func New(s *store.Store, tags tagsapi.Owner, log *slog.Logger) *Service {
	return &Service{store: s, tags: tags, log: log, now: func() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }}
}

// write runs fn in one unit of work and records ev, the note's NoteChanged.
func (s *Service) write(ctx context.Context, ev notesapi.NoteChanged, fn func(tx *store.Tx) error) error {
	err := s.store.Transact(ctx, func(tx *store.Tx) error {
		if err := fn(tx); err != nil {
			return err
		}
		return tx.Record(ev)
	})
	if errors.Is(err, store.ErrNotFound) {
		return ErrNoteNotFound
	}
	return err
}

// holdTags answers ErrTagsInvalid unless every tag id is the reader's, and
// holds those tags until tx ends: a deletion of one waits for this write
// and then takes the tag off the note it wrote.
func (s *Service) holdTags(tx *store.Tx, userID string, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	owned, err := s.tags.HoldOwned(tx.Tx, userID, ids)
	if err != nil {
		return err
	}
	if len(owned) != len(ids) {
		return ErrTagsInvalid
	}
	return nil
}

// DeleteUserData removes the reader's notes after the account is deleted.
func (s *Service) DeleteUserData(ctx context.Context, userID string) error {
	return s.store.DeleteUser(ctx, userID)
}
