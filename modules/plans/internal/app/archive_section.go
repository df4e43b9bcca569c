package app

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"lamplight/modules/plans/internal/domain"
	"lamplight/modules/plans/internal/store"
	"lamplight/platform/archive"
	"lamplight/platform/errs"
	"lamplight/platform/uow"
)

// ArchiveSection is the name of the plans' section of the export archive.
const ArchiveSection = "plans"

// archiveVersion is the layout of the section; a restore reads it only.
const archiveVersion = 1

// maxAdjustments bounds a restored plan's catch-up actions, far beyond a
// reader's taps, so that a forged file cannot make every read slow.
const maxAdjustments = 1000

// ArchivedPlan is one plan in the archive: a template's plan by its id
// (source), any other with its days; and how the reader follows it.
type ArchivedPlan struct {
	Name        string              `json:"name"`
	Source      string              `json:"source"`
	Description string              `json:"description,omitempty"`
	Days        []domain.Day        `json:"days,omitempty"`
	StartDate   string              `json:"startDate"`
	Weekdays    []int               `json:"weekdays"`
	Adjustments []domain.Adjustment `json:"adjustments"`
	CreatedAt   time.Time           `json:"createdAt"`
	UpdatedAt   time.Time           `json:"updatedAt"`
}

// ArchivedPlans is the section.
type ArchivedPlans struct {
	Version int            `json:"version"`
	Plans   []ArchivedPlan `json:"plans"`
}

// ExportArchive answers the reader's plans for the archive, oldest first.
func (s *Service) ExportArchive(ctx context.Context, userID string) (any, error) {
	plans, err := s.store.List(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := ArchivedPlans{Version: archiveVersion, Plans: make([]ArchivedPlan, len(plans))}
	for i, p := range plans {
		a := ArchivedPlan{
			Name: p.Name, Source: p.Source, StartDate: p.Following.Start, Weekdays: p.Following.Weekdays.List(),
			Adjustments: p.Following.Adjustments, CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt,
		}
		if a.Adjustments == nil {
			a.Adjustments = []domain.Adjustment{}
		}
		if _, ok := domain.TemplateByID(p.Source); !ok {
			a.Description, a.Days = p.Plan.Description, p.Plan.Days
		}
		out.Plans[i] = a
	}
	return out, nil
}

// CheckArchive reads the section and counts the plans a restore would add
// and those the reader has already, writing nothing.
func (s *Service) CheckArchive(ctx context.Context, userID string, raw json.RawMessage) (archive.Counts, error) {
	plans, err := readSection(raw)
	if err != nil {
		return archive.Counts{}, err
	}
	have, err := s.store.List(ctx, userID)
	if err != nil {
		return archive.Counts{}, err
	}
	_, c, err := newPlans(plans, have)
	return c, err
}

// RestoreArchive adds the section's plans the reader does not have yet
// (the same source, name and creation time), with their following state,
// in the import's unit of work; past the reader's limit nothing is added.
func (s *Service) RestoreArchive(_ context.Context, u *uow.Tx, userID string, raw json.RawMessage) (archive.Counts, error) {
	plans, err := readSection(raw)
	if err != nil {
		return archive.Counts{}, err
	}
	tx := s.store.In(u)
	if _, err := tx.CountLocked(userID); err != nil {
		return archive.Counts{}, err
	}
	have, err := tx.List(userID)
	if err != nil {
		return archive.Counts{}, err
	}
	add, c, err := newPlans(plans, have)
	if err != nil {
		return archive.Counts{}, err
	}
	for _, p := range add {
		if err := tx.Insert(userID, p); err != nil {
			return archive.Counts{}, err
		}
	}
	if len(add) > 0 {
		if err := tx.Changed(userID, ""); err != nil {
			return archive.Counts{}, err
		}
	}
	return c, nil
}

// newPlans answers the plans not among have, within the reader's limit.
func newPlans(plans []store.Stored, have []store.Stored) ([]store.Stored, archive.Counts, error) {
	key := func(p store.Stored) string {
		return p.Source + "\x00" + p.Name + "\x00" + p.CreatedAt.Format(time.RFC3339Nano)
	}
	seen := map[string]bool{}
	for _, p := range have {
		seen[key(p)] = true
	}
	var (
		add []store.Stored
		c   archive.Counts
	)
	for _, p := range plans {
		if seen[key(p)] {
			c.Existing++
			continue
		}
		seen[key(p)] = true
		add = append(add, p)
		c.New++
	}
	if len(have)+len(add) > MaxPlans {
		return nil, archive.Counts{}, ErrTooManyPlans
	}
	return add, c, nil
}

// readSection decodes and checks the section: a plan it refuses names its
// field (plans.3.startDate), and the whole section is refused.
func readSection(raw json.RawMessage) ([]store.Stored, error) {
	var sec ArchivedPlans
	if err := json.Unmarshal(raw, &sec); err != nil {
		return nil, errs.Validation(errs.Field(ArchiveSection, errs.IsInvalid))
	}
	if sec.Version != archiveVersion {
		return nil, errs.Validation(errs.Field(ArchiveSection+".version", errs.IsInvalid))
	}
	out := make([]store.Stored, len(sec.Plans))
	for i, a := range sec.Plans {
		p, err := restored(a)
		if err != nil {
			return nil, prefixed(err, fmt.Sprintf("%s.%d.", ArchiveSection, i))
		}
		id, err := uuid.NewV7()
		if err != nil {
			return nil, err
		}
		p.ID = id.String()
		out[i] = p
	}
	return out, nil
}

// restored is an archived plan as stored, or the field errors that refuse it.
func restored(a ArchivedPlan) (store.Stored, error) {
	var f errs.Fields
	name := strings.TrimSpace(a.Name)
	switch {
	case name == "":
		f.Add("name", errs.Required)
	case utf8.RuneCountInString(name) > MaxNameLength:
		f.Add("name", errs.MaxLength, "maxlength", MaxNameLength)
	}
	p := store.Stored{Name: name, Source: a.Source, CreatedAt: a.CreatedAt.UTC(), UpdatedAt: a.UpdatedAt.UTC()}
	if t, ok := domain.TemplateByID(a.Source); ok {
		p.Plan = t.Plan
	} else {
		switch a.Source {
		case SourceGenerated, SourceImported, SourceCustom:
		default:
			f.Add("source", errs.IsInvalid)
			return store.Stored{}, f.Err()
		}
		p.Plan = domain.Plan{Description: a.Description, Days: a.Days}
		if err := planError(p.Plan.Validate()); err != nil {
			return store.Stored{}, err
		}
	}
	p.Plan.Name = name
	if _, err := domain.ParseDate(a.StartDate); err != nil {
		f.Add("startDate", errs.IsInvalid)
	}
	w, err := domain.WeekdaysOf(a.Weekdays...)
	if err != nil {
		f.Add("weekdays", errs.IsInvalid)
	}
	if err := f.Err(); err != nil {
		return store.Stored{}, err
	}
	if err := checkAdjustments(&p.Plan, a.Adjustments); err != nil {
		return store.Stored{}, err
	}
	p.Following = domain.Following{Start: a.StartDate, Weekdays: w, Adjustments: a.Adjustments}
	if len(p.Following.Adjustments) == 0 {
		p.Following.Adjustments = nil
	}
	return p, nil
}

// checkAdjustments refuses catch-up actions no tap could have made: an
// unknown mode or date, a day or unit beyond the plan, too many of them.
func checkAdjustments(p *domain.Plan, as []domain.Adjustment) error {
	if len(as) > maxAdjustments || len(as) > 0 && p.Cyclic() {
		return errs.Validation(errs.Field("adjustments", errs.IsInvalid))
	}
	units := p.UnitCount()
	for i, a := range as {
		bad := false
		if _, err := domain.ParseDate(a.On); err != nil {
			bad = true
		}
		switch a.Mode {
		case domain.Shift:
			bad = bad || a.FromDay < 1 || a.FromDay > len(p.Days)
		case domain.Rebalance, domain.Spread, domain.Extend:
			bad = bad || len(a.Slots) > domain.MaxDays+domain.MaxPassages
			for _, slot := range a.Slots {
				for _, u := range slot {
					bad = bad || u < 0 || u >= units
				}
			}
		case domain.Pause, domain.Resume:
		default:
			bad = true
		}
		if bad {
			return errs.Validation(errs.Field(fmt.Sprintf("adjustments.%d", i), errs.IsInvalid))
		}
	}
	return nil
}

// prefixed names a validation error's fields inside the section.
func prefixed(err error, prefix string) error {
	e, ok := errs.As(err)
	if !ok || e.Kind != errs.KindValidation {
		return err
	}
	out := make([]errs.Detail, len(e.Details))
	for i, d := range e.Details {
		d.Field = prefix + d.Field
		out[i] = d
	}
	return errs.Validation(out...)
}
