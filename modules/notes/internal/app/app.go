// Package app holds the notes use cases, one file each.
package app

import (
	"context"
	"errors"
	"log/slog"
	"slices"
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

// checkTags answers ErrTagsInvalid unless every tag id is the reader's.
func (s *Service) checkTags(ctx context.Context, userID string, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	owned, err := s.tags.OwnedIDs(ctx, userID, ids)
	if err != nil {
		return err
	}
	if len(owned) != len(ids) {
		return ErrTagsInvalid
	}
	return nil
}

// dropDeletedTags removes from a note just written the tags deleted while
// it was written: their deletion may have detached the tag before the
// note committed, and found nothing to remove. A tag deleted after this
// check is detached by its own deletion, so no note keeps a deleted tag. The
// note is stored already, so a failed check is logged, not answered.
func (s *Service) dropDeletedTags(ctx context.Context, userID string, n *notesapi.Note) {
	if len(n.Tags) == 0 {
		return
	}
	owned, err := s.tags.OwnedIDs(ctx, userID, n.Tags)
	for _, id := range n.Tags {
		if err == nil && !slices.Contains(owned, id) {
			err = s.RemoveTag(ctx, userID, id)
		}
	}
	if err != nil {
		s.log.ErrorContext(ctx, "drop deleted tags from a written note", "note", n.ID, "err", err)
		return
	}
	n.Tags = owned
}

// DeleteUserData removes the reader's notes after the account is deleted.
func (s *Service) DeleteUserData(ctx context.Context, userID string) error {
	return s.store.DeleteUser(ctx, userID)
}
