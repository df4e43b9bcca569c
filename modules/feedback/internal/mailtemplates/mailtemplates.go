// Package mailtemplates renders feedback's plain-text emails: an admin's
// reply in the sender's language (the reply, then the original quoted),
// and the admins' notice of new feedback in each admin's language.
package mailtemplates

import (
	"embed"
	"io/fs"
	"strings"
	"time"

	"lamplight/platform/mail"
	"lamplight/platform/texts"
)

// Kind names the reply in mail_messages, where it outlives the content.
const Kind = "feedback_reply"

// The wording per language, in texts/<code>.json: "reply" for the reply
// ({{date}} is the day the original was sent), "notice" for the admins'
// notice. German and Spanish address the reader informally, French and
// Ukrainian formally, Korean politely (해요체), as the web app does.
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

// Reply is the email carrying reply to the sender of original, written on
// sent, in locale (English when unknown).
func Reply(locale, to, reply, original string, sent time.Time) mail.Message {
	vars := texts.Vars{"date": sent.UTC().Format(time.DateOnly)}
	w := func(key string) string { return catalog.T(locale, "reply."+key, vars) }
	var b strings.Builder
	b.WriteString(w("intro") + "\n\n")
	b.WriteString(strings.TrimSpace(reply) + "\n\n")
	b.WriteString(w("quoted") + "\n")
	b.WriteString(quote(original))
	b.WriteString("\n" + w("footer") + "\n\n-- \nLamplight\n")
	return mail.Message{To: to, Kind: Kind, Subject: w("subject"), Text: b.String()}
}

// quote marks every line of text as quoted, the way mail readers show it.
func quote(text string) string {
	var b strings.Builder
	for line := range strings.SplitSeq(strings.TrimSpace(text), "\n") {
		b.WriteString(strings.TrimRight("> "+line, " ") + "\n")
	}
	return b.String()
}
