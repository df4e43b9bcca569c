// Package app holds the notes use cases, one file each.
package app

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"lamplight/modules/notes/internal/store"
	"lamplight/modules/notes/notesapi"
	"lamplight/modules/tags/tagsapi"
	"lamplight/platform/errs"
	"lamplight/platform/outbox"
)

// Errors the notes use cases answer with.
var (
	// ErrNoteNotFound is the answer for a missing note or another reader's.
	ErrNoteNotFound = errs.NotFound("notes.note_not_found")
	// ErrTagsInvalid is a tag id that is not one of the reader's tags.
	ErrTagsInvalid = errs.Validation(errs.Field("tags", errs.IsInvalid))
)

// Service runs the notes use cases.
type Service struct {
	store  *store.Store
	outbox *outbox.Outbox
	tags   tagsapi.Owner
	now    func() time.Time
}

// New builds the service. Times are kept to the microsecond, the precision
// both databases store, so a written note reads back unchanged.
func New(s *store.Store, o *outbox.Outbox, tags tagsapi.Owner) *Service {
	return &Service{store: s, outbox: o, tags: tags, now: func() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }}
}

// write runs fn in one transaction and records NoteChanged for the note.
func (s *Service) write(ctx context.Context, userID, noteID, op string, fn func(tx *gorm.DB, st *store.Store) error) error {
	err := s.outbox.Transact(ctx, func(tx *gorm.DB) error {
		if err := fn(tx, s.store.With(tx)); err != nil {
			return err
		}
		return outbox.Record(tx, notesapi.NoteChanged{UserID: userID, NoteID: noteID, Op: op})
	})
	if errors.Is(err, store.ErrNotFound) {
		return ErrNoteNotFound
	}
	return err
}

// lockTags checks in tx that every tag id is the reader's and keeps those
// tags from being deleted until tx ends, so a note never keeps a tag that
// was deleted while it was being written.
func (s *Service) lockTags(tx *gorm.DB, userID string, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	owned, err := s.tags.LockOwned(tx, userID, ids)
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
