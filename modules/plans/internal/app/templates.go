package app

import (
	"lamplight/modules/plans/internal/domain"
)

// TemplateSummary is a plan of the library as listed.
type TemplateSummary struct {
	ID            string `json:"id"`
	Name          string `json:"name"`
	Description   string `json:"description"`
	Source        string `json:"source,omitempty"`
	Days          int    `json:"days"`
	Passages      int    `json:"passages"`
	Cyclic        bool   `json:"cyclic"`
	MinutesPerDay int    `json:"minutesPerDay"`
}

// TemplateDay is one day of a template.
type TemplateDay struct {
	Day      int       `json:"day"`
	Passages []Passage `json:"passages"`
}

// TemplateDetail is a template with its days, or its tracks when cyclic.
type TemplateDetail struct {
	ID            string         `json:"id"`
	Name          string         `json:"name"`
	Description   string         `json:"description"`
	Source        string         `json:"source,omitempty"`
	Passages      int            `json:"passages"`
	Cyclic        bool           `json:"cyclic"`
	MinutesPerDay int            `json:"minutesPerDay"`
	Days          []TemplateDay  `json:"days"`
	Tracks        []domain.Track `json:"tracks,omitempty"`
}

func summary(t domain.Template) TemplateSummary {
	pv := domain.PreviewOf(&t.Plan)
	return TemplateSummary{
		ID: t.ID, Name: t.Plan.Name, Description: t.Plan.Description, Source: t.Source,
		Days: pv.Days, Passages: pv.Passages, Cyclic: t.Plan.Cyclic(), MinutesPerDay: pv.MinutesPerDay,
	}
}

// Templates lists the library.
func (s *Service) Templates() []TemplateSummary {
	lib := domain.Library()
	out := make([]TemplateSummary, len(lib))
	for i, t := range lib {
		out[i] = summary(t)
	}
	return out
}

// Template returns one template of the library with its days or tracks.
func (s *Service) Template(id string) (TemplateDetail, error) {
	t, ok := domain.TemplateByID(id)
	if !ok {
		return TemplateDetail{}, ErrTemplateNotFound
	}
	sum := summary(t)
	d := TemplateDetail{
		ID: sum.ID, Name: sum.Name, Description: sum.Description, Source: sum.Source, Passages: sum.Passages,
		Cyclic: sum.Cyclic, MinutesPerDay: sum.MinutesPerDay, Days: make([]TemplateDay, len(t.Plan.Days)), Tracks: t.Plan.Tracks,
	}
	for i, day := range t.Plan.Days {
		d.Days[i] = TemplateDay{Day: i + 1, Passages: day.Units}
	}
	return d, nil
}
