package texts

// The plural forms (CLDR cardinal categories, as the web app's i18next uses
// them through Intl.PluralRules) of whole numbers.
const (
	formOne   = "one"
	formFew   = "few"
	formMany  = "many"
	formOther = "other"
)

var allForms = []string{"zero", formOne, "two", formFew, formMany, formOther}

// formsOf lists the forms a catalog must write for a language. Spanish,
// French and Portuguese also have "many", but only for exact millions
// ("1 000 000 de jours"), which no counted day or minute reaches; such a
// number uses "other".
func formsOf(lang string) []string {
	switch lang {
	case "uk":
		return []string{formOne, formFew, formMany, formOther}
	case "ko":
		return []string{formOther}
	default:
		return []string{formOne, formOther}
	}
}

// pluralForm is the form of n in lang.
func pluralForm(lang string, n int) string {
	if n < 0 {
		n = -n
	}
	switch lang {
	case "ko":
		return formOther
	case "uk":
		switch {
		case n%10 == 1 && n%100 != 11:
			return formOne
		case n%10 >= 2 && n%10 <= 4 && (n%100 < 12 || n%100 > 14):
			return formFew
		default:
			return formMany
		}
	case "fr", "pt":
		if n == 0 || n == 1 {
			return formOne
		}
	default:
		if n == 1 {
			return formOne
		}
	}
	return formOther
}
