package app

import (
	"lamplight/modules/notes/internal/store"
	"lamplight/modules/notes/notesapi"
	"lamplight/platform/uow"
)

// TagDetacher implements tagsapi.Detacher: the tag's deletion takes it off
// the notes in its own unit of work. It needs nothing of the Service,
// which depends on the tags module.
type TagDetacher struct{}

// DetachTag implements tagsapi.Detacher.
func (TagDetacher) DetachTag(u *uow.Tx, userID, tagID string) error {
	return removeTag(store.Join(u), userID, tagID)
}

// removeTag drops the tag from the reader's notes. Each note that carried
// it is changed, so NoteChanged is recorded for it; its updatedAt stays,
// as the reader did not edit it.
func removeTag(tx *store.Tx, userID, tagID string) error {
	ids, err := tx.RemoveTag(userID, tagID)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := tx.Record(notesapi.NoteChanged{UserID: userID, NoteID: id, Op: notesapi.OpUpdated}); err != nil {
			return err
		}
	}
	return nil
}
