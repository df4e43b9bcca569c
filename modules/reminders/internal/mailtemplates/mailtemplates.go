// Package mailtemplates renders the daily reminder in the reader's
// language: the email (plain text with the RFC 8058 one-click unsubscribe
// headers) and the words of the push notification.
package mailtemplates

import (
	"strconv"
	"strings"

	"lamplight/platform/mail"
)

// Kind names the reminder in mail_messages.
const Kind = "daily_reminder"

// wording is the reminder in one language. {read}, {goal}, {n} are filled in.
type wording struct {
	Subject, Intro, Goal, Streak, NoStreak, Suggestions, Log, Last, Settings, Unsubscribe, Footer string
	PushTitle, PushBody, ActionLog, ActionOpen                                                    string
}

// catalog holds the wording per locale; German and Spanish address the
// reader informally, French and Ukrainian formally, as the web app does.
var catalog = map[string]wording{
	"en": {
		Subject: "Time to read", Intro: "Here is your reading for today.",
		Goal: "Today's goal: {read} of {goal} verses read.", Streak: "Your streak: {n} days.", NoStreak: "Start a new streak today.",
		Suggestions: "Suggested for today:", Log: "Log your reading:",
		Last:     "You have not answered the last reminders, so this is the last one for now. To get them again, turn them on in your settings:",
		Settings: "Change your reminder:", Unsubscribe: "Stop these reminders:",
		Footer:    "You are receiving this email because you turned on daily reminders in Lamplight.",
		PushTitle: "Time to read", PushBody: "{read} of {goal} verses today. Streak: {n} days.",
		ActionLog: "Log today's suggestion", ActionOpen: "Open",
	},
	"de": {
		Subject: "Zeit zum Lesen", Intro: "Hier ist deine Lektüre für heute.",
		Goal: "Tagesziel: {read} von {goal} Versen gelesen.", Streak: "Deine Serie: {n} Tage.", NoStreak: "Starte heute eine neue Serie.",
		Suggestions: "Vorschläge für heute:", Log: "Trag deine Lektüre ein:",
		Last:     "Du hast auf die letzten Erinnerungen nicht reagiert, deshalb ist dies vorerst die letzte. Wenn du wieder welche möchtest, schalte sie in deinen Einstellungen ein:",
		Settings: "Erinnerung ändern:", Unsubscribe: "Diese Erinnerungen abbestellen:",
		Footer:    "Du erhältst diese E-Mail, weil du in Lamplight tägliche Erinnerungen eingeschaltet hast.",
		PushTitle: "Zeit zum Lesen", PushBody: "Heute {read} von {goal} Versen. Serie: {n} Tage.",
		ActionLog: "Heutigen Vorschlag eintragen", ActionOpen: "Öffnen",
	},
	"es": {
		Subject: "Es hora de leer", Intro: "Esta es tu lectura de hoy.",
		Goal: "Meta de hoy: {read} de {goal} versículos leídos.", Streak: "Tu racha: {n} días.", NoStreak: "Empieza hoy una nueva racha.",
		Suggestions: "Sugerencias para hoy:", Log: "Registra tu lectura:",
		Last:     "No respondiste a los últimos recordatorios, así que este es el último por ahora. Para recibirlos de nuevo, actívalos en tu configuración:",
		Settings: "Cambia tu recordatorio:", Unsubscribe: "Dejar de recibir estos recordatorios:",
		Footer:    "Recibes este correo porque activaste los recordatorios diarios en Lamplight.",
		PushTitle: "Es hora de leer", PushBody: "Hoy {read} de {goal} versículos. Racha: {n} días.",
		ActionLog: "Registrar la sugerencia de hoy", ActionOpen: "Abrir",
	},
	"fr": {
		Subject: "C'est l'heure de lire", Intro: "Voici votre lecture du jour.",
		Goal: "Objectif du jour\u00a0: {read} versets lus sur {goal}.", Streak: "Votre série\u00a0: {n} jours.", NoStreak: "Commencez une nouvelle série aujourd'hui.",
		Suggestions: "Suggestions du jour\u00a0:", Log: "Enregistrez votre lecture\u00a0:",
		Last:     "Vous n'avez pas répondu aux derniers rappels\u00a0; celui-ci est donc le dernier pour le moment. Pour les recevoir à nouveau, activez-les dans vos paramètres\u00a0:",
		Settings: "Modifier votre rappel\u00a0:", Unsubscribe: "Ne plus recevoir ces rappels\u00a0:",
		Footer:    "Vous recevez cet e-mail parce que vous avez activé les rappels quotidiens dans Lamplight.",
		PushTitle: "C'est l'heure de lire", PushBody: "Aujourd'hui {read} versets sur {goal}. Série\u00a0: {n} jours.",
		ActionLog: "Enregistrer la suggestion du jour", ActionOpen: "Ouvrir",
	},
	"pt": {
		Subject: "Hora de ler", Intro: "Esta é a sua leitura de hoje.",
		Goal: "Meta de hoje: {read} de {goal} versículos lidos.", Streak: "Sua sequência: {n} dias.", NoStreak: "Comece hoje uma nova sequência.",
		Suggestions: "Sugestões para hoje:", Log: "Registre sua leitura:",
		Last:     "Você não respondeu aos últimos lembretes, então este é o último por enquanto. Para recebê-los de novo, ative-os nas suas configurações:",
		Settings: "Altere seu lembrete:", Unsubscribe: "Parar de receber estes lembretes:",
		Footer:    "Você está recebendo este e-mail porque ativou os lembretes diários no Lamplight.",
		PushTitle: "Hora de ler", PushBody: "Hoje {read} de {goal} versículos. Sequência: {n} dias.",
		ActionLog: "Registrar a sugestão de hoje", ActionOpen: "Abrir",
	},
	"uk": {
		Subject: "Час читати", Intro: "Ось ваше читання на сьогодні.",
		Goal: "Мета на сьогодні: прочитано {read} з {goal} віршів.", Streak: "Ваша серія: {n} дн.", NoStreak: "Почніть нову серію сьогодні.",
		Suggestions: "Пропозиції на сьогодні:", Log: "Запишіть своє читання:",
		Last:     "Ви не відповіли на останні нагадування, тож це поки що останнє. Щоб отримувати їх знову, увімкніть їх у налаштуваннях:",
		Settings: "Змінити нагадування:", Unsubscribe: "Відписатися від цих нагадувань:",
		Footer:    "Ви отримали цей лист, тому що увімкнули щоденні нагадування в Lamplight.",
		PushTitle: "Час читати", PushBody: "Сьогодні {read} з {goal} віршів. Серія: {n} дн.",
		ActionLog: "Записати сьогоднішню пропозицію", ActionOpen: "Відкрити",
	},
}

func words(locale string) wording {
	if w, ok := catalog[locale]; ok {
		return w
	}
	return catalog["en"]
}

// Link is a passage suggested for today and where it opens.
type Link struct {
	Label, URL string
}

// Day is what a reminder tells.
type Day struct {
	Read, Goal, Streak int
	Suggestions        []Link
	// LogURL, SettingsURL, UnsubscribeURL (the web page asking to confirm)
	// and OneClickURL (the List-Unsubscribe target of RFC 8058's POST) are
	// absolute.
	LogURL, SettingsURL, UnsubscribeURL, OneClickURL string
	// Last says reminders pause unless this one is answered.
	Last bool
}

func (w wording) fill(s string, d Day) string {
	return strings.NewReplacer("{read}", strconv.Itoa(d.Read), "{goal}", strconv.Itoa(d.Goal), "{n}", strconv.Itoa(d.Streak)).Replace(s)
}

// Email is the reminder to address in locale.
func Email(locale, to string, d Day) mail.Message {
	w := words(locale)
	var b strings.Builder
	b.WriteString(w.Intro + "\n\n")
	b.WriteString(w.fill(w.Goal, d) + "\n")
	if d.Streak > 0 {
		b.WriteString(w.fill(w.Streak, d) + "\n")
	} else {
		b.WriteString(w.NoStreak + "\n")
	}
	if len(d.Suggestions) > 0 {
		b.WriteString("\n" + w.Suggestions + "\n")
		for _, s := range d.Suggestions {
			b.WriteString("- " + s.Label + ": " + s.URL + "\n")
		}
	}
	b.WriteString("\n" + w.Log + "\n" + d.LogURL + "\n")
	if d.Last {
		b.WriteString("\n" + w.Last + "\n" + d.SettingsURL + "\n")
	} else {
		b.WriteString("\n" + w.Settings + "\n" + d.SettingsURL + "\n")
	}
	b.WriteString("\n" + w.Unsubscribe + "\n" + d.UnsubscribeURL + "\n")
	b.WriteString("\n" + w.Footer + "\n\n-- \nLamplight\n")
	return mail.Message{
		To: to, Kind: Kind, Subject: w.Subject, Text: b.String(),
		Headers: map[string]string{
			"List-Unsubscribe":      "<" + d.OneClickURL + ">",
			"List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
		},
	}
}

// Push is the notification's words in locale.
type Push struct {
	Title, Body, ActionLog, ActionOpen string
}

// Notification is the push notification's words for d in locale.
func Notification(locale string, d Day) Push {
	w := words(locale)
	return Push{Title: w.PushTitle, Body: w.fill(w.PushBody, d), ActionLog: w.ActionLog, ActionOpen: w.ActionOpen}
}
