// Package app holds the reading plans use cases, one file each. The plans
// with their progress are read from the plan progress read model
// (plan_progress.go); a write answers with its plan computed from the log
// read through readingapi.
package app

import (
	"context"
	"errors"
	"time"

	"lamplight/modules/plans/internal/domain"
	"lamplight/modules/plans/internal/store"
	"lamplight/modules/reading/readingapi"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/dates"
	"lamplight/platform/errs"
)

// MaxPlans is how many plans a reader may keep.
const MaxPlans = 50

// Errors the plans use cases answer with.
var (
	ErrPlanNotFound     = errs.NotFound("plan_not_found")
	ErrTemplateNotFound = errs.NotFound("plan_template_not_found")
	ErrTooManyPlans     = errs.New(errs.KindConflict, "plan_limit_reached")
	ErrFinished         = errs.New(errs.KindConflict, "plan_finished")
	ErrPaused           = errs.New(errs.KindConflict, "plan_paused")
	ErrNotPaused        = errs.New(errs.KindConflict, "plan_not_paused")
	ErrNoSchedule       = errs.New(errs.KindConflict, "plan_has_no_schedule")
	ErrNothingBehind    = errs.New(errs.KindConflict, "plan_nothing_behind")
	ErrNothingToUndo    = errs.New(errs.KindConflict, "plan_nothing_to_undo")
	ErrFileUnreadable   = errs.New(errs.KindInvalidRequest, "plan_file_unreadable")
)

// Service runs the plans use cases.
type Service struct {
	store    *store.Store
	log      readingapi.Reader
	settings settingsapi.Reader
	now      func() time.Time
}

// New builds the service. Times are kept to the microsecond, the precision
// both databases store.
func New(s *store.Store, log readingapi.Reader, settings settingsapi.Reader) *Service {
	return &Service{
		store: s, log: log, settings: settings,
		now: func() time.Time { return time.Now().UTC().Truncate(time.Microsecond) },
	}
}

// translate turns repository and domain errors into the API's.
func translate(err error) error {
	switch {
	case errors.Is(err, store.ErrNotFound):
		return ErrPlanNotFound
	case errors.Is(err, domain.ErrFinished):
		return ErrFinished
	case errors.Is(err, domain.ErrPaused):
		return ErrPaused
	case errors.Is(err, domain.ErrNotPaused):
		return ErrNotPaused
	case errors.Is(err, domain.ErrCyclic):
		return ErrNoSchedule
	case errors.Is(err, domain.ErrNothingToDo):
		return ErrNothingBehind
	case errors.Is(err, domain.ErrUnknownMode):
		return errs.Validation(errs.Field("mode", errs.IsInvalid))
	}
	return err
}

// today is the date asked for (a test's), or the reader's local date.
func (s *Service) today(ctx context.Context, userID, asked string) (domain.Date, error) {
	if asked == "" {
		st, err := s.settings.Get(ctx, userID)
		if err != nil {
			return 0, err
		}
		asked = dates.Today(st.TimeZone, s.now())
	}
	d, err := domain.ParseDate(asked)
	if err != nil {
		return 0, errs.Validation(errs.Field("today", errs.IsInvalid))
	}
	return d, nil
}

// DeleteUserData removes the reader's plans after the account is deleted.
func (s *Service) DeleteUserData(ctx context.Context, userID string) error {
	return s.store.DeleteUser(ctx, userID)
}
