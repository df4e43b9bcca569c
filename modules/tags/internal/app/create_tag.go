package app

import (
	"context"

	"github.com/google/uuid"

	"lamplight/modules/tags/internal/domain"
	"lamplight/modules/tags/internal/store"
	"lamplight/modules/tags/tagsapi"
)

// Create adds a tag; its label must be new to the reader, ignoring case.
func (s *Service) Create(ctx context.Context, userID string, d domain.Draft) (tagsapi.Tag, error) {
	v, err := d.Validate()
	if err != nil {
		return tagsapi.Tag{}, err
	}
	id, err := uuid.NewV7()
	if err != nil {
		return tagsapi.Tag{}, err
	}
	now := s.now()
	t := tagsapi.Tag{ID: id.String(), Label: v.Label, Color: v.Color, Description: v.Description, CreatedAt: now, UpdatedAt: now}
	err = s.store.Transact(ctx, func(tx *store.Tx) error {
		return tx.Insert(userID, v.Key, t)
	})
	if err != nil {
		return tagsapi.Tag{}, translate(err)
	}
	return t, nil
}
