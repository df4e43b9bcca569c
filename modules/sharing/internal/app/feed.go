package app

import (
	"context"
	"crypto/sha256"
	"strconv"
	"strings"
	"time"

	"lamplight/modules/bible"
	"lamplight/modules/reading/readingapi"
	"lamplight/modules/sharing/internal/ical"
	"lamplight/modules/sharing/sharingapi"
	"lamplight/platform/dates"
	"lamplight/platform/texts"
)

// PlanWindow bounds the plan days the feed carries to those dated this
// many days around today: a reader may follow 50 plans of 2,000 days.
const PlanWindow = 366

// Feed is the reader's calendar as iCalendar text: every day with reading
// an all-day event listing its passages, each plan day the schedule dates
// within PlanWindow of today ("Day 12 of M'Cheyne" with its passages), and
// (when chosen) today's "Read next" event. Besides the date, nothing in it
// depends on the moment it is made, so the same log and plans give the
// same bytes and the same ETag all day.
func (s *Service) Feed(ctx context.Context, token, host string) (string, error) {
	l, err := s.owner(ctx, sharingapi.KindCalendarFeed, token)
	if err != nil {
		return "", err
	}
	st, err := s.settings.Get(ctx, l.UserID)
	if err != nil {
		return "", err
	}
	loc, ok := bible.ParseLocale(st.Locale)
	if !ok {
		loc = bible.English
	}
	log, err := s.reading.Log(ctx, l.UserID, "")
	if err != nil {
		return "", err
	}
	// UIDs stay the same when the URL is rotated: calendars update the
	// events instead of duplicating them.
	sum := sha256.Sum256([]byte("lamplight-feed:" + l.UserID))
	uidTail := "-" + hexString(sum[:8]) + "@" + host
	tx := textsFor(string(loc))

	var w ical.Writer
	w.Line("BEGIN", "VCALENDAR")
	w.Line("VERSION", "2.0")
	w.Text("PRODID", "-//Lamplight//Reading log//EN")
	w.Line("CALSCALE", "GREGORIAN")
	w.Line("METHOD", "PUBLISH")
	w.Text("X-WR-CALNAME", tx.T("calendarName", nil))
	w.Line("REFRESH-INTERVAL;VALUE=DURATION", "PT6H")
	w.Line("X-PUBLISHED-TTL", "PT6H")
	for i := 0; i < len(log.Entries); {
		j := i
		var ranges []bible.Range
		var stamp time.Time
		for ; j < len(log.Entries) && log.Entries[j].Date == log.Entries[i].Date; j++ {
			ranges = append(ranges, log.Entries[j].Range())
			stamp = later(stamp, log.Entries[j])
		}
		day(&w, log.Entries[i].Date, "reading-", uidTail, stamp, ranges, loc, "")
		i = j
	}
	if err := s.planDays(ctx, &w, l.UserID, dates.Today(st.TimeZone, s.now()), uidTail, loc, tx); err != nil {
		return "", err
	}
	if l.ReadNext {
		today, next, err := s.readNext.Suggestions(ctx, l.UserID, "")
		if err != nil {
			return "", err
		}
		if len(next) > 0 {
			t, _ := time.Parse("2006-01-02", today)
			day(&w, today, "read-next-", uidTail, t, next, loc, tx.T("readNext", nil))
		}
	}
	w.Line("END", "VCALENDAR")
	return w.String(), nil
}

// planDays writes an event for each plan day dated within PlanWindow of
// today. Its UID names the plan, the day and its date.
func (s *Service) planDays(ctx context.Context, w *ical.Writer, userID, today, uidTail string, loc bible.Locale, tx Texts) error {
	plans, err := s.plans.Schedules(ctx, userID, today)
	if err != nil {
		return err
	}
	from, to := dates.AddDays(today, -PlanWindow), dates.AddDays(today, PlanWindow)
	for _, p := range plans {
		for _, d := range p.Days {
			if d.Date < from || d.Date > to {
				continue
			}
			name := tx.T("planDay", texts.Vars{"day": d.Day, "plan": p.Name})
			day(w, d.Date, "plan-"+p.ID+"-"+strconv.Itoa(d.Day)+"-", uidTail, p.UpdatedAt, d.Passages, loc, name)
		}
	}
	return nil
}

func later(t time.Time, e readingapi.Entry) time.Time {
	for _, c := range []time.Time{e.UpdatedAt, e.CreatedAt} {
		if c.After(t) {
			t = c
		}
	}
	return t
}

// day writes one all-day event on date listing ranges; prefix labels the
// summary ("Read next: ...").
func day(w *ical.Writer, date, kind, uidTail string, stamp time.Time, ranges []bible.Range, loc bible.Locale, prefix string) {
	compact := strings.ReplaceAll(date, "-", "")
	next, _ := time.Parse("2006-01-02", date)
	list, err := bible.FormatList(ranges, loc)
	if err != nil {
		return
	}
	lines := make([]string, 0, len(ranges))
	for _, r := range ranges {
		if t, err := bible.Format(r, loc); err == nil {
			lines = append(lines, t)
		}
	}
	summary := list
	if prefix != "" {
		summary = prefix + ": " + list
	}
	w.Line("BEGIN", "VEVENT")
	w.Line("UID", kind+compact+uidTail)
	w.Line("DTSTAMP", stamp.UTC().Format("20060102T150405Z"))
	w.Line("DTSTART;VALUE=DATE", compact)
	w.Line("DTEND;VALUE=DATE", next.AddDate(0, 0, 1).Format("20060102"))
	w.Text("SUMMARY", summary)
	w.Text("DESCRIPTION", strings.Join(lines, "\n"))
	w.Line("TRANSP", "TRANSPARENT")
	w.Line("END", "VEVENT")
}

func hexString(b []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 0, 2*len(b))
	for _, c := range b {
		out = append(out, digits[c>>4], digits[c&15])
	}
	return string(out)
}
