package domain

import (
	"errors"
	"math"

	"lamplight/modules/bible"
)

// Reading speed for the minutes-a-day preview: about 238 words a minute,
// over the Bible's average of about 25 words a verse (783,137 words of the
// standard English text in 31,102 verses).
const (
	WordsPerMinute = 238
	WordsPerVerse  = 783137.0 / bible.TotalVerses
)

// Minutes is about how long reading n verses takes.
func Minutes(verses int) int {
	return int(math.Round(float64(verses) * WordsPerVerse / WordsPerMinute))
}

// Generate describes a plan to build: what to read and over how long.
type Generate struct {
	Name string `json:"name"`
	// Books are book ids (1-66), read in the order given; or Scope
	// ("bible", "ot", "nt") when Books is empty.
	Books []int  `json:"books,omitempty"`
	Scope string `json:"scope,omitempty"`
	// Days, or EndDate (YYYY-MM-DD): the plan then has one day for each
	// active date from the start to the end.
	Days    int    `json:"days,omitempty"`
	EndDate string `json:"endDate,omitempty"`
	// SplitChapters cuts at verses for equal days instead of at chapter ends.
	SplitChapters bool `json:"splitChapters,omitempty"`
}

// Generator errors.
var (
	ErrNoBooks            = errors.New("choose books or a testament")
	ErrBook               = errors.New("books are 1 (Genesis) to 66 (Revelation)")
	ErrLength             = errors.New("give a number of days or an end date after the start")
	ErrMoreDays           = errors.New("more days than chapters: split chapters or choose fewer days")
	ErrMoreDaysThanVerses = errors.New("more days than verses")
)

// Preview is what a generated or imported plan will ask of the reader.
type Preview struct {
	Days          int `json:"days"`
	Passages      int `json:"passages"`
	VersesPerDay  int `json:"versesPerDay"`
	MinutesPerDay int `json:"minutesPerDay"`
}

// PreviewOf sums up a day plan (a cyclic plan: one unit of every track).
func PreviewOf(p *Plan) Preview {
	pv := Preview{Days: len(p.Days), Passages: p.UnitCount()}
	verses := 0
	for _, d := range p.Days {
		verses += Weight(d.Units)
	}
	if pv.Days > 0 {
		pv.VersesPerDay = int(math.Round(float64(verses) / float64(pv.Days)))
	}
	for _, t := range p.Tracks {
		pv.VersesPerDay += int(math.Round(float64(Weight(t.Units)) / float64(len(t.Units))))
	}
	pv.MinutesPerDay = Minutes(pv.VersesPerDay)
	return pv
}

// Build makes the plan: the chosen books' chapters cut into days of about
// equal verse count. start and weekdays turn an end date into days.
func (g Generate) Build(start Date, weekdays Weekdays) (Plan, error) {
	var books []bible.Range
	switch {
	case len(g.Books) > 0:
		for _, id := range g.Books {
			r, ok := bible.WholeBook(id)
			if !ok {
				return Plan{}, ErrBook
			}
			books = append(books, r)
		}
	case g.Scope == "bible":
		books = wholeBible
	case g.Scope == "ot":
		books = oldTestament
	case g.Scope == "nt":
		books = newTestament
	default:
		return Plan{}, ErrNoBooks
	}
	days := g.Days
	if g.EndDate != "" {
		end, err := ParseDate(g.EndDate)
		if err != nil || end < start {
			return Plan{}, ErrLength
		}
		days = calendar{weekdays: weekdays}.count(start, end)
	}
	units := chapters(books)
	switch {
	case days < 1:
		return Plan{}, ErrLength
	case days > MaxDays:
		return Plan{}, ErrTooManyDays
	case g.SplitChapters && days > Weight(books):
		return Plan{}, ErrMoreDaysThanVerses
	case !g.SplitChapters && days > len(units):
		return Plan{}, ErrMoreDays
	}
	p := Plan{Name: g.Name}
	if g.SplitChapters {
		p.Days = versesOf(units, days)
	} else {
		p.Days = daysOf(units, days)
	}
	return p, p.Validate()
}
