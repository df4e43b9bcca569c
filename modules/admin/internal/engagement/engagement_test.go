package engagement

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"lamplight/modules/admin/adminapi"
	"lamplight/modules/bible"
	"lamplight/modules/identity/identityapi"
	"lamplight/modules/notes/notesapi"
	"lamplight/modules/reading/readingapi"
	"lamplight/modules/reminders/remindersapi"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform/bus"
	"lamplight/platform/testkit"
)

// history is the source of truth the projection reads, kept in memory.
type history struct {
	accounts map[string]identityapi.User
	entries  map[string][]readingapi.Entry
	notes    map[string][]notesapi.Note
	// recounts counts the note days read, visits the accounts read.
	recounts, visits atomic.Int64
	// blocked is a reader whose account is read only once the caller gives
	// up (its context is done).
	blocked string
}

func (h *history) User(ctx context.Context, id string) (identityapi.User, error) {
	h.visits.Add(1)
	if id == h.blocked {
		<-ctx.Done()
		return identityapi.User{}, ctx.Err()
	}
	u, ok := h.accounts[id]
	if !ok {
		return u, identityapi.ErrAccountNotFound
	}
	return u, nil
}

func (h *history) Log(_ context.Context, id, from string) (readingapi.Log, error) {
	var out []readingapi.Entry
	for _, e := range h.entries[id] {
		if e.Date >= from {
			out = append(out, e)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Date < out[j].Date })
	return readingapi.Log{Entries: out, Version: int64(len(out))}, nil
}

func (h *history) LogAt(ctx context.Context, id, from string, _ int64) (readingapi.Log, error) {
	return h.Log(ctx, id, from)
}

func (h *history) Version(_ context.Context, id string) (int64, error) {
	return int64(len(h.entries[id])), nil
}

func (h *history) UsersWithEntries(context.Context) ([]string, error) { return nil, nil }

func (h *history) Get(_ context.Context, id string) (settingsapi.Settings, error) {
	return settingsapi.Settings{DailyVerseCountGoal: 5, TimeZone: "UTC"}, nil
}

func (h *history) EachNote(_ context.Context, id string, fn func(notesapi.Note) error) error {
	for _, n := range h.notes[id] {
		if err := fn(n); err != nil {
			return err
		}
	}
	return nil
}

func (h *history) CreationTimes(_ context.Context, id string) ([]time.Time, error) {
	var out []time.Time
	for _, n := range h.notes[id] {
		out = append(out, n.CreatedAt)
	}
	return out, nil
}

func (h *history) CreatedIDs(_ context.Context, id string, from, to time.Time) ([]string, error) {
	h.recounts.Add(1)
	var out []string
	for _, note := range h.notes[id] {
		if !note.CreatedAt.Before(from) && note.CreatedAt.Before(to) {
			out = append(out, note.ID)
		}
	}
	return out, nil
}

func at(date string) time.Time {
	t, err := time.Parse("2006-01-02 15:04", date+" 09:30")
	if err != nil {
		panic(err)
	}
	return t
}

// scripted plays a history through the projection's event handlers, as
// the bus delivers them: six readers sign up in the week of 2024-06-03 (one
// of them is deleted later), one more the next week; they read on known
// days, write notes, and get reminders.
type scripted struct {
	t        *testing.T
	h        *history
	handlers map[string]bus.Handler
}

func (s *scripted) emit(ev bus.Event) {
	s.t.Helper()
	raw, err := json.Marshal(ev)
	if err != nil {
		s.t.Fatal(err)
	}
	for _, h := range s.handlers {
		if h.Topic == ev.Topic() {
			// Twice: a redelivered event must change nothing.
			for range 2 {
				if err := h.Handle(context.Background(), raw); err != nil {
					s.t.Fatalf("%s: %v", h.Name, err)
				}
			}
		}
	}
}

func (s *scripted) signUp(id, date string) {
	s.h.accounts[id] = identityapi.User{ID: id, CreatedAt: at(date), TimeZone: "UTC"}
	s.emit(identityapi.AccountRegistered{UserID: id, At: at(date), Method: identityapi.MethodPassword})
}

// read logs verses of Genesis 1 on date (goal: 5 verses).
func (s *scripted) read(id, date string, verses int) {
	s.h.entries[id] = append(s.h.entries[id], readingapi.Entry{Date: date, Start: bible.NewVerseID(1, 1, 1), End: bible.NewVerseID(1, 1, verses)})
	s.emit(readingapi.LogEntryChanged{UserID: id, Dates: []string{date}, Op: readingapi.OpCreated})
}

// note writes a note on date; its event says when, so only that day is
// recounted.
func (s *scripted) note(id, date string) {
	noteID := fmt.Sprintf("%s-%s-%d", id, date, len(s.h.notes[id]))
	s.h.notes[id] = append(s.h.notes[id], notesapi.Note{ID: noteID, Content: "secret note text", CreatedAt: at(date)})
	s.emit(notesapi.NoteChanged{UserID: id, NoteID: noteID, Op: notesapi.OpCreated, CreatedAt: at(date)})
	s.emit(notesapi.NoteChanged{UserID: id, Op: notesapi.OpUpdated})
}

// unnote deletes the reader's last note; its event does not say when it
// was written, so every day is recounted.
func (s *scripted) unnote(id string) {
	s.h.notes[id] = s.h.notes[id][:len(s.h.notes[id])-1]
	s.emit(notesapi.NoteChanged{UserID: id, Op: notesapi.OpDeleted})
}

func (s *scripted) remind(id, date string) {
	s.emit(remindersapi.ReminderSent{UserID: id, LocalDate: date, At: at(date), Channel: remindersapi.ChannelEmail})
}

func (s *scripted) remove(id, date string) {
	delete(s.h.accounts, id)
	delete(s.h.entries, id)
	s.emit(identityapi.UserDeleted{UserID: id, At: at(date)})
}

func ptr[T any](v T) *T { return &v }

func TestIntegrationEngagementIsExactOnAScriptedHistory(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		g := testkit.DB(t, b, Migrations())
		h := &history{accounts: map[string]identityapi.User{}, entries: map[string][]readingapi.Entry{}, notes: map[string][]notesapi.Note{}}
		p := New(Deps{DB: g, Accounts: h, Reading: h, Settings: h, Notes: h, Log: testkit.Logger(t)})
		p.SetClock(func() time.Time { return at("2024-06-30") })
		s := &scripted{t: t, h: h, handlers: map[string]bus.Handler{}}
		for _, hd := range p.Handlers() {
			s.handlers[hd.Name] = hd
		}

		s.signUp("u1", "2024-06-03")
		s.signUp("u2", "2024-06-03")
		s.signUp("u6", "2024-06-03")
		s.signUp("u3", "2024-06-04")
		s.signUp("u4", "2024-06-05")
		s.signUp("u5", "2024-06-05")
		s.signUp("u7", "2024-06-10")
		s.read("u1", "2024-06-04", 3)
		s.read("u2", "2024-06-04", 3)
		s.read("u6", "2024-06-04", 3)
		s.read("u2", "2024-06-05", 3)
		s.read("u5", "2024-06-06", 5)
		s.read("u1", "2024-06-10", 3)
		s.read("u7", "2024-06-10", 3)
		s.read("u3", "2024-06-11", 3)
		s.read("u1", "2024-06-20", 3)
		s.note("u3", "2024-06-11")
		s.note("u3", "2024-06-11")
		s.unnote("u3")
		s.note("u1", "2024-06-20")
		s.note("u1", "2024-06-20")
		s.remind("u1", "2024-06-10")
		s.remind("u2", "2024-06-10")
		s.remind("u7", "2024-06-10")
		s.remove("u6", "2024-06-15")
		// u7's imported history, dated before the account existed, is not
		// activity: the figures below are the same without it.
		s.read("u7", "2024-06-05", 3)
		s.note("u7", "2024-06-07")

		ctx := context.Background()
		check := func(t *testing.T) adminapi.Report {
			t.Helper()
			r, err := p.Report(ctx, "2024-06-01", "2024-06-30")
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Days) != 30 || r.Days[0].Date != "2024-06-01" || r.Days[29].Date != "2024-06-30" {
				t.Fatalf("days: %d %+v", len(r.Days), r.Days[0])
			}
			day := func(d string) adminapi.Day { return r.Days[(int(at(d).Sub(at("2024-06-01")).Hours()) / 24)] }
			want := map[string]adminapi.Day{
				"2024-06-03": {Date: "2024-06-03", NewAccounts: 2},
				"2024-06-04": {Date: "2024-06-04", ActiveReaders: 2, WeeklyActiveReaders: 2, MonthlyActiveReaders: 2, NewAccounts: 1},
				"2024-06-05": {Date: "2024-06-05", ActiveReaders: 1, WeeklyActiveReaders: 2, MonthlyActiveReaders: 2, NewAccounts: 2},
				"2024-06-06": {Date: "2024-06-06", ActiveReaders: 1, WeeklyActiveReaders: 3, MonthlyActiveReaders: 3, ReadersMeetingGoal: 1},
				"2024-06-10": {Date: "2024-06-10", ActiveReaders: 2, WeeklyActiveReaders: 4, MonthlyActiveReaders: 4, NewAccounts: 1, RemindersSent: 3, RemindersFollowed: 2},
				"2024-06-11": {Date: "2024-06-11", ActiveReaders: 1, WeeklyActiveReaders: 5, MonthlyActiveReaders: 5, NotesWritten: 1},
				"2024-06-15": {Date: "2024-06-15", WeeklyActiveReaders: 3, MonthlyActiveReaders: 5, DeletedAccounts: 1},
				"2024-06-20": {Date: "2024-06-20", ActiveReaders: 1, WeeklyActiveReaders: 1, MonthlyActiveReaders: 5, NotesWritten: 2},
				"2024-06-30": {Date: "2024-06-30", WeeklyActiveReaders: 0, MonthlyActiveReaders: 5},
			}
			for d, w := range want {
				if got := day(d); got != w {
					t.Errorf("%s:\n got  %+v\n want %+v", d, got, w)
				}
			}
			wantCohorts := []adminapi.Cohort{
				{Week: "2024-05-27", Suppressed: true},
				{Week: "2024-06-03", Size: ptr(5), Day1: ptr(0.6), Day7: ptr(0.4)},
				{Week: "2024-06-10", Suppressed: true},
				{Week: "2024-06-17", Suppressed: true},
				{Week: "2024-06-24", Suppressed: true},
			}
			if !reflect.DeepEqual(r.Cohorts, wantCohorts) {
				got, _ := json.Marshal(r.Cohorts)
				t.Errorf("cohorts: %s", got)
			}
			raw, _ := json.Marshal(r)
			if strings.Contains(string(raw), "u1") || strings.Contains(string(raw), "secret") {
				t.Errorf("the report names a reader or their words: %s", raw)
			}
			return r
		}
		before := check(t)

		// The figures the writes kept are those counted from the facts.
		kept := dayRows(t, p)
		if err := g.Exec(`UPDATE engagement_rebuild SET recount = TRUE`).Error; err != nil {
			t.Fatal(err)
		}
		if err := p.store.recount(ctx, false); err != nil {
			t.Fatal(err)
		}
		if counted := dayRows(t, p); !reflect.DeepEqual(kept, counted) {
			t.Errorf("figures kept by the writes:\n%v\ncounted from the facts:\n%v", kept, counted)
		}

		// Rebuilding a reader whose facts are right changes nothing.
		if err := p.Rebuild(ctx, "u1"); err != nil {
			t.Fatal(err)
		}
		check(t)

		// Rebuild from scratch: the recomputed facts are dropped and every
		// living reader rebuilt; reminders and deletions are recorded facts.
		for _, table := range []string{"engagement_accounts", "engagement_reading_days", "engagement_note_days", "engagement_days"} {
			if err := g.Exec("DELETE FROM " + table).Error; err != nil {
				t.Fatal(err)
			}
		}
		if err := p.RebuildAll(ctx, slices.Collect(maps.Keys(h.accounts)), nil); err != nil {
			t.Fatal(err)
		}
		if after := check(t); !reflect.DeepEqual(before, after) {
			t.Error("the rebuilt report differs")
		}

		// A late event about the deleted reader brings nothing back.
		s.emit(readingapi.LogEntryChanged{UserID: "u6", Dates: []string{"2024-06-04"}, Op: readingapi.OpCreated})
		check(t)

		if _, err := p.Report(ctx, "2024-06-30", "2024-06-01"); err == nil {
			t.Error("a reversed range was accepted")
		}
		if _, err := p.Report(ctx, "2023-01-01", "2024-06-30"); err == nil {
			t.Error("a range over 366 days was accepted")
		}
	})
}

// A busy day's notes share their recounts: 500 notes written before their
// events are handled, concurrently or one after another, read the day
// once, not once per note, and the day counts every note. A note written
// after that recount is counted when its event comes.
func TestIntegrationEngagementBusyNoteDayIsRecountedOnce(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		g := testkit.DB(t, b, Migrations())
		h := &history{accounts: map[string]identityapi.User{}, entries: map[string][]readingapi.Entry{}, notes: map[string][]notesapi.Note{}}
		p := New(Deps{DB: g, Accounts: h, Reading: h, Settings: h, Notes: h, Log: testkit.Logger(t)})
		p.SetClock(func() time.Time { return at("2024-06-30") })
		var handle bus.Handler
		for _, hd := range p.Handlers() {
			if hd.Name == "engagement.note-changed" {
				handle = hd
			}
		}
		h.accounts["u"] = identityapi.User{ID: "u", CreatedAt: at("2024-06-03"), TimeZone: "UTC"}
		const n = 500
		var events [][]byte
		write := func(i int) {
			created := at("2024-06-11").Add(time.Duration(i) * time.Second)
			h.notes["u"] = append(h.notes["u"], notesapi.Note{ID: fmt.Sprintf("note-%04d", i), CreatedAt: created})
			raw, err := json.Marshal(notesapi.NoteChanged{UserID: "u", NoteID: fmt.Sprintf("note-%04d", i), Op: notesapi.OpCreated, CreatedAt: created})
			if err != nil {
				t.Fatal(err)
			}
			events = append(events, raw)
		}
		for i := range n {
			write(i)
		}
		ctx := context.Background()
		var wg sync.WaitGroup
		errs := make(chan error, n)
		for _, raw := range events[:n/2] {
			wg.Go(func() { errs <- handle.Handle(ctx, raw) })
		}
		wg.Wait()
		for _, raw := range events[n/2:] {
			errs <- handle.Handle(ctx, raw)
		}
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		notesOn := func(d string) int {
			t.Helper()
			r, err := p.Report(ctx, "2024-06-01", "2024-06-30")
			if err != nil {
				t.Fatal(err)
			}
			for _, day := range r.Days {
				if day.Date == d {
					return day.NotesWritten
				}
			}
			t.Fatalf("no day %s", d)
			return 0
		}
		if got := h.recounts.Load(); got != 1 {
			t.Errorf("the day was read %d times for %d notes, want once", got, n)
		}
		if got := notesOn("2024-06-11"); got != n {
			t.Errorf("notes written on 2024-06-11: %d, want %d", got, n)
		}

		write(n)
		if err := handle.Handle(ctx, events[n]); err != nil {
			t.Fatal(err)
		}
		if got := notesOn("2024-06-11"); got != n+1 {
			t.Errorf("notes written on 2024-06-11 after one more: %d, want %d", got, n+1)
		}
	})
}

// A passage logged on a day already read, with its goal as it was, changes
// no fact: nothing is written, not even the reader's turn.
func TestIntegrationEngagementWritesOnlyWhatAPassageChanges(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		g := testkit.DB(t, b, Migrations())
		h := &history{accounts: map[string]identityapi.User{}, entries: map[string][]readingapi.Entry{}, notes: map[string][]notesapi.Note{}}
		p := New(Deps{DB: g, Accounts: h, Reading: h, Settings: h, Notes: h, Log: testkit.Logger(t)})
		var handle bus.Handler
		for _, hd := range p.Handlers() {
			if hd.Name == "engagement.log-entry-changed" {
				handle = hd
			}
		}
		h.accounts["u"] = identityapi.User{ID: "u", CreatedAt: at("2024-06-03"), TimeZone: "UTC"}
		ctx := context.Background()
		versionAfter := func(verses int) int64 {
			t.Helper()
			h.entries["u"] = append(h.entries["u"], readingapi.Entry{Date: "2024-06-11", Start: bible.NewVerseID(1, 1, 1), End: bible.NewVerseID(1, 1, verses)})
			raw, err := json.Marshal(readingapi.LogEntryChanged{UserID: "u", Dates: []string{"2024-06-11"}, Op: readingapi.OpCreated})
			if err != nil {
				t.Fatal(err)
			}
			if err := handle.Handle(ctx, raw); err != nil {
				t.Fatal(err)
			}
			v, err := p.store.seq(ctx, "u")
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
		first := versionAfter(1)  // a new reading day, goal (5 verses) not met
		same := versionAfter(1)   // the same day again, still short of the goal
		met := versionAfter(5)    // the goal met: the day's fact changes
		again := versionAfter(10) // still met
		if same != first || met == same || again != met {
			t.Fatalf("versions after each passage: %d, %d, %d, %d", first, same, met, again)
		}
	})
}

// dayRows are the stored figures of every day, in day order.
func dayRows(t *testing.T, p *Projection) []dayCounts {
	t.Helper()
	days, err := p.store.days(context.Background(), "0000-00-00", "9999-99-99")
	if err != nil {
		t.Fatal(err)
	}
	var out []dayCounts
	for d, c := range days {
		if c != (counts{}) {
			out = append(out, dayCounts{d, c})
		}
	}
	slices.SortFunc(out, func(a, b dayCounts) int { return a.day - b.day })
	return out
}

// A full rebuild stopped midway continues after its checkpoint: the second
// run visits only the readers the first did not finish, and the figures
// are those of a rebuild that ran through.
func TestIntegrationEngagementRebuildResumesAfterAStop(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		g := testkit.DB(t, b, Migrations())
		h := &history{accounts: map[string]identityapi.User{}, entries: map[string][]readingapi.Entry{}, notes: map[string][]notesapi.Note{}}
		p := New(Deps{DB: g, Accounts: h, Reading: h, Settings: h, Notes: h, Log: testkit.Logger(t)})
		p.SetClock(func() time.Time { return at("2024-06-30") })
		const readers = 1000
		var ids []string
		for i := range readers {
			id := fmt.Sprintf("reader-%04d", i)
			ids = append(ids, id)
			signup := at("2024-05-01").AddDate(0, 0, i%40)
			h.accounts[id] = identityapi.User{ID: id, CreatedAt: signup, TimeZone: "UTC"}
			for k := range i % 5 {
				d := signup.AddDate(0, 0, k*(i%9)).Format("2006-01-02")
				h.entries[id] = append(h.entries[id], readingapi.Entry{Date: d, Start: bible.NewVerseID(1, 1, 1), End: bible.NewVerseID(1, 1, 1+i%7)})
			}
			if i%3 == 0 {
				h.notes[id] = append(h.notes[id], notesapi.Note{ID: id + "-note", CreatedAt: signup})
			}
		}
		ctx := context.Background()
		if err := p.RebuildAll(ctx, ids, nil); err != nil {
			t.Fatal(err)
		}
		want := dayRows(t, p)
		if len(want) == 0 {
			t.Fatal("the rebuild counted nothing")
		}
		for _, table := range []string{"engagement_accounts", "engagement_reading_days", "engagement_note_days", "engagement_days"} {
			if err := g.Exec("DELETE FROM " + table).Error; err != nil {
				t.Fatal(err)
			}
		}

		through := func() string {
			var s string
			if err := g.Raw(`SELECT through FROM engagement_rebuild WHERE id = 1`).Scan(&s).Error; err != nil {
				t.Error(err)
			}
			return s
		}
		// The rebuild is stopped once its checkpoint moved, while one reader
		// of a later chunk keeps it from finishing.
		h.blocked = ids[650]
		stop, cancel := context.WithCancel(ctx)
		defer cancel()
		err := p.RebuildAll(stop, ids, func(done, total int) {
			if through() != "" {
				cancel()
			}
		})
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("the stopped rebuild answered %v", err)
		}
		kept := through()
		if kept == "" || kept >= ids[readers-1] {
			t.Fatalf("checkpoint after the stop: %q", kept)
		}

		h.visits.Store(0)
		h.blocked = ""
		if err := p.RebuildAll(ctx, ids, nil); err != nil {
			t.Fatal(err)
		}
		left := 0
		for _, id := range ids {
			if id > kept {
				left++
			}
		}
		if got := h.visits.Load(); got != int64(left) {
			t.Errorf("the resumed rebuild visited %d readers, want the %d after the checkpoint %s", got, left, kept)
		}
		if got := dayRows(t, p); !reflect.DeepEqual(got, want) {
			t.Errorf("figures after the resumed rebuild differ from a whole one:\n%v\n%v", got, want)
		}
		if through() != "" {
			t.Error("the finished rebuild left its checkpoint")
		}
	})
}
