package app

import (
	"context"

	"lamplight/modules/feedback/feedbackapi"
	"lamplight/modules/feedback/internal/domain"
)

// Page is one page of the admin list, with the number of messages in each
// status for the tabs.
type Page struct {
	Items  []feedbackapi.Feedback `json:"items"`
	Total  int                    `json:"total"`
	Limit  int                    `json:"limit"`
	Offset int                    `json:"offset"`
	Counts map[string]int         `json:"counts"`
}

// List returns the messages with one status, newest first.
func (s *Service) List(ctx context.Context, raw domain.RawQuery) (Page, error) {
	q, err := domain.ParseQuery(raw)
	if err != nil {
		return Page{}, err
	}
	counts, err := s.store.Counts(ctx)
	if err != nil {
		return Page{}, err
	}
	items, err := s.store.List(ctx, q.Status, q.Limit, q.Offset)
	if err != nil {
		return Page{}, err
	}
	p := Page{Items: items, Total: counts[q.Status], Limit: q.Limit, Offset: q.Offset, Counts: map[string]int{}}
	for _, st := range feedbackapi.Statuses {
		p.Counts[st] = counts[st]
	}
	return p, nil
}
