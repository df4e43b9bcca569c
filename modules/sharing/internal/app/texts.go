package app

// Texts are the words of the feed, the public page and the badge in one
// language; the web app is not there to translate them.
type Texts struct {
	calendarName string
	readNext     string
	Title        string
	BibleRead    string // "%d%% of the Bible read"
	Streak       string // "Current streak: %d days"
	Longest      string // "Longest streak: %d days"
	Book         string
	Completion   string
	Badge        string
	Footer       string
}

var texts = map[string]Texts{
	"en": {"Lamplight reading", "Read next", "Bible reading progress", "%d%% of the Bible read", "Current streak: %d days", "Longest streak: %d days", "Book", "Read", "Bible read", "Shared from Lamplight, a Bible reading log."},
	"de": {"Lamplight-Bibellese", "Als Nächstes lesen", "Fortschritt beim Bibellesen", "%d %% der Bibel gelesen", "Aktuelle Serie: %d Tage", "Längste Serie: %d Tage", "Buch", "Gelesen", "Bibel gelesen", "Geteilt aus Lamplight, einem Bibelleseprotokoll."},
	"es": {"Lectura en Lamplight", "Leer a continuación", "Progreso de lectura bíblica", "%d %% de la Biblia leída", "Racha actual: %d días", "Racha más larga: %d días", "Libro", "Leído", "Biblia leída", "Compartido desde Lamplight, un registro de lectura bíblica."},
	"fr": {"Lecture Lamplight", "À lire ensuite", "Progression de la lecture biblique", "%d %% de la Bible lue", "Série actuelle : %d jours", "Plus longue série : %d jours", "Livre", "Lu", "Bible lue", "Partagé depuis Lamplight, un journal de lecture biblique."},
	"pt": {"Leitura no Lamplight", "Ler a seguir", "Progresso da leitura bíblica", "%d%% da Bíblia lida", "Sequência atual: %d dias", "Maior sequência: %d dias", "Livro", "Lido", "Bíblia lida", "Compartilhado do Lamplight, um registro de leitura bíblica."},
	"uk": {"Читання в Lamplight", "Читати далі", "Прогрес читання Біблії", "Прочитано %d%% Біблії", "Поточна серія: %d дн.", "Найдовша серія: %d дн.", "Книга", "Прочитано", "Біблія", "Поширено з Lamplight, журналу читання Біблії."},
}

func textsFor(locale string) Texts {
	if t, ok := texts[locale]; ok {
		return t
	}
	return texts["en"]
}
