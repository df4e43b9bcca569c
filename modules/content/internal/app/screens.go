package app

// screen is a public screen's title and description in one language.
type screen struct{ title, description string }

// screens describes the public screens that are not text pages, by app path
// and language, for crawlers and link previews (the screens themselves take
// their words from the web app's translations).
var screens = map[string]map[string]screen{
	"": {
		"en": {"Your Bible reading, beautifully kept", "Track and gain insights on your Bible reading."},
		"de": {"Dein Bibellesen – schön festgehalten", "Halte fest, was du in der Bibel liest, sieh deinen Fortschritt wachsen und wisse immer, wo du weiterlesen kannst."},
		"es": {"Tu lectura de la Biblia, bien guardada", "Anota lo que lees en la Biblia, mira cómo crece tu progreso y sabe siempre por dónde seguir."},
		"fr": {"Votre lecture de la Bible, soigneusement consignée", "Notez ce que vous lisez dans la Bible, voyez vos progrès grandir et sachez toujours où reprendre."},
		"pt": {"Sua leitura da Bíblia, bem registrada", "Anote o que você lê na Bíblia, veja seu progresso crescer e saiba sempre onde continuar."},
		"uk": {"Ваше читання Біблії, дбайливо збережене", "Записуйте, що ви читаєте в Біблії, стежте, як зростає ваш поступ, і завжди знайте, звідки продовжити."},
	},
	"login": {
		"en": {"Sign in", "Sign in to Lamplight and pick up your Bible reading where you left off."},
		"de": {"Anmelden", "Melde dich bei Lamplight an und lies dort weiter, wo du aufgehört hast."},
		"es": {"Iniciar sesión", "Inicia sesión en Lamplight para seguir leyendo la Biblia donde lo dejaste."},
		"fr": {"Se connecter", "Connectez-vous à Lamplight pour reprendre votre lecture de la Bible là où vous l’avez laissée."},
		"pt": {"Entrar", "Entre no Lamplight para continuar sua leitura da Bíblia de onde parou."},
		"uk": {"Увійти", "Увійдіть у Lamplight, щоб продовжити читання Біблії з того місця, де ви зупинилися."},
	},
	"register": {
		"en": {"Sign up", "Create a free Lamplight account and keep a simple record of your Bible reading."},
		"de": {"Registrieren", "Erstelle ein kostenloses Lamplight-Konto und halte dein Bibellesen einfach fest."},
		"es": {"Registrarse", "Crea una cuenta gratuita en Lamplight y lleva un registro sencillo de tu lectura de la Biblia."},
		"fr": {"S’inscrire", "Créez un compte Lamplight gratuit et gardez une trace simple de votre lecture de la Bible."},
		"pt": {"Cadastrar-se", "Crie uma conta gratuita no Lamplight e registre sua leitura da Bíblia de um jeito simples."},
		"uk": {"Реєстрація", "Створіть безкоштовний обліковий запис Lamplight і ведіть простий запис свого читання Біблії."},
	},
	"feedback": {
		"en": {"Feedback", "Report a problem, suggest a feature or tell us what you think of Lamplight."},
		"de": {"Feedback", "Melde einen Fehler, schlage eine Funktion vor oder sag uns, wie dir Lamplight gefällt."},
		"es": {"Comentarios", "Informa de un problema, propón una función o cuéntanos qué te parece Lamplight."},
		"fr": {"Commentaires", "Signalez un problème, proposez une fonctionnalité ou dites-nous ce que vous pensez de Lamplight."},
		"pt": {"Feedback", "Relate um problema, sugira um recurso ou conte o que você acha do Lamplight."},
		"uk": {"Відгуки", "Повідомте про помилку, запропонуйте нову функцію або розкажіть, що ви думаєте про Lamplight."},
	},
	"resources/printable-bible-reading-tracker": {
		"en": {"Printable Bible reading tracker", "Every book of the Bible with a box for each chapter. Print it, keep it in your Bible and tick off each chapter as you read it."},
		"de": {"Bibellese-Checkliste zum Ausdrucken", "Alle Bücher der Bibel mit einem Kästchen für jedes Kapitel. Drucke sie aus, lege sie in deine Bibel und hake jedes gelesene Kapitel ab."},
		"es": {"Registro de lectura bíblica para imprimir", "Todos los libros de la Biblia con una casilla para cada capítulo. Imprímelo, guárdalo en tu Biblia y marca cada capítulo a medida que lo leas."},
		"fr": {"Suivi de lecture de la Bible à imprimer", "Tous les livres de la Bible avec une case pour chaque chapitre. Imprimez-le, glissez-le dans votre Bible et cochez chaque chapitre au fil de votre lecture."},
		"pt": {"Controle de leitura da Bíblia para imprimir", "Todos os livros da Bíblia com um quadrinho para cada capítulo. Imprima, guarde na sua Bíblia e marque cada capítulo conforme for lendo."},
		"uk": {"Таблиця читання Біблії для друку", "Усі книги Біблії з клітинкою для кожного розділу. Роздрукуйте таблицю, покладіть її у свою Біблію і позначайте кожен прочитаний розділ."},
	},
}
