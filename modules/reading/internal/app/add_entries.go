package app

import (
	"context"
	"strconv"

	"github.com/google/uuid"

	"lamplight/modules/reading/internal/domain"
	"lamplight/modules/reading/internal/store"
	"lamplight/modules/reading/readingapi"
	"lamplight/platform/errs"
)

// MaxBatch bounds one batch request (keyboard logging, imports).
const MaxBatch = 1000

// Add logs one entry.
func (s *Service) Add(ctx context.Context, userID string, d domain.Draft) (readingapi.Entry, error) {
	var f errs.Fields
	d.Validate("", &f)
	if err := f.Err(); err != nil {
		return readingapi.Entry{}, err
	}
	out, err := s.addAll(ctx, userID, []domain.Draft{d})
	if err != nil {
		return readingapi.Entry{}, err
	}
	return out[0], nil
}

// AddBatch logs several entries in one transaction: all or none.
func (s *Service) AddBatch(ctx context.Context, userID string, drafts []domain.Draft) ([]readingapi.Entry, error) {
	var f errs.Fields
	switch {
	case len(drafts) == 0:
		f.Add("entries", errs.Required)
	case len(drafts) > MaxBatch:
		f.Add("entries", errs.Review, "max", MaxBatch)
	}
	for i, d := range drafts {
		d.Validate("entries."+strconv.Itoa(i)+".", &f)
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	return s.addAll(ctx, userID, drafts)
}

func (s *Service) addAll(ctx context.Context, userID string, drafts []domain.Draft) ([]readingapi.Entry, error) {
	now := s.now()
	out := make([]readingapi.Entry, len(drafts))
	changed := make([]string, len(drafts))
	for i, d := range drafts {
		id, err := uuid.NewV7()
		if err != nil {
			return nil, err
		}
		r := d.Range()
		out[i] = readingapi.Entry{ID: id.String(), Date: d.Date, Start: r.Start, End: r.End, CreatedAt: now, UpdatedAt: now}
		changed[i] = d.Date
	}
	err := s.write(ctx, userID, readingapi.OpCreated, func(t *store.Tx) ([]string, error) {
		return changed, t.Insert(out...)
	})
	return out, err
}
