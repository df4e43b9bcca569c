package app

import (
	"context"

	"lamplight/modules/plans/internal/domain"
	"lamplight/modules/plans/internal/store"
)

// entries reads the reader's log from the earliest start of plans.
func (s *Service) entries(ctx context.Context, userID string, plans []store.Stored) ([]domain.Entry, error) {
	if len(plans) == 0 {
		return nil, nil
	}
	from := plans[0].Following.Start
	for _, p := range plans[1:] {
		from = min(from, p.Following.Start)
	}
	l, err := s.log.Log(ctx, userID, from)
	if err != nil {
		return nil, err
	}
	out := make([]domain.Entry, len(l.Entries))
	for i, e := range l.Entries {
		out[i] = domain.Entry{Date: e.Date, Range: e.Range()}
	}
	return out, nil
}

// List returns the reader's plans, oldest first, each with its progress as
// of today ("" for the reader's local date).
func (s *Service) List(ctx context.Context, userID, today string) ([]PlanView, error) {
	day, err := s.today(ctx, userID, today)
	if err != nil {
		return nil, err
	}
	plans, err := s.store.List(ctx, userID)
	if err != nil {
		return nil, err
	}
	es, err := s.entries(ctx, userID, plans)
	if err != nil {
		return nil, err
	}
	out := make([]PlanView, len(plans))
	for i, p := range plans {
		if out[i], err = view(p, es, day); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Get returns one of the reader's plans with its progress.
func (s *Service) Get(ctx context.Context, userID, id, today string) (PlanView, error) {
	day, err := s.today(ctx, userID, today)
	if err != nil {
		return PlanView{}, err
	}
	p, err := s.store.Get(ctx, userID, id)
	if err != nil {
		return PlanView{}, translate(err)
	}
	return s.viewOf(ctx, userID, p, day)
}

func (s *Service) viewOf(ctx context.Context, userID string, p store.Stored, day domain.Date) (PlanView, error) {
	es, err := s.entries(ctx, userID, []store.Stored{p})
	if err != nil {
		return PlanView{}, err
	}
	return view(p, es, day)
}
