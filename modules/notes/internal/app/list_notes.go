package app

import (
	"context"

	"lamplight/modules/notes/internal/domain"
	"lamplight/modules/notes/notesapi"
)

// Page is one page of the reader's notes: Size counts every note matching
// the query, Limit is the page size actually used.
type Page struct {
	Offset  int             `json:"offset"`
	Limit   int             `json:"limit"`
	Size    int             `json:"size"`
	Results []notesapi.Note `json:"results"`
}

// List returns a page of the reader's notes matching the query (spec §3
// passage note query; defaults in spec §9).
func (s *Service) List(ctx context.Context, userID string, raw domain.RawQuery) (Page, error) {
	q, err := domain.ParseQuery(raw)
	if err != nil {
		return Page{}, err
	}
	notes, size, err := s.store.List(ctx, userID, q)
	if err != nil {
		return Page{}, err
	}
	return Page{Offset: q.Offset, Limit: q.Limit, Size: size, Results: notes}, nil
}
