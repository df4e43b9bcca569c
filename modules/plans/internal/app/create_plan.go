package app

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"lamplight/modules/plans/internal/domain"
	"lamplight/modules/plans/internal/store"
	"lamplight/platform/errs"
)

// MaxNameLength bounds a plan's name.
const MaxNameLength = 100

// Sources of a plan besides a template's id.
const (
	SourceGenerated = "generated"
	SourceImported  = "imported"
	SourceCustom    = "custom"
)

// CreateRequest starts a plan from one of: a template, a generator request,
// or days given by hand (with a name).
type CreateRequest struct {
	Template    string           `json:"template,omitempty"`
	Generate    *domain.Generate `json:"generate,omitempty"`
	Name        string           `json:"name,omitempty"`
	Description string           `json:"description,omitempty"`
	Days        []domain.Day     `json:"days,omitempty"`
	// StartDate defaults to today; Weekdays (ISO 1-7) to every day.
	StartDate string `json:"startDate,omitempty"`
	Weekdays  []int  `json:"weekdays,omitempty"`
}

// generatorReasons names the generator's refusals in field errors.
var generatorReasons = map[error]string{
	domain.ErrNoBooks:            "no_books",
	domain.ErrBook:               "no_such_book",
	domain.ErrLength:             "no_length",
	domain.ErrMoreDays:           "more_days_than_chapters",
	domain.ErrMoreDaysThanVerses: "more_days_than_verses",
}

// planError turns a plan's validation error into field errors.
func planError(err error) error {
	var re *domain.RangeError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, domain.ErrTooManyDays):
		return errs.Validation(errs.Field("days", errs.MaxLength, "maxlength", domain.MaxDays))
	case errors.Is(err, domain.ErrTooMany):
		return errs.Validation(errs.Field("passages", errs.MaxLength, "maxlength", domain.MaxPassages))
	case errors.Is(err, domain.ErrEmpty):
		return errs.Validation(errs.Field("days", errs.Required))
	case errors.As(err, &re) && re.Track > 0:
		return errs.Validation(errs.Field(fmt.Sprintf("tracks.%d.passages", re.Track-1), errs.IsInvalid))
	case errors.As(err, &re) && re.Passage == 0:
		return errs.Validation(errs.Field(fmt.Sprintf("days.%d.passages", re.Day-1), errs.Required))
	case errors.As(err, &re):
		return errs.Validation(errs.Field(fmt.Sprintf("days.%d.passages.%d", re.Day-1, re.Passage-1), errs.IsInvalid))
	}
	return errs.Validation(errs.Field("days", errs.IsInvalid))
}

// following validates the start and weekdays of a new plan.
func following(startDate string, weekdays []int, today domain.Date, f *errs.Fields) domain.Following {
	out := domain.Following{Start: startDate}
	if startDate == "" {
		out.Start = today.String()
	} else if _, err := domain.ParseDate(startDate); err != nil {
		f.Add("startDate", errs.IsInvalid)
	}
	w, err := domain.WeekdaysOf(weekdays...)
	if err != nil {
		f.Add("weekdays", errs.IsInvalid)
	}
	out.Weekdays = w
	return out
}

// Create starts a plan for the reader and answers it with its progress.
func (s *Service) Create(ctx context.Context, userID, today string, req CreateRequest) (PlanView, error) {
	day, err := s.today(ctx, userID, today)
	if err != nil {
		return PlanView{}, err
	}
	var f errs.Fields
	fw := following(req.StartDate, req.Weekdays, day, &f)
	sources := 0
	for _, set := range []bool{req.Template != "", req.Generate != nil, len(req.Days) > 0} {
		if set {
			sources++
		}
	}
	switch {
	case sources == 0:
		f.Add("days", errs.Required)
	case sources > 1:
		f.Add("template", errs.IsInvalid, "reason", "one_source")
	}
	name := strings.TrimSpace(req.Name)
	if utf8.RuneCountInString(name) > MaxNameLength {
		f.Add("name", errs.MaxLength, "maxlength", MaxNameLength)
	}
	if err := f.Err(); err != nil {
		return PlanView{}, err
	}
	p := store.Stored{Name: name}
	switch {
	case req.Template != "":
		t, ok := domain.TemplateByID(req.Template)
		if !ok {
			return PlanView{}, errs.Validation(errs.Field("template", errs.IsInvalid))
		}
		p.Plan, p.Source = t.Plan, t.ID
		if p.Name == "" {
			p.Name = t.Plan.Name
		}
	case req.Generate != nil:
		start, _ := domain.ParseDate(fw.Start)
		plan, err := req.Generate.Build(start, fw.Weekdays)
		if reason, ok := generatorReasons[err]; ok {
			return PlanView{}, errs.Validation(errs.Field("generate", errs.IsInvalid, "reason", reason))
		}
		if err != nil {
			return PlanView{}, planError(err)
		}
		p.Plan, p.Source = plan, SourceGenerated
	default:
		p.Plan, p.Source = domain.Plan{Description: req.Description, Days: req.Days}, SourceCustom
		if err := planError(p.Plan.Validate()); err != nil {
			return PlanView{}, err
		}
	}
	if p.Name == "" {
		return PlanView{}, errs.Validation(errs.Field("name", errs.Required))
	}
	p.Plan.Name, p.Following = p.Name, fw
	return s.insert(ctx, userID, p, day)
}

// insert saves a new plan within the reader's limit.
func (s *Service) insert(ctx context.Context, userID string, p store.Stored, day domain.Date) (PlanView, error) {
	id, err := uuid.NewV7()
	if err != nil {
		return PlanView{}, err
	}
	p.ID = id.String()
	p.CreatedAt = s.now()
	p.UpdatedAt = p.CreatedAt
	err = s.store.Transact(ctx, func(tx *store.Tx) error {
		n, err := tx.CountLocked(userID)
		if err != nil {
			return err
		}
		if n >= MaxPlans {
			return ErrTooManyPlans
		}
		if err := tx.Insert(userID, p); err != nil {
			return err
		}
		return tx.Changed(userID, p.ID)
	})
	if err != nil {
		return PlanView{}, err
	}
	return s.viewNow(ctx, userID, p, day)
}
