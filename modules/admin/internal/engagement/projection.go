package engagement

import (
	"context"
	"errors"
	"log/slog"
	"maps"
	"slices"
	"sync/atomic"
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
	"lamplight/platform/dates"
	"lamplight/platform/errs"
)

// Deps are the projection's collaborators.
type Deps struct {
	fx.In
	DB       *gorm.DB
	Accounts identityapi.Directory
	Reading  readingapi.Reader
	Settings settingsapi.Reader
	Notes    notesapi.Reader
	Log      *slog.Logger
}

// Projection keeps the engagement facts current from events and serves
// the report.
type Projection struct {
	d     Deps
	store *store
	now   func() time.Time
	// noteDays shares a busy note day's recount among its notes' events.
	noteDays noteDays
	// counted is set once the days' figures are known to be counted (see
	// recountIfAsked).
	counted atomic.Bool
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
// days and note days recomputed from their modules, and the days' figures
// moved by the difference. Reminders have no other record here and are
// kept as they were recorded.
func (p *Projection) Rebuild(ctx context.Context, userID string) error {
	f, ok, err := p.sourceFacts(ctx, userID)
	if !ok {
		return err
	}
	return p.store.update(ctx, userID, wholeHistory, nil, func(tx *gorm.DB, before readerFacts) (readerFacts, []span, error) {
		f.sent = before.sent
		return f, always, replace(tx, userID, f)
	})
}

// sourceFacts computes the reader's account, reading days and note days
// from their modules; ok is false once the account is gone.
func (p *Projection) sourceFacts(ctx context.Context, userID string) (readerFacts, bool, error) {
	f := newFacts()
	u, ok, err := p.account(ctx, userID)
	if !ok {
		return f, false, err
	}
	f.hasAccount, f.signup = true, day(u.CreatedAt.In(u.Location()).Format(dates.Layout))
	s, err := p.d.Settings.Get(ctx, userID)
	if errors.Is(err, identityapi.ErrAccountNotFound) {
		return f, false, nil
	}
	if err != nil {
		return f, false, err
	}
	l, err := p.d.Reading.LogAt(ctx, userID, "", 0)
	if err != nil {
		return f, false, err
	}
	f.reading = readingDays(s, l.Entries, nil)
	created, err := p.d.Notes.CreationTimes(ctx, userID)
	if err != nil {
		return f, false, err
	}
	for _, at := range created {
		f.notes[day(at.In(u.Location()).Format(dates.Layout))]++
	}
	return f, true, nil
}

// readingDays are the days among wanted (every day when nil) with an
// entry, and whether their verses reach the reader's daily verse goal.
func readingDays(s settingsapi.Settings, entries []readingapi.Entry, wanted map[string]bool) map[int]bool {
	verses := map[string]int{}
	for _, e := range entries {
		if wanted == nil || wanted[e.Date] {
			verses[e.Date] += e.Range().Count()
		}
	}
	out := make(map[int]bool, len(verses))
	for d, v := range verses {
		if v > 0 {
			out[day(d)] = s.DailyVerseCountGoal > 0 && v >= s.DailyVerseCountGoal
		}
	}
	return out
}

func (p *Projection) refreshAccount(ctx context.Context, userID string) error {
	u, ok, err := p.account(ctx, userID)
	if !ok {
		return err
	}
	signup := day(u.CreatedAt.In(u.Location()).Format(dates.Layout))
	return p.store.update(ctx, userID, wholeHistory, nil, func(tx *gorm.DB, before readerFacts) (readerFacts, []span, error) {
		if before.hasAccount && before.signup == signup {
			return before, nil, nil
		}
		after := before.clone()
		after.hasAccount, after.signup = true, signup
		// The signup day decides which of the reader's days count.
		return after, always, tx.Exec(`INSERT INTO engagement_accounts (user_id, signup_date) VALUES (?, ?)
			ON CONFLICT (user_id) DO UPDATE SET signup_date = excluded.signup_date`, userID, date(signup)).Error
	})
}

// refreshReading recomputes the reader's reading days among dates (every
// date when nil): a day counts when an entry is dated on it, and meets the
// goal when its verses reach the reader's daily verse goal.
//
// version is the log version the event saw committed (0: unknown): a log
// kept in process at it or later is read without the database.
func (p *Projection) refreshReading(ctx context.Context, userID string, dates []string, version int64) error {
	// The settings answer ErrAccountNotFound once the reader is gone; the
	// reader's turn guards the race with a deletion.
	s, err := p.d.Settings.Get(ctx, userID)
	if errors.Is(err, identityapi.ErrAccountNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	from, w := "", wholeHistory
	var wanted map[string]bool
	if dates != nil {
		if len(dates) == 0 {
			return nil
		}
		from, w = minDate(dates), around(dates)
		wanted = map[string]bool{}
		for _, d := range dates {
			wanted[d] = true
		}
	}
	l, err := p.d.Reading.LogAt(ctx, userID, from, version)
	if err != nil {
		return err
	}
	now := readingDays(s, l.Entries, wanted)
	seen, err := p.store.facts(ctx, p.store.db, userID, w)
	if err != nil || seen.deleted != "" {
		return err
	}
	var touched []int
	if dates != nil {
		for d := range wanted {
			touched = append(touched, day(d))
		}
	} else {
		touched = slices.Collect(maps.Keys(seen.reading))
		for d := range now {
			if _, ok := seen.reading[d]; !ok {
				touched = append(touched, d)
			}
		}
	}
	// Most passages are logged on a day already read (and its goal
	// already met or not): then nothing is written.
	if len(differing(seen.reading, now, touched)) == 0 {
		return nil
	}
	return p.store.update(ctx, userID, w, &seen, func(tx *gorm.DB, before readerFacts) (readerFacts, []span, error) {
		after := before.clone()
		for _, d := range touched {
			delete(after.reading, d)
			if goal, ok := now[d]; ok {
				after.reading[d] = goal
			}
		}
		changed := differing(before.reading, after.reading, touched)
		within := spread(changed, monthWindow-1)
		if before.hasAccount && !slices.ContainsFunc(within, func(s span) bool { return s.has(before.signup) }) {
			// A day 1, 7 or 30 after signing up moves the signup day's retention.
			within = append(within, span{before.signup, before.signup})
		}
		return after, within, putReadingDays(tx, userID, before.reading, after.reading, changed)
	})
}

// differing are the days among days that a and b hold differently.
func differing[V comparable](a, b map[int]V, days []int) []int {
	var out []int
	for _, d := range days {
		x, inA := a[d]
		y, inB := b[d]
		if inA != inB || x != y {
			out = append(out, d)
		}
	}
	return out
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
	perDay := map[int]int{}
	for _, at := range created {
		perDay[day(at.In(u.Location()).Format(dates.Layout))]++
	}
	return p.store.update(ctx, userID, wholeHistory, nil, func(tx *gorm.DB, before readerFacts) (readerFacts, []span, error) {
		days := slices.Collect(maps.Keys(before.notes))
		for d := range perDay {
			if _, ok := before.notes[d]; !ok {
				days = append(days, d)
			}
		}
		changed := differing(before.notes, perDay, days)
		for _, d := range changed {
			if err := putNoteDay(tx, userID, d, perDay[d]); err != nil {
				return before, nil, err
			}
		}
		after := before.clone()
		after.notes = perDay
		return after, spread(changed, 0), nil
	})
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
	on := local.Format(dates.Layout)
	c, err := p.noteDays.acquire(ctx, userID)
	if err != nil {
		return err
	}
	defer p.noteDays.release(c, true)
	if c.has(on, noteID) {
		return nil
	}
	from := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, local.Location())
	ids, err := p.d.Notes.CreatedIDs(ctx, userID, from, from.AddDate(0, 0, 1))
	if err != nil {
		return err
	}
	d := day(on)
	err = p.store.update(ctx, userID, window{on, on}, nil, func(tx *gorm.DB, before readerFacts) (readerFacts, []span, error) {
		if before.notes[d] == len(ids) {
			return before, nil, nil
		}
		after := before.clone()
		after.notes[d] = len(ids)
		if len(ids) == 0 {
			delete(after.notes, d)
		}
		return after, []span{{d, d}}, putNoteDay(tx, userID, d, len(ids))
	})
	if err != nil {
		return err
	}
	c.wrote(on, ids)
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

func (p *Projection) reminder(ctx context.Context, userID, on string, opened bool) error {
	if !dates.Valid(on) {
		return nil
	}
	if _, ok, err := p.account(ctx, userID); !ok {
		return err
	}
	d := day(on)
	return p.store.update(ctx, userID, window{on, on}, nil, func(tx *gorm.DB, before readerFacts) (readerFacts, []span, error) {
		if err := markReminder(tx, userID, on, opened); err != nil || opened || before.sent[d] {
			return before, nil, err
		}
		after := before.clone()
		after.sent[d] = true
		return after, []span{{d, d}}, nil
	})
}

// ErrRange is the answer for a range that is reversed or too long.
var ErrRange = errs.Validation(errs.Field("to", errs.IsInvalid))

// Report implements adminapi.EngagementReader: the figures of the days of
// the range (and of its first week, for the cohorts), one row a day, as
// the writes left them.
func (p *Projection) Report(ctx context.Context, from, to string) (adminapi.Report, error) {
	if !dates.Valid(from) {
		return adminapi.Report{}, errs.Validation(errs.Field("from", errs.IsInvalid))
	}
	if !dates.Valid(to) || to < from || day(to)-day(from)+1 > adminapi.MaxDays {
		return adminapi.Report{}, ErrRange
	}
	if err := p.recountIfAsked(ctx); err != nil {
		return adminapi.Report{}, err
	}
	days, err := p.store.days(ctx, date(monday(day(from))), to)
	if err != nil {
		return adminapi.Report{}, err
	}
	return compute(days, from, to, p.now().UTC().Format(dates.Layout)), nil
}

// DeletionsPerWeek implements adminapi.EngagementReader.
func (p *Projection) DeletionsPerWeek(ctx context.Context) (map[string]int, error) {
	if err := p.recountIfAsked(ctx); err != nil {
		return nil, err
	}
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
