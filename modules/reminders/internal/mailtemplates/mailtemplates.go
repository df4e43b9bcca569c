// Package mailtemplates renders the daily reminder in the reader's
// language: the email (plain text with the RFC 8058 one-click unsubscribe
// headers) and the words of the push notification.
package mailtemplates

import (
	"embed"
	"io/fs"
	"strings"

	"lamplight/platform/mail"
	"lamplight/platform/texts"
)

// Kind names the reminder in mail_messages.
const Kind = "daily_reminder"

// The wording per language, in texts/<code>.json: {{read}}, {{goal}} and
// {{count}} (the streak's days) are filled in. German and Spanish address
// the reader informally, French and Ukrainian formally, Korean politely
// (해요체), as the web app does.
//
//go:embed texts/*.json
var files embed.FS

var catalog = func() *texts.Catalog {
	sub, err := fs.Sub(files, "texts")
	if err != nil {
		panic(err)
	}
	return texts.MustLoad(sub)
}()

// Link is a passage suggested for today and where it opens.
type Link struct {
	Label, URL string
}

// PlanDay is a day of a plan due on the reminder's date, not done yet.
type PlanDay struct {
	Plan     string
	Day      int
	Passages string
}

// Day is what a reminder tells.
type Day struct {
	Read, Goal, Streak int
	// Plans are the plan days the reminder names ("Day 12 of M'Cheyne").
	Plans       []PlanDay
	Suggestions []Link
	// LogURL, SettingsURL, UnsubscribeURL (the web page asking to confirm)
	// and OneClickURL (the List-Unsubscribe target of RFC 8058's POST) are
	// absolute.
	LogURL, SettingsURL, UnsubscribeURL, OneClickURL string
	// Last says reminders pause unless this one is answered.
	Last bool
}

// words returns the texts of a day's reminder in locale.
func words(locale string, d Day) func(key string) string {
	vars := texts.Vars{"read": d.Read, "goal": d.Goal, "count": d.Streak}
	return func(key string) string { return catalog.T(locale, key, vars) }
}

// Email is the reminder to address in locale.
func Email(locale, to string, d Day) mail.Message {
	w := words(locale, d)
	var b strings.Builder
	b.WriteString(w("intro") + "\n\n")
	if len(d.Plans) > 0 {
		b.WriteString(w("plans") + "\n")
		for _, p := range d.Plans {
			b.WriteString("- " + planDay(locale, p) + ": " + p.Passages + "\n")
		}
		b.WriteString("\n")
	}
	b.WriteString(w("goal") + "\n")
	if d.Streak > 0 {
		b.WriteString(w("streak") + "\n")
	} else {
		b.WriteString(w("noStreak") + "\n")
	}
	if len(d.Suggestions) > 0 {
		b.WriteString("\n" + w("suggestions") + "\n")
		for _, s := range d.Suggestions {
			b.WriteString("- " + s.Label + ": " + s.URL + "\n")
		}
	}
	b.WriteString("\n" + w("log") + "\n" + d.LogURL + "\n")
	if d.Last {
		b.WriteString("\n" + w("last") + "\n" + d.SettingsURL + "\n")
	} else {
		b.WriteString("\n" + w("settings") + "\n" + d.SettingsURL + "\n")
	}
	b.WriteString("\n" + w("unsubscribe") + "\n" + d.UnsubscribeURL + "\n")
	b.WriteString("\n" + w("footer") + "\n\n-- \nLamplight\n")
	return mail.Message{
		To: to, Kind: Kind, Subject: w("subject"), Text: b.String(),
		Headers: map[string]string{
			"List-Unsubscribe":      "<" + d.OneClickURL + ">",
			"List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
		},
	}
}

// planDay names a plan day in locale: "Day 12 of M'Cheyne".
func planDay(locale string, p PlanDay) string {
	return catalog.T(locale, "planDay", texts.Vars{"day": p.Day, "plan": p.Plan})
}

// Push is the notification's words in locale.
type Push struct {
	Title, Body, ActionLog, ActionOpen string
}

// Notification is the push notification's words for d in locale.
func Notification(locale string, d Day) Push {
	w := words(locale, d)
	p := Push{Title: w("push.title"), Body: w("push.body"), ActionLog: w("push.actionLog"), ActionOpen: w("push.actionOpen")}
	if len(d.Plans) > 0 {
		names := make([]string, len(d.Plans))
		for i, pd := range d.Plans {
			names[i] = planDay(locale, pd)
		}
		p.Body = catalog.T(locale, "push.planBody", texts.Vars{"days": strings.Join(names, ", ")}) + " " + p.Body
	}
	return p
}
