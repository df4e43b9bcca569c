package mailtemplates

import (
	"strings"

	"lamplight/platform/mail"
)

// NoticeKind names the admins' notice of new feedback in mail_messages.
const NoticeKind = "feedback_received"

// notice is the admins' email about new feedback in one language:
// {kind}, {email} and {page} are filled in.
type notice struct {
	Subject, From, FromPage, All string
	Kinds                        map[string]string
}

var notices = map[string]notice{
	"en": {
		Subject: "New feedback on Lamplight: {kind}", From: "From {email}:", FromPage: "From {email} (page {page}):", All: "All feedback:",
		Kinds: map[string]string{"bug": "bug report", "feature": "feature request", "comment": "comment"},
	},
	"de": {
		Subject: "Neues Feedback zu Lamplight: {kind}", From: "Von {email}:", FromPage: "Von {email} (Seite {page}):", All: "Alles Feedback:",
		Kinds: map[string]string{"bug": "Fehlermeldung", "feature": "Wunsch", "comment": "Kommentar"},
	},
	"es": {
		Subject: "Nuevos comentarios sobre Lamplight: {kind}", From: "De {email}:", FromPage: "De {email} (página {page}):", All: "Todos los comentarios:",
		Kinds: map[string]string{"bug": "informe de error", "feature": "sugerencia", "comment": "comentario"},
	},
	"fr": {
		Subject: "Nouveau message sur Lamplight\u00a0: {kind}", From: "De {email}\u00a0:", FromPage: "De {email} (page {page})\u00a0:", All: "Tous les messages\u00a0:",
		Kinds: map[string]string{"bug": "signalement de bug", "feature": "suggestion", "comment": "commentaire"},
	},
	"pt": {
		Subject: "Novo feedback sobre o Lamplight: {kind}", From: "De {email}:", FromPage: "De {email} (página {page}):", All: "Todo o feedback:",
		Kinds: map[string]string{"bug": "relato de erro", "feature": "sugestão", "comment": "comentário"},
	},
	"uk": {
		Subject: "Новий відгук про Lamplight: {kind}", From: "Від {email}:", FromPage: "Від {email} (сторінка {page}):", All: "Усі відгуки:",
		Kinds: map[string]string{"bug": "повідомлення про помилку", "feature": "побажання", "comment": "коментар"},
	},
}

// Notice is the email telling an admin (in locale, English when unknown)
// about new feedback, quoted, with a link to the admin list.
func Notice(locale, to, kind, email, page, message, link string) mail.Message {
	n, ok := notices[locale]
	if !ok {
		n = notices["en"]
	}
	r := strings.NewReplacer("{kind}", n.Kinds[kind], "{email}", email, "{page}", page)
	from := n.From
	if page != "" {
		from = n.FromPage
	}
	var b strings.Builder
	b.WriteString(r.Replace(from) + "\n\n")
	b.WriteString(quote(message))
	b.WriteString("\n" + n.All + "\n" + link + "\n\n-- \nLamplight\n")
	return mail.Message{To: to, Kind: NoticeKind, Subject: r.Replace(n.Subject), Text: b.String()}
}
