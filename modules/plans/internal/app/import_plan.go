package app

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"lamplight/modules/bible"
	"lamplight/modules/plans/internal/domain"
	"lamplight/modules/plans/internal/store"
	"lamplight/platform/errs"
)

// ImportPreview is a plan file read: what the plan will be, and the lines
// that could not be read (left out of it).
type ImportPreview struct {
	Kind          string             `json:"kind"`
	Name          string             `json:"name"`
	Days          int                `json:"days"`
	Passages      int                `json:"passages"`
	MinutesPerDay int                `json:"minutesPerDay"`
	StartDate     string             `json:"startDate,omitempty"`
	Errors        []domain.LineError `json:"errors"`
	// Plan is the saved plan; absent on a dry run.
	Plan *PlanView `json:"plan,omitempty"`
}

// ImportRequest is a plan file and how to follow it.
type ImportRequest struct {
	Body []byte
	// Name replaces the file's; StartDate defaults to the file's (a CSV)
	// or today; Weekdays to the file's or every day.
	Name      string
	StartDate string
	Weekdays  []int
}

// Import reads a plan file and, unless it is a dry run, starts it.
func (s *Service) Import(ctx context.Context, userID, today string, req ImportRequest, dryRun bool) (ImportPreview, error) {
	day, err := s.today(ctx, userID, today)
	if err != nil {
		return ImportPreview{}, err
	}
	// References are read in the reader's language first.
	st, err := s.settings.Get(ctx, userID)
	if err != nil {
		return ImportPreview{}, err
	}
	loc, _ := bible.ParseLocale(st.Locale)
	im, err := domain.ReadFile(req.Body, loc)
	if errors.Is(err, domain.ErrTooLarge) {
		return ImportPreview{}, errs.PayloadTooLarge(domain.MaxFileBytes)
	}
	if err != nil {
		return ImportPreview{}, ErrFileUnreadable
	}
	if name := strings.TrimSpace(req.Name); name != "" {
		im.Plan.Name = name
	}
	if utf8.RuneCountInString(im.Plan.Name) > MaxNameLength {
		im.Plan.Name = string([]rune(im.Plan.Name)[:MaxNameLength])
	}
	pv := domain.PreviewOf(&im.Plan)
	out := ImportPreview{
		Kind: im.Kind, Name: im.Plan.Name, Days: pv.Days, Passages: pv.Passages, MinutesPerDay: pv.MinutesPerDay,
		StartDate: im.StartDate, Errors: im.Errors,
	}
	if out.Errors == nil {
		out.Errors = []domain.LineError{}
	}
	// A preview shows the refused lines even when none is left to make a
	// plan; the plan's own limits refuse it at once.
	if err := im.Plan.Validate(); err != nil && !(dryRun && errors.Is(err, domain.ErrEmpty)) {
		return ImportPreview{}, planError(err)
	}
	if dryRun {
		return out, nil
	}
	var f errs.Fields
	start := req.StartDate
	if start == "" {
		start = im.StartDate
	}
	fw := following(start, req.Weekdays, day, &f)
	if req.Weekdays == nil {
		fw.Weekdays = im.Weekdays
	}
	if im.Plan.Name == "" {
		f.Add("name", errs.Required)
	}
	if err := f.Err(); err != nil {
		return ImportPreview{}, err
	}
	v, err := s.insert(ctx, userID, store.Stored{Name: im.Plan.Name, Source: SourceImported, Plan: im.Plan, Following: fw}, day)
	if err != nil {
		return ImportPreview{}, err
	}
	out.Plan = &v
	return out, nil
}
