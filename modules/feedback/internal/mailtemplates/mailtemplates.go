// Package mailtemplates renders feedback's plain-text emails: an admin's
// reply in the sender's language (the reply, then the original quoted),
// and the admins' notice of new feedback in each admin's language.
package mailtemplates

import (
	"strings"
	"time"

	"lamplight/platform/mail"
)

// Kind names the reply in mail_messages, where it outlives the content.
const Kind = "feedback_reply"

// wording is the reply email in one language; {date} is the day the
// original was sent.
type wording struct {
	Subject, Intro, Quoted, Footer string
}

// catalog holds the wording per locale. German and Spanish address the
// reader informally, French and Ukrainian formally, as the web app does.
var catalog = map[string]wording{
	"en": {
		Subject: "Reply to your feedback on Lamplight",
		Intro:   "Thank you for writing to us. Here is our reply:",
		Quoted:  "You wrote on {date}:",
		Footer:  "You are receiving this email because you sent feedback to Lamplight.",
	},
	"de": {
		Subject: "Antwort auf dein Feedback zu Lamplight",
		Intro:   "Danke, dass du uns geschrieben hast. Hier ist unsere Antwort:",
		Quoted:  "Du hast am {date} geschrieben:",
		Footer:  "Du erhältst diese E-Mail, weil du Lamplight Feedback geschickt hast.",
	},
	"es": {
		Subject: "Respuesta a tus comentarios sobre Lamplight",
		Intro:   "Gracias por escribirnos. Esta es nuestra respuesta:",
		Quoted:  "El {date} escribiste:",
		Footer:  "Recibes este correo porque enviaste comentarios a Lamplight.",
	},
	"fr": {
		Subject: "Réponse à votre message sur Lamplight",
		Intro:   "Merci de nous avoir écrit. Voici notre réponse\u00a0:",
		Quoted:  "Le {date}, vous avez écrit\u00a0:",
		Footer:  "Vous recevez cet e-mail parce que vous avez envoyé un message à Lamplight.",
	},
	"pt": {
		Subject: "Resposta ao seu feedback sobre o Lamplight",
		Intro:   "Obrigado por nos escrever. Esta é a nossa resposta:",
		Quoted:  "Em {date}, você escreveu:",
		Footer:  "Você está recebendo este e-mail porque enviou um feedback ao Lamplight.",
	},
	"uk": {
		Subject: "Відповідь на ваш відгук про Lamplight",
		Intro:   "Дякуємо, що написали нам. Ось наша відповідь:",
		Quoted:  "{date} ви написали:",
		Footer:  "Ви отримали цей лист, тому що надіслали відгук про Lamplight.",
	},
}

// Reply is the email carrying reply to the sender of original, written on
// sent, in locale (English when unknown).
func Reply(locale, to, reply, original string, sent time.Time) mail.Message {
	w, ok := catalog[locale]
	if !ok {
		w = catalog["en"]
	}
	var b strings.Builder
	b.WriteString(w.Intro + "\n\n")
	b.WriteString(strings.TrimSpace(reply) + "\n\n")
	b.WriteString(strings.ReplaceAll(w.Quoted, "{date}", sent.UTC().Format(time.DateOnly)) + "\n")
	b.WriteString(quote(original))
	b.WriteString("\n" + w.Footer + "\n\n-- \nLamplight\n")
	return mail.Message{To: to, Kind: Kind, Subject: w.Subject, Text: b.String()}
}

// quote marks every line of text as quoted, the way mail readers show it.
func quote(text string) string {
	var b strings.Builder
	for line := range strings.SplitSeq(strings.TrimSpace(text), "\n") {
		b.WriteString(strings.TrimRight("> "+line, " ") + "\n")
	}
	return b.String()
}
