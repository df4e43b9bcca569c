package app

import (
	"context"

	"lamplight/modules/tags/internal/domain"
	"lamplight/modules/tags/internal/store"
	"lamplight/modules/tags/tagsapi"
)

// Update replaces a tag's label, colour and description (an empty
// description clears it); an invalid draft never reaches the database.
func (s *Service) Update(ctx context.Context, userID, id string, d domain.Draft) (tagsapi.Tag, error) {
	if !domain.PlausibleID(id) {
		return tagsapi.Tag{}, ErrTagNotFound
	}
	v, err := d.Validate()
	if err != nil {
		return tagsapi.Tag{}, err
	}
	var updated tagsapi.Tag
	err = s.store.Transact(ctx, func(tx *store.Tx) error {
		var err error
		updated, err = tx.Update(userID, id, func(t *tagsapi.Tag) (string, error) {
			t.Label, t.Color, t.Description, t.UpdatedAt = v.Label, v.Color, v.Description, s.now()
			return v.Key, nil
		})
		return err
	})
	if err != nil {
		return tagsapi.Tag{}, translate(err)
	}
	return updated, nil
}
