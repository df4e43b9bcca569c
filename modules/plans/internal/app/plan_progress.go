package app

import (
	"sort"
	"sync"

	"lamplight/modules/bible"
	"lamplight/modules/plans/internal/domain"
	"lamplight/modules/plans/internal/store"
	"lamplight/modules/plans/plansapi"
	"lamplight/modules/readmodels/readmodelsapi"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/dates"
	"lamplight/platform/errs"
)

// ProgressName is the plan progress read model's name (its cache key is
// proj:planprogress:<user>).
const ProgressName = "planprogress"

// Progress is the plan progress read model's value: the reader's plans,
// oldest first, each with its progress as of the date it is for. GET
// /api/reading-plans and /api/reading-plans/{id} are answered from it.
type Progress struct {
	Plans []PlanView `json:"plans"`
	// counted is what the next computation carries on from; it is kept in
	// process only (a value read back from the cache has none).
	counted *counted
}

// counted is, for each start date of the reader's plans, the credits of
// the log's entries dated before its last date (before). A new entry lands
// on the last date or after it, so the next computation copies these and
// counts only the entries from before on.
type counted struct {
	before  string
	credits map[string]*domain.Credits
}

// Plan is one of the reader's plans.
func (p Progress) Plan(id string) (PlanView, error) {
	for _, v := range p.Plans {
		if v.ID == id {
			return v, nil
		}
	}
	return PlanView{}, ErrPlanNotFound
}

// ProgressModel is the plan progress read model: the log and the reader's
// plans (the plans input), as of the reader's local date.
func ProgressModel() readmodelsapi.Spec[Progress] {
	return readmodelsapi.Spec[Progress]{
		Name:      ProgressName,
		UsesToday: true,
		Inputs:    func(settingsapi.Settings) string { return "" },
		Reads:     []string{plansapi.InputName},
		Compute:   computeProgress,
		Extend:    extendProgress,
	}
}

// CheckToday validates the optional date a read of the plans asks for.
func CheckToday(today string) error {
	if today != "" && !dates.Valid(today) {
		return errs.Validation(errs.Field("today", errs.IsInvalid))
	}
	return nil
}

func plansOf(in readmodelsapi.Input) []store.Stored {
	v, _ := in.Value(plansapi.InputName).(store.Versioned)
	return v.Plans
}

// computeProgress counts the whole log.
func computeProgress(in readmodelsapi.Input) Progress {
	plans := plansOf(in)
	es := domainEntries(in.Log.Entries)
	before := lastDate(es)
	cut := firstOn(es, before)
	c := &counted{before: before, credits: map[string]*domain.Credits{}}
	for _, p := range plans {
		if c.credits[p.Following.Start] == nil {
			c.credits[p.Following.Start] = domain.NewCredits(p.Following.Start, es[:cut]...)
		}
	}
	return finish(plans, c, es[cut:], in.Today)
}

// extendProgress carries on from prev, computed for the same plans and
// date, when the log changed only from the date prev counted up to.
func extendProgress(prev Progress, prevVersion int64, in readmodelsapi.Input) (Progress, bool) {
	c := prev.counted
	if c == nil {
		return Progress{}, false
	}
	les := in.Log.Entries
	last := ""
	if len(les) > 0 {
		last = les[len(les)-1].Date
	}
	if last < c.before || !in.Log.SameBefore(prevVersion, c.before) {
		return Progress{}, false
	}
	plans := plansOf(in)
	for _, p := range plans {
		if c.credits[p.Following.Start] == nil {
			return Progress{}, false
		}
	}
	from := sort.Search(len(les), func(i int) bool { return les[i].Date >= c.before })
	cut := sort.Search(len(les), func(i int) bool { return les[i].Date >= last })
	next := c
	if last > c.before {
		next = &counted{before: last, credits: make(map[string]*domain.Credits, len(c.credits))}
		added := domainEntries(les[from:cut])
		for start, cr := range c.credits {
			n := cr.Clone()
			for _, e := range added {
				n.Add(e)
			}
			next.credits[start] = n
		}
	}
	return finish(plans, next, domainEntries(les[cut:]), in.Today), true
}

// scratch is the walks' working credits, one Bible's worth each.
var scratch = sync.Pool{New: func() any { s := make([]int32, bible.TotalVerses); return &s }}

// finish adds the entries of the log's last date to c's credits for each
// plan and walks it.
func finish(plans []store.Stored, c *counted, last []domain.Entry, today string) Progress {
	day, _ := domain.ParseDate(today)
	out := Progress{Plans: make([]PlanView, 0, len(plans)), counted: c}
	s := scratch.Get().(*[]int32)
	defer scratch.Put(s)
	for _, p := range plans {
		pr := c.credits[p.Following.Start].ProgressWith(&p.Plan, last, *s)
		v, err := viewOf(p, pr, day)
		if err != nil {
			// Only a stored schedule no write could have saved; the
			// plan's own page reports nothing better.
			continue
		}
		out.Plans = append(out.Plans, v)
	}
	return out
}

func lastDate(es []domain.Entry) string {
	if len(es) == 0 {
		return ""
	}
	return es[len(es)-1].Date
}

// firstOn is the index of the first entry dated on or after date; es is in
// date order.
func firstOn(es []domain.Entry, date string) int {
	return sort.Search(len(es), func(i int) bool { return es[i].Date >= date })
}
