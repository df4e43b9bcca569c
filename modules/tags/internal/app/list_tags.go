package app

import (
	"context"

	"lamplight/modules/tags/internal/domain"
	"lamplight/modules/tags/tagsapi"
)

// Listed is a tag in the reader's list, with the number of notes carrying it.
type Listed struct {
	tagsapi.Tag
	NoteCount int `json:"noteCount"`
}

// List returns the reader's tags ordered by label, ignoring case, each with
// its note count.
func (s *Service) List(ctx context.Context, userID string) ([]Listed, error) {
	tags, err := s.store.List(ctx, userID)
	if err != nil {
		return nil, err
	}
	var counts map[string]int
	if s.counter != nil && len(tags) > 0 {
		if counts, err = s.counter.NotesPerTag(ctx, userID); err != nil {
			return nil, err
		}
	}
	out := make([]Listed, len(tags))
	for i, t := range tags {
		out[i] = Listed{Tag: t, NoteCount: counts[t.ID]}
	}
	return out, nil
}

// Get returns one of the reader's tags.
func (s *Service) Get(ctx context.Context, userID, id string) (tagsapi.Tag, error) {
	if !domain.PlausibleID(id) {
		return tagsapi.Tag{}, ErrTagNotFound
	}
	t, err := s.store.Get(ctx, userID, id)
	return t, translate(err)
}
