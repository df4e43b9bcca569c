package app

import (
	"context"

	"lamplight/modules/sharing/internal/store"
	"lamplight/modules/sharing/sharingapi"
	"lamplight/platform/uow"
)

// Links implements sharingapi.Links.
func (s *Service) Links(ctx context.Context, userID string) ([]sharingapi.Link, error) {
	links, err := s.store.OfUser(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make([]sharingapi.Link, len(links))
	for i, l := range links {
		out[i] = sharingapi.Link{Kind: l.Kind, ReadNext: l.ReadNext}
	}
	return out, nil
}

// RestoreLinks implements sharingapi.Links: each link gets a new secret
// address, which the reader sees on the sharing page, as an old address
// belongs to the account it was made for.
func (s *Service) RestoreLinks(tx *uow.Tx, userID string, links []sharingapi.Link) error {
	for _, l := range links {
		if l.Kind != sharingapi.KindCalendarFeed && l.Kind != sharingapi.KindProgressLink {
			continue
		}
		row, _ := s.newLink(userID, l.Kind, l.ReadNext)
		if err := store.ReplaceIn(tx, row); err != nil {
			return err
		}
	}
	return nil
}
