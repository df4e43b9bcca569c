package app

import (
	"github.com/google/uuid"

	"lamplight/modules/tags/internal/domain"
	"lamplight/modules/tags/internal/store"
	"lamplight/modules/tags/tagsapi"
	"lamplight/platform/uow"
)

// ImportTags implements tagsapi.Importer.
func (s *Service) ImportTags(u *uow.Tx, userID string, tags []tagsapi.Tag) ([]string, []bool, error) {
	tx := store.Join(u)
	ids, added := make([]string, len(tags)), make([]bool, len(tags))
	now := s.now()
	for i, t := range tags {
		v, err := domain.Draft{Label: t.Label, Color: t.Color, Description: t.Description}.Validate()
		if err != nil {
			continue
		}
		id, err := tx.IDByKey(userID, v.Key)
		if err != nil {
			return nil, nil, err
		}
		if id != "" {
			ids[i] = id
			continue
		}
		nid, err := uuid.NewV7()
		if err != nil {
			return nil, nil, err
		}
		created, updated := t.CreatedAt, t.UpdatedAt
		if created.IsZero() {
			created = now
		}
		if updated.IsZero() {
			updated = created
		}
		n := tagsapi.Tag{ID: nid.String(), Label: v.Label, Color: v.Color, Description: v.Description, CreatedAt: created, UpdatedAt: updated}
		if err := tx.Insert(userID, v.Key, n); err != nil {
			return nil, nil, err
		}
		ids[i], added[i] = n.ID, true
	}
	return ids, added, nil
}
