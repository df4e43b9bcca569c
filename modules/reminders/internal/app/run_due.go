package app

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"time"

	"lamplight/modules/bible"
	"lamplight/modules/plans/plansapi"
	"lamplight/modules/reminders/internal/domain"
	"lamplight/modules/reminders/internal/mailtemplates"
	"lamplight/modules/reminders/internal/store"
	"lamplight/modules/reminders/remindersapi"
	"lamplight/modules/settings/settingsapi"
)

// Lease is how long an instance holds a reminder it is sending; if the
// instance dies, another one takes the reminder over after it.
const Lease = 2 * time.Minute

// RunDue sends every reminder that is due, once: each instance claims a
// reader's reminder in the database before handling it, and the reminder
// sent is recorded under a key of (reader, local date) in the same unit of
// work as its email, notifications and event.
func (s *Service) RunDue(ctx context.Context) error {
	now := s.now()
	ids, err := s.store.Due(ctx, now, 100)
	if err != nil {
		return err
	}
	var errs []error
	for _, id := range ids {
		ok, err := s.store.Claim(ctx, id, now, now.Add(Lease))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !ok {
			continue
		}
		// On failure the claim runs out and the reminder is tried again.
		if err := s.handle(ctx, id, now); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// handle decides about one claimed reminder: not due after all (the time
// zone changed), skipped (read already, the plans' day done, or only late
// ones), paused, or sent.
func (s *Service) handle(ctx context.Context, userID string, now time.Time) error {
	r, err := s.store.Reminder(ctx, userID)
	if err != nil {
		return err
	}
	set, err := s.settings.Get(ctx, userID)
	if err != nil {
		return err
	}
	sch := domain.ParseSchedule(r.LocalTime, r.Days, r.Channels, r.OnlyIfUnread, r.OnlyIfPlanUnread)
	o, ok := domain.Next(sch, location(set.TimeZone), now, r.DoneDate)
	if !ok || o.At.After(now) {
		return s.finish(ctx, r, "", sch, set, now, nil)
	}
	read, answered, err := s.history(ctx, r, o.Date)
	if err != nil {
		return err
	}
	if sch.OnlyIfUnread && read {
		return s.finish(ctx, r, o.Date, sch, set, now, nil)
	}
	plans, err := s.planDays(ctx, userID, o.Date)
	if err != nil {
		return err
	}
	if sch.OnlyIfPlanUnread && len(plans) == 0 {
		return s.finish(ctx, r, o.Date, sch, set, now, nil)
	}
	unanswered := domain.Unanswered(answered)
	if unanswered >= domain.PauseAfter {
		return s.finish(ctx, r, "", sch, set, now, &now)
	}
	return s.send(ctx, r, o, sch, set, now, unanswered == domain.PauseAfter-1, plans)
}

// planDays are the days the reader's plans put on date that are not done
// yet, the reading the reminder names.
func (s *Service) planDays(ctx context.Context, userID, date string) ([]plansapi.Named, error) {
	if s.plans == nil {
		return nil, nil
	}
	plans, err := s.plans.Schedules(ctx, userID, date)
	if err != nil {
		return nil, err
	}
	var open []plansapi.Named
	for _, d := range plansapi.DueOn(plans, date) {
		if !d.Day.Done {
			open = append(open, d)
		}
	}
	return open, nil
}

// history tells whether the reader read on date, and, newest first,
// whether each of their latest reminders before date was answered (opened,
// or read that day). Reminders from before reminders were last turned on
// count for nothing.
func (s *Service) history(ctx context.Context, r store.Reminder, date string) (bool, []bool, error) {
	userID := r.UserID
	var latest []store.Occurrence
	err := s.store.Transact(ctx, func(tx *store.Tx) error {
		var err error
		latest, err = tx.Latest(userID, domain.PauseAfter)
		return err
	})
	if err != nil {
		return false, nil, err
	}
	from := date
	for _, o := range latest {
		from = min(from, o.LocalDate)
	}
	log, err := s.reading.Log(ctx, userID, from)
	if err != nil {
		return false, nil, err
	}
	days := map[string]bool{}
	for _, e := range log.Entries {
		days[e.Date] = true
	}
	var answered []bool
	for _, o := range latest {
		if o.LocalDate < date && o.Generation == r.Generation {
			answered = append(answered, o.OpenedAt != nil || days[o.LocalDate])
		}
	}
	return days[date], answered, nil
}

// finish records date as handled without sending (when not ""), pauses
// when paused is set, and schedules the next reminder.
func (s *Service) finish(ctx context.Context, r store.Reminder, date string, sch domain.Schedule, set settingsapi.Settings, now time.Time, paused *time.Time) error {
	return s.store.Transact(ctx, func(tx *store.Tx) error {
		cur, err := tx.Reminder(r.UserID)
		if err != nil || cur.Generation != r.Generation || cur.DoneDate != r.DoneDate {
			return err
		}
		if date != "" {
			cur.DoneDate = date
		}
		cur.PausedAt = paused
		cur.ClaimedUntil, cur.NextAt = nil, nil
		if o, ok := domain.Next(sch, location(set.TimeZone), now, cur.DoneDate); ok {
			cur.NextAt = &o.At
		}
		return tx.Save(cur)
	})
}

// send records the reminder for o.Date with its email, notifications and
// event in one unit of work; another instance that sent it first wins.
func (s *Service) send(ctx context.Context, r store.Reminder, o domain.Occurrence, sch domain.Schedule, set settingsapi.Settings, now time.Time, last bool, plans []plansapi.Named) error {
	user, err := s.directory.User(ctx, r.UserID)
	if err != nil {
		return err
	}
	locale := set.Locale
	if locale == "" {
		locale = user.Locale
	}
	token, hash, err := newToken()
	if err != nil {
		return err
	}
	day, first, err := s.day(ctx, r, o.Date, set, locale, token, last)
	if err != nil {
		return err
	}
	day.Plans = planLines(plans, locale)
	var subs []store.Subscription
	if sch.Has(remindersapi.ChannelPush) {
		if subs, err = s.store.Subscriptions(ctx, r.UserID); err != nil {
			return err
		}
	}
	var channels []string
	if sch.Has(remindersapi.ChannelEmail) && user.Email != "" {
		channels = append(channels, remindersapi.ChannelEmail)
	}
	if len(subs) > 0 {
		channels = append(channels, remindersapi.ChannelPush)
	}
	if len(channels) == 0 {
		return s.finish(ctx, r, o.Date, sch, set, now, nil)
	}
	payload, err := s.payload(locale, o.Date, day, first)
	if err != nil {
		return err
	}
	return s.store.Transact(ctx, func(tx *store.Tx) error {
		cur, err := tx.Reminder(r.UserID)
		if err != nil || cur.Generation != r.Generation || cur.DoneDate != r.DoneDate || !cur.Enabled || cur.PausedAt != nil {
			return err
		}
		inserted, err := tx.Insert(store.Occurrence{
			UserID: r.UserID, LocalDate: o.Date, Generation: cur.Generation, TokenHash: hash,
			Channels: strings.Join(channels, ","), SentAt: now,
		})
		if err != nil || !inserted {
			return err
		}
		if channels[0] == remindersapi.ChannelEmail {
			if err := tx.Enqueue(mailtemplates.Email(locale, user.Email, day)); err != nil {
				return err
			}
		}
		ds := make([]store.Delivery, len(subs))
		for i, sub := range subs {
			ds[i] = store.Delivery{UserID: r.UserID, SubscriptionID: sub.ID, Payload: payload, Status: store.Pending, NextAttemptAt: now, CreatedAt: now}
		}
		if err := tx.Push(ds...); err != nil {
			return err
		}
		if err := tx.Record(remindersapi.ReminderSent{UserID: r.UserID, LocalDate: o.Date, At: now, Channel: strings.Join(channels, ",")}); err != nil {
			return err
		}
		cur.DoneDate, cur.ClaimedUntil, cur.NextAt = o.Date, nil, nil
		if next, ok := domain.Next(sch, location(set.TimeZone), now, o.Date); ok {
			cur.NextAt = &next.At
		}
		return tx.Save(cur)
	})
}

// site is the address links point to.
func (s *Service) site(r store.Reminder) string {
	if s.cfg.SiteURL != "" {
		return strings.TrimRight(s.cfg.SiteURL, "/")
	}
	return strings.TrimRight(r.SiteURL, "/")
}

// localized prefixes path with the locale, as the web app's routes are.
func localized(locale, path string) string {
	if locale == "" || locale == "en" {
		return path
	}
	return "/" + locale + path
}

// OpenURL is the tracked link of a reminder that leads to path.
func OpenURL(site, token, path string) string {
	return site + "/api/reminders/open?token=" + url.QueryEscape(token) + "&to=" + url.QueryEscape(path)
}

// day gathers what the reminder tells: progress towards today's goal, the
// streak and the suggestions, with links. first is the first suggestion,
// which the notification's action logs.
func (s *Service) day(ctx context.Context, r store.Reminder, date string, set settingsapi.Settings, locale, token string, last bool) (mailtemplates.Day, *bible.Range, error) {
	site := s.site(r)
	d := mailtemplates.Day{
		Goal:           set.DailyVerseCountGoal,
		LogURL:         OpenURL(site, token, localized(locale, "/today")),
		SettingsURL:    OpenURL(site, token, localized(locale, "/settings/reminder")),
		UnsubscribeURL: site + localized(locale, "/daily-reminder-unsubscribe") + "?token=" + url.QueryEscape(token),
		OneClickURL:    site + "/api/reminders/unsubscribe?token=" + url.QueryEscape(token),
		Last:           last,
	}
	log, err := s.reading.Log(ctx, r.UserID, date)
	if err != nil {
		return d, nil, err
	}
	read := bible.NewVerseSet()
	for _, e := range log.Entries {
		if e.Date == date {
			read.Add(e.Range())
		}
	}
	d.Read = read.Count()
	if s.streak == nil || s.suggested == nil {
		return d, nil, nil
	}
	streak, err := s.streak.Streak(ctx, r.UserID, date)
	if err != nil {
		return d, nil, err
	}
	d.Streak = streak.Current
	_, suggested, err := s.suggested.Suggestions(ctx, r.UserID, date)
	if err != nil {
		return d, nil, err
	}
	var first *bible.Range
	for _, rg := range suggested {
		label, err := bible.Format(rg, bible.Locale(locale))
		if err != nil {
			continue
		}
		link, err := bible.Link(bible.ParseApp(set.PreferredBibleApp), set.PreferredBibleVersion, rg)
		if err != nil {
			continue
		}
		if first == nil {
			first = &rg
		}
		d.Suggestions = append(d.Suggestions, mailtemplates.Link{Label: label, URL: link})
	}
	return d, first, nil
}

// planLines names each plan day with its passages in locale.
func planLines(plans []plansapi.Named, locale string) []mailtemplates.PlanDay {
	out := make([]mailtemplates.PlanDay, len(plans))
	for i, p := range plans {
		// A plan's passages were checked when it was saved.
		passages, _ := bible.FormatList(p.Day.Passages, bible.Locale(locale))
		out[i] = mailtemplates.PlanDay{Plan: p.Plan, Day: p.Day.Day, Passages: passages}
	}
	return out
}

// Payload is what a push notification carries; the service worker shows
// it and handles its two actions.
type Payload struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	// Date is the reader's local date the reminder is for.
	Date string `json:"date"`
	// URL opens the app (through the tracked link).
	URL string `json:"url"`
	// Log is today's first suggestion, logged by the "log" action; null
	// when there is none (the action then only opens the app).
	Log     *LogPassage `json:"log"`
	Actions []Action    `json:"actions"`
}

// LogPassage is the passage the "log" action records.
type LogPassage struct {
	StartVerseID bible.VerseID `json:"startVerseId"`
	EndVerseID   bible.VerseID `json:"endVerseId"`
}

// Action is a notification button.
type Action struct {
	Action string `json:"action"`
	Title  string `json:"title"`
}

func (s *Service) payload(locale, date string, d mailtemplates.Day, first *bible.Range) (string, error) {
	words := mailtemplates.Notification(locale, d)
	p := Payload{
		Title: words.Title, Body: words.Body, Date: date, URL: d.LogURL,
		Actions: []Action{{Action: "log", Title: words.ActionLog}, {Action: "open", Title: words.ActionOpen}},
	}
	if first != nil {
		p.Log = &LogPassage{StartVerseID: first.Start, EndVerseID: first.End}
	}
	b, err := json.Marshal(p)
	return string(b), err
}
