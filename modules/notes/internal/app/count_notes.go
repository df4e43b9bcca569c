package app

import (
	"context"
	"strconv"

	"lamplight/platform/errs"
)

// CountByBook groups note counts by book, the only grouping for now.
const CountByBook = "book"

// Counts returns how many of the reader's notes touch each book, keyed by
// book number as text ({"1": 3, "43": 7}); a note counts once per book it
// has a passage in, and books without notes are absent.
func (s *Service) Counts(ctx context.Context, userID, by string) (map[string]int, error) {
	if by != "" && by != CountByBook {
		return nil, errs.Validation(errs.Field("by", errs.IsInvalid))
	}
	perBook, err := s.store.CountsByBook(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make(map[string]int, len(perBook))
	for book, n := range perBook {
		out[strconv.Itoa(book)] = n
	}
	return out, nil
}
