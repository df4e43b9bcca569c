package domain

import (
	"testing"
	"time"
)

func zone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func utc(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

var everyDay = Schedule{Hour: 7, Minute: 30, Days: []int{1, 2, 3, 4, 5, 6, 7}}

// run drives a fake clock minute by minute from start to end and returns
// every reminder that comes due, the way the scheduler sends them.
func run(s Schedule, loc *time.Location, start, end time.Time) []Occurrence {
	var sent []Occurrence
	done := ""
	for now := start; !now.After(end); now = now.Add(time.Minute) {
		o, ok := Next(s, loc, now, done)
		if ok && !o.At.After(now) {
			sent = append(sent, o)
			done = o.Date
		}
	}
	return sent
}

func TestSevenThirtyStaysLocalAcrossDaylightSaving(t *testing.T) {
	for _, c := range []struct {
		zone string
		// Days around each change of 2026: spring forward and fall back.
		changes []string
	}{
		{"America/New_York", []string{"2026-03-07", "2026-10-31"}},
		{"Europe/Berlin", []string{"2026-03-28", "2026-10-24"}},
		{"Europe/Kyiv", []string{"2026-03-28", "2026-10-24"}},
	} {
		loc := zone(t, c.zone)
		for _, first := range c.changes {
			d, _ := time.ParseInLocation(time.DateOnly, first, loc)
			// New York changes on a Sunday in March but the first Sunday of November.
			if c.zone == "America/New_York" && first == "2026-10-31" {
				d = time.Date(2026, 10, 31, 0, 0, 0, 0, loc)
			}
			sent := run(everyDay, loc, d.Add(-time.Hour).UTC(), d.AddDate(0, 0, 10).UTC())
			if len(sent) != 10 {
				t.Fatalf("%s from %s: %d reminders, want 10", c.zone, first, len(sent))
			}
			offsets := map[int]bool{}
			for _, o := range sent {
				l := o.At.In(loc)
				if l.Hour() != 7 || l.Minute() != 30 || l.Format(time.DateOnly) != o.Date {
					t.Errorf("%s: reminder for %s at %s local", c.zone, o.Date, l)
				}
				_, off := l.Zone()
				offsets[off] = true
			}
			if len(offsets) != 2 {
				t.Errorf("%s from %s: the span did not cross a change (%v)", c.zone, first, offsets)
			}
		}
	}
}

func TestSpringForwardGapIsSentOnceAtTheNextValidTime(t *testing.T) {
	for _, c := range []struct {
		zone      string
		hour      int
		day, want string
	}{
		{"America/New_York", 2, "2026-03-08", "2026-03-08T07:00:00Z"}, // 02:30 is skipped: 03:00 EDT
		{"Europe/Berlin", 2, "2026-03-29", "2026-03-29T01:00:00Z"},    // 02:30 is skipped: 03:00 CEST
		{"Europe/Kyiv", 3, "2026-03-29", "2026-03-29T01:00:00Z"},      // Kyiv skips 03:30: 04:00 EEST
	} {
		s := Schedule{Hour: c.hour, Minute: 30, Days: everyDay.Days}
		loc := zone(t, c.zone)
		d, _ := time.ParseInLocation(time.DateOnly, c.day, loc)
		sent := run(s, loc, d.UTC(), d.Add(24*time.Hour).UTC())
		var that []Occurrence
		for _, o := range sent {
			if o.Date == c.day {
				that = append(that, o)
			}
		}
		if len(that) != 1 || !that[0].At.Equal(utc(c.want)) {
			t.Errorf("%s on %s: %+v, want once at %s", c.zone, c.day, that, c.want)
		}
	}
}

func TestRepeatedHourIsSentOnce(t *testing.T) {
	s := Schedule{Hour: 1, Minute: 30, Days: everyDay.Days}
	loc := zone(t, "America/New_York")
	d := time.Date(2026, 11, 1, 0, 0, 0, 0, loc)
	sent := run(s, loc, d.UTC(), d.Add(20*time.Hour).UTC())
	if len(sent) != 1 || !sent[0].At.Equal(utc("2026-11-01T05:30:00Z")) {
		t.Fatalf("%+v, want once at the first 01:30 (EDT)", sent)
	}
}

func TestOddOffsets(t *testing.T) {
	for _, c := range []struct{ zone, want string }{
		{"Asia/Kolkata", "2026-06-10T02:00:00Z"},       // UTC+5:30
		{"Pacific/Chatham", "2026-06-09T18:45:00Z"},    // UTC+12:45 (winter there)
		{"Pacific/Kiritimati", "2026-06-09T17:30:00Z"}, // UTC+14
		{"America/St_Johns", "2026-06-10T10:00:00Z"},   // UTC-2:30 in summer
	} {
		loc := zone(t, c.zone)
		o, ok := Next(everyDay, loc, utc("2026-06-09T12:00:00Z").Add(-12*time.Hour), "")
		for ok && o.Date != "2026-06-10" {
			o, ok = Next(everyDay, loc, o.At, o.Date)
		}
		if !ok || !o.At.Equal(utc(c.want)) {
			t.Errorf("%s: %+v, want 2026-06-10 at %s", c.zone, o, c.want)
		}
	}
}

func TestMoreThanAnHourLateIsSkipped(t *testing.T) {
	loc := zone(t, "Europe/Berlin")
	due := utc("2026-06-10T05:30:00Z") // 07:30 CEST
	if o, ok := Next(everyDay, loc, due.Add(59*time.Minute), "2026-06-09"); !ok || o.Date != "2026-06-10" {
		t.Fatalf("59 minutes late: %+v", o)
	}
	if o, ok := Next(everyDay, loc, due.Add(61*time.Minute), "2026-06-09"); !ok || o.Date != "2026-06-11" {
		t.Fatalf("61 minutes late: %+v, want tomorrow's", o)
	}
}

func TestChosenDaysOnly(t *testing.T) {
	s := Schedule{Hour: 7, Minute: 30, Days: []int{1, 7}} // Monday and Sunday
	loc := zone(t, "UTC")
	sent := run(s, loc, utc("2026-06-08T00:00:00Z"), utc("2026-06-21T23:59:00Z"))
	var got []string
	for _, o := range sent {
		got = append(got, o.Date)
	}
	want := []string{"2026-06-08", "2026-06-14", "2026-06-15", "2026-06-21"}
	if len(got) != len(want) {
		t.Fatalf("%v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("%v, want %v", got, want)
		}
	}
	if _, ok := Next(Schedule{Hour: 7}, loc, utc("2026-06-08T00:00:00Z"), ""); ok {
		t.Fatal("no days, yet a reminder")
	}
}

func TestValidate(t *testing.T) {
	on, off, hhmm, bad := true, false, "06:05", "6:5"
	en, s, err := Input{Enabled: &on, Time: &hhmm, Days: []int{7, 1, 1}, Channels: []string{"push", "email"}}.Validate()
	if err != nil || !en || s.Time() != "06:05" || s.DaysText() != "1,7" || s.ChannelsText() != "email,push" || !s.OnlyIfUnread {
		t.Fatalf("%v %+v %v", en, s, err)
	}
	for _, in := range []Input{
		{Time: &hhmm, Days: []int{1}, Channels: []string{"email"}},
		{Enabled: &on, Time: &bad, Days: []int{1}, Channels: []string{"email"}},
		{Enabled: &on, Time: &hhmm, Days: []int{0}, Channels: []string{"email"}},
		{Enabled: &on, Time: &hhmm, Days: []int{1}, Channels: []string{"sms"}},
		{Enabled: &on, Time: &hhmm, Days: []int{}, Channels: []string{"email"}},
		{Enabled: &on, Time: &hhmm, Days: []int{1}, Channels: []string{}},
	} {
		if _, _, err := in.Validate(); err == nil {
			t.Errorf("%+v accepted", in)
		}
	}
	if _, _, err := (Input{Enabled: &off, Time: &hhmm, Days: []int{}, Channels: []string{}}).Validate(); err != nil {
		t.Errorf("off with nothing chosen: %v", err)
	}
}

func TestUnanswered(t *testing.T) {
	if Unanswered([]bool{false, false, true, false}) != 2 || Unanswered(nil) != 0 || Unanswered([]bool{false, false, false}) != 3 {
		t.Fatal("Unanswered")
	}
}
