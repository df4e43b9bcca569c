package engagement

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sort"
	"time"

	"go.uber.org/fx"
	"gorm.io/gorm"

	"lamplight/modules/admin/adminapi"
	"lamplight/modules/identity/identityapi"
	"lamplight/modules/notes/notesapi"
	"lamplight/modules/reading/readingapi"
	"lamplight/modules/reminders/remindersapi"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/bus"
	"lamplight/platform/cache"
	"lamplight/platform/dates"
	"lamplight/platform/errs"
)

// reportTTL bounds how long an unused report stays cached; a cached report
// is only served at the facts' current version anyway.
const reportTTL = 24 * time.Hour

// Deps are the projection's collaborators.
type Deps struct {
	fx.In
	DB       *gorm.DB
	Accounts identityapi.Directory
	Reading  readingapi.Reader
	Settings settingsapi.Reader
	Notes    notesapi.Reader
	Cache    cache.Cache
	Log      *slog.Logger
}

// Projection keeps the engagement facts current from events and serves
// the report.
type Projection struct {
	d     Deps
	store *store
	now   func() time.Time
	memo  memo
	// noteDays shares a busy note day's recount among its notes' events.
	noteDays noteDays
}

// New builds the projection.
func New(d Deps) *Projection {
	return &Projection{d: d, store: &store{db: d.DB}, now: time.Now}
}

// SetClock replaces the clock "today" is read from (tests).
func (p *Projection) SetClock(now func() time.Time) { p.now = now }

// Name implements readmodelsapi.Rebuilder.
func (p *Projection) Name() string { return "engagement" }

// account reads the reader's account; ok is false once it is deleted, so a
// late event never brings a deleted reader's facts back.
func (p *Projection) account(ctx context.Context, userID string) (identityapi.User, bool, error) {
	u, err := p.d.Accounts.User(ctx, userID)
	if errors.Is(err, identityapi.ErrAccountNotFound) {
		return u, false, nil
	}
	return u, err == nil, err
}

// Rebuild implements readmodelsapi.Rebuilder: the reader's account, reading
// days and note days recomputed from their modules. Reminders have no other
// record here and are kept as they were recorded.
func (p *Projection) Rebuild(ctx context.Context, userID string) error {
	if err := p.refreshAccount(ctx, userID); err != nil {
		return err
	}
	if err := p.refreshReading(ctx, userID, nil, 0); err != nil {
		return err
	}
	return p.refreshNotes(ctx, userID)
}

func (p *Projection) refreshAccount(ctx context.Context, userID string) error {
	u, ok, err := p.account(ctx, userID)
	if !ok {
		return err
	}
	return p.store.putAccount(ctx, userID, u.CreatedAt.In(u.Location()).Format(dates.Layout))
}

// refreshReading recomputes the reader's reading days among dates (every
// date when nil): a day counts when an entry is dated on it, and meets the
// goal when its verses reach the reader's daily verse goal.
//
// version is the log version the event saw committed (0: unknown): a log
// kept in process at it or later is read without the database.
func (p *Projection) refreshReading(ctx context.Context, userID string, dates []string, version int64) error {
	// The settings answer ErrAccountNotFound once the reader is gone;
	// writeReader guards the race with a deletion.
	s, err := p.d.Settings.Get(ctx, userID)
	if errors.Is(err, identityapi.ErrAccountNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	from := ""
	if dates != nil {
		if len(dates) == 0 {
			return nil
		}
		from = minDate(dates)
	}
	l, err := p.d.Reading.LogAt(ctx, userID, from, version)
	if err != nil {
		return err
	}
	wanted := map[string]bool{}
	for _, d := range dates {
		wanted[d] = true
	}
	verses := map[string]int{}
	for _, e := range l.Entries {
		if dates == nil || wanted[e.Date] {
			verses[e.Date] += e.Range().Count()
		}
	}
	days := make([]readingDay, 0, len(verses))
	for d, v := range verses {
		if v > 0 {
			days = append(days, readingDay{Day: d, GoalMet: s.DailyVerseCountGoal > 0 && v >= s.DailyVerseCountGoal})
		}
	}
	sort.Slice(days, func(i, j int) bool { return days[i].Day < days[j].Day })
	if dates != nil {
		// Most passages are logged on a day already read (and its goal
		// already met or not): then nothing is written, and the report's
		// version stays.
		stored, err := p.store.readingDays(ctx, userID, dates)
		if err != nil || slices.Equal(stored, days) {
			return err
		}
	}
	return p.store.replaceReadingDays(ctx, userID, dates, days)
}

func minDate(ds []string) string {
	m := ds[0]
	for _, d := range ds[1:] {
		m = min(m, d)
	}
	return m
}

// refreshNotes recomputes the notes the reader wrote per local date.
func (p *Projection) refreshNotes(ctx context.Context, userID string) error {
	u, ok, err := p.account(ctx, userID)
	if !ok {
		return err
	}
	created, err := p.d.Notes.CreationTimes(ctx, userID)
	if err != nil {
		return err
	}
	perDay := map[string]int{}
	for _, at := range created {
		perDay[at.In(u.Location()).Format(dates.Layout)]++
	}
	days := make([]noteDay, 0, len(perDay))
	for d, n := range perDay {
		days = append(days, noteDay{Day: d, Notes: n})
	}
	sort.Slice(days, func(i, j int) bool { return days[i].Day < days[j].Day })
	return p.store.replaceNoteDays(ctx, userID, days)
}

// refreshNoteDay recounts the notes of the one local date that at falls
// on: a new note's day, without reading the reader's other notes. Nothing
// is left to do for a note the last written recount of that day counted
// (see noteDays).
func (p *Projection) refreshNoteDay(ctx context.Context, userID, noteID string, at time.Time) error {
	u, ok, err := p.account(ctx, userID)
	if !ok {
		return err
	}
	local := at.In(u.Location())
	day := local.Format(dates.Layout)
	c, err := p.noteDays.acquire(ctx, userID)
	if err != nil {
		return err
	}
	defer p.noteDays.release(c, true)
	if c.has(day, noteID) {
		return nil
	}
	from := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, local.Location())
	ids, err := p.d.Notes.CreatedIDs(ctx, userID, from, from.AddDate(0, 0, 1))
	if err != nil {
		return err
	}
	if err := p.store.putNoteDay(ctx, userID, noteDay{Day: day, Notes: len(ids)}); err != nil {
		return err
	}
	c.wrote(day, ids)
	return nil
}

// Handlers are the projection's event handlers; each recomputes what the
// event concerns or records a fact that has no other record.
func (p *Projection) Handlers() []bus.Handler {
	return []bus.Handler{
		bus.On("engagement.account-registered", func(ctx context.Context, ev identityapi.AccountRegistered) error {
			return p.refreshAccount(ctx, ev.UserID)
		}),
		bus.On("engagement.user-deleted", func(ctx context.Context, ev identityapi.UserDeleted) error {
			at := ev.At
			if at.IsZero() {
				at = p.now()
			}
			if err := p.store.deleteReader(ctx, ev.UserID, at.UTC().Format(dates.Layout)); err != nil {
				return err
			}
			p.noteDays.drop(ev.UserID)
			return nil
		}),
		bus.On("engagement.log-entry-changed", func(ctx context.Context, ev readingapi.LogEntryChanged) error {
			return p.refreshReading(ctx, ev.UserID, ev.Dates, ev.Version)
		}),
		bus.On("engagement.settings-changed", func(ctx context.Context, ev settingsapi.SettingsChanged) error {
			// The goal may have changed: every day is measured against it.
			return p.refreshReading(ctx, ev.UserID, nil, 0)
		}),
		bus.On("engagement.note-changed", func(ctx context.Context, ev notesapi.NoteChanged) error {
			switch {
			case ev.Op == notesapi.OpUpdated:
				return nil // an edit leaves the day a note was written as it was
			case ev.Op == notesapi.OpCreated && !ev.CreatedAt.IsZero():
				return p.refreshNoteDay(ctx, ev.UserID, ev.NoteID, ev.CreatedAt)
			default:
				// A deletion does not say when the note was written.
				return p.refreshNotes(ctx, ev.UserID)
			}
		}),
		bus.On("engagement.reminder-sent", func(ctx context.Context, ev remindersapi.ReminderSent) error {
			return p.reminder(ctx, ev.UserID, ev.LocalDate, false)
		}),
		bus.On("engagement.reminder-opened", func(ctx context.Context, ev remindersapi.ReminderOpened) error {
			return p.reminder(ctx, ev.UserID, ev.LocalDate, true)
		}),
	}
}

func (p *Projection) reminder(ctx context.Context, userID, day string, opened bool) error {
	if !dates.Valid(day) {
		return nil
	}
	if _, ok, err := p.account(ctx, userID); !ok {
		return err
	}
	return p.store.markReminder(ctx, userID, day, opened)
}

// ErrRange is the answer for a range that is reversed or too long.
var ErrRange = errs.Validation(errs.Field("to", errs.IsInvalid))

// Report implements adminapi.EngagementReader. The report is cached under the
// facts' version and today's date (retention depends on it), so it is
// served from the cache until an event changes a fact or the day turns.
func (p *Projection) Report(ctx context.Context, from, to string) (adminapi.Report, error) {
	if !dates.Valid(from) {
		return adminapi.Report{}, errs.Validation(errs.Field("from", errs.IsInvalid))
	}
	if !dates.Valid(to) || to < from || day(to)-day(from)+1 > adminapi.MaxDays {
		return adminapi.Report{}, ErrRange
	}
	v, err := p.store.version(ctx)
	if err != nil {
		return adminapi.Report{}, err
	}
	today := p.now().UTC().Format(dates.Layout)
	key := "engagement:report:" + from + ":" + to
	version := fmt.Sprintf("%d|%s", v, today)
	if r, ok := p.memo.get(key, version); ok {
		return r, nil
	}
	r, err := cache.Versioned(ctx, p.d.Cache, p.d.Log, key, version, reportTTL, func() (adminapi.Report, error) {
		f, err := p.store.facts(ctx, dates.AddDays(from, -(monthWindow-1)), from, to, dates.AddDays(to, retentionDays[2]))
		if err != nil {
			return adminapi.Report{}, err
		}
		return compute(f, from, to, today), nil
	})
	if err == nil {
		p.memo.put(key, version, r)
	}
	return r, err
}

// DeletionsPerWeek implements adminapi.EngagementReader.
func (p *Projection) DeletionsPerWeek(ctx context.Context) (map[string]int, error) {
	days, err := p.store.deletionDays(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	for d, n := range days {
		out[date(monday(day(d)))] += n
	}
	return out, nil
}
