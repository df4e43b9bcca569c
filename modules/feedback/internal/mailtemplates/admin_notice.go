package mailtemplates

import (
	"strings"

	"lamplight/platform/mail"
	"lamplight/platform/texts"
)

// NoticeKind names the admins' notice of new feedback in mail_messages.
const NoticeKind = "feedback_received"

// Notice is the email telling an admin (in locale, English when unknown)
// about new feedback, quoted, with a link to the admin list.
func Notice(locale, to, kind, email, page, message, link string) mail.Message {
	vars := texts.Vars{"kind": catalog.T(locale, "notice.kinds."+kind, nil), "email": email, "page": page}
	n := func(key string) string { return catalog.T(locale, "notice."+key, vars) }
	from := n("from")
	if page != "" {
		from = n("fromPage")
	}
	var b strings.Builder
	b.WriteString(from + "\n\n")
	b.WriteString(quote(message))
	b.WriteString("\n" + n("all") + "\n" + link + "\n\n-- \nLamplight\n")
	return mail.Message{To: to, Kind: NoticeKind, Subject: n("subject"), Text: b.String()}
}
