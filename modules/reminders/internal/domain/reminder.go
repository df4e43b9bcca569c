// Package domain holds the reminders rules: a reader's schedule and its
// validation, when the next reminder is due in their time zone, and when
// unanswered reminders pause.
package domain

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"lamplight/modules/reminders/remindersapi"
	"lamplight/platform/errs"
)

// PauseAfter is how many reminders in a row may lead to nothing (no click,
// no reading that day) before reminders pause.
const PauseAfter = 3

// Schedule is when and how a reader is reminded.
type Schedule struct {
	Hour, Minute int
	// Days are ISO weekdays, Monday 1 to Sunday 7, ascending.
	Days         []int
	OnlyIfUnread bool
	// OnlyIfPlanUnread skips the reminder unless a plan the reader follows
	// has a day on that date that is not done yet.
	OnlyIfPlanUnread bool
	Channels         []string
}

// On reports whether the schedule reminds on weekday wd.
func (s Schedule) On(wd time.Weekday) bool {
	iso := int(wd)
	if iso == 0 {
		iso = 7
	}
	return slices.Contains(s.Days, iso)
}

// Time is the schedule's local time, HH:MM.
func (s Schedule) Time() string { return fmt.Sprintf("%02d:%02d", s.Hour, s.Minute) }

// Has reports whether the schedule uses channel.
func (s Schedule) Has(channel string) bool { return slices.Contains(s.Channels, channel) }

// DefaultSchedule is what a reader who never saved one sees: off, 07:30
// every day, only if unread, by email.
var DefaultSchedule = Schedule{Hour: 7, Minute: 30, Days: []int{1, 2, 3, 4, 5, 6, 7}, OnlyIfUnread: true, Channels: []string{remindersapi.ChannelEmail}}

// Input is the body of PUT /api/reminders.
type Input struct {
	Enabled          *bool    `json:"enabled"`
	Time             *string  `json:"time"`
	Days             []int    `json:"days"`
	OnlyIfUnread     *bool    `json:"onlyIfUnread"`
	OnlyIfPlanUnread *bool    `json:"onlyIfPlanUnread"`
	Channels         []string `json:"channels"`
}

// Validate checks every field and returns the schedule; a missing
// onlyIfUnread means on, a missing onlyIfPlanUnread off.
func (in Input) Validate() (bool, Schedule, error) {
	var details []errs.Detail
	s := Schedule{OnlyIfUnread: true}
	if in.Enabled == nil {
		details = append(details, errs.Field("enabled", errs.Required))
	}
	switch {
	case in.Time == nil || *in.Time == "":
		details = append(details, errs.Field("time", errs.Required))
	default:
		h, m, ok := parseClock(*in.Time)
		if !ok {
			details = append(details, errs.Field("time", errs.IsInvalid))
		}
		s.Hour, s.Minute = h, m
	}
	if in.Days == nil {
		details = append(details, errs.Field("days", errs.Required))
	}
	for _, d := range in.Days {
		if d < 1 || d > 7 {
			details = append(details, errs.Field("days", errs.IsInvalid))
			break
		}
		if !slices.Contains(s.Days, d) {
			s.Days = append(s.Days, d)
		}
	}
	slices.Sort(s.Days)
	if in.Channels == nil {
		details = append(details, errs.Field("channels", errs.Required))
	}
	for _, c := range in.Channels {
		if c != remindersapi.ChannelEmail && c != remindersapi.ChannelPush {
			details = append(details, errs.Field("channels", errs.IsInvalid))
			break
		}
		if !slices.Contains(s.Channels, c) {
			s.Channels = append(s.Channels, c)
		}
	}
	slices.Sort(s.Channels)
	if in.OnlyIfUnread != nil {
		s.OnlyIfUnread = *in.OnlyIfUnread
	}
	if in.OnlyIfPlanUnread != nil {
		s.OnlyIfPlanUnread = *in.OnlyIfPlanUnread
	}
	enabled := in.Enabled != nil && *in.Enabled
	if enabled && len(details) == 0 && (len(s.Days) == 0 || len(s.Channels) == 0) {
		field := "days"
		if len(s.Days) > 0 {
			field = "channels"
		}
		details = append(details, errs.Field(field, errs.Required))
	}
	if len(details) > 0 {
		return false, Schedule{}, errs.Validation(details...)
	}
	return enabled, s, nil
}

// parseClock reads HH:MM, 00:00 to 23:59.
func parseClock(v string) (int, int, bool) {
	hs, ms, ok := strings.Cut(v, ":")
	if !ok || len(hs) != 2 || len(ms) != 2 {
		return 0, 0, false
	}
	h, err1 := strconv.Atoi(hs)
	m, err2 := strconv.Atoi(ms)
	if err1 != nil || err2 != nil || h < 0 || h > 23 || m < 0 || m > 59 {
		return 0, 0, false
	}
	return h, m, true
}

// ParseSchedule rehydrates a stored schedule.
func ParseSchedule(clock, days, channels string, onlyIfUnread, onlyIfPlanUnread bool) Schedule {
	s := Schedule{OnlyIfUnread: onlyIfUnread, OnlyIfPlanUnread: onlyIfPlanUnread, Days: []int{}, Channels: []string{}}
	s.Hour, s.Minute, _ = parseClock(clock)
	for _, d := range strings.Split(days, ",") {
		if n, err := strconv.Atoi(d); err == nil {
			s.Days = append(s.Days, n)
		}
	}
	for _, c := range strings.Split(channels, ",") {
		if c != "" {
			s.Channels = append(s.Channels, c)
		}
	}
	return s
}

// DaysText and ChannelsText are the stored forms of the lists.
func (s Schedule) DaysText() string {
	parts := make([]string, len(s.Days))
	for i, d := range s.Days {
		parts[i] = strconv.Itoa(d)
	}
	return strings.Join(parts, ",")
}

// ChannelsText is the stored form of the channels.
func (s Schedule) ChannelsText() string { return strings.Join(s.Channels, ",") }

// Unanswered counts how many of the latest reminders, newest first, led
// to nothing, stopping at the first that was answered.
func Unanswered(answered []bool) int {
	n := 0
	for _, a := range answered {
		if a {
			break
		}
		n++
	}
	return n
}
