package app

import (
	"context"

	"lamplight/modules/plans/internal/domain"
	"lamplight/modules/plans/internal/store"
)

// Undo is the catch-up request that drops the last action taken.
const Undo = "undo"

// CatchUpRequest is one tap: a mode of domain.CatchUp, or Undo.
type CatchUpRequest struct {
	Mode string `json:"mode"`
}

// CatchUp takes a catch-up action on one of the reader's plans, or undoes
// the last, and answers the plan as it then stands. A dry run answers the
// same without saving, to show the effect before the reader agrees.
func (s *Service) CatchUp(ctx context.Context, userID, id, today string, req CatchUpRequest, dryRun bool) (PlanView, error) {
	day, err := s.today(ctx, userID, today)
	if err != nil {
		return PlanView{}, err
	}
	p, err := s.store.Get(ctx, userID, id)
	if err != nil {
		return PlanView{}, translate(err)
	}
	es, err := s.entries(ctx, userID, []store.Stored{p})
	if err != nil {
		return PlanView{}, err
	}
	change := func(p *store.Stored) error {
		if req.Mode == Undo {
			if len(p.Following.Adjustments) == 0 {
				return ErrNothingToUndo
			}
			p.Following = p.Following.Undo()
		} else {
			pr := domain.Complete(&p.Plan, p.Following.Start, es)
			a, err := p.Following.CatchUp(req.Mode, &p.Plan, pr, day)
			if err != nil {
				return translate(err)
			}
			p.Following = p.Following.With(a)
		}
		p.UpdatedAt = s.now()
		return nil
	}
	if dryRun {
		if err := change(&p); err != nil {
			return PlanView{}, err
		}
		return view(p, es, day)
	}
	err = s.store.Transact(ctx, func(tx *store.Tx) error {
		if p, err = tx.Update(userID, id, change); err != nil {
			return err
		}
		return tx.Changed(userID, id)
	})
	if err != nil {
		return PlanView{}, translate(err)
	}
	return view(p, es, day)
}
