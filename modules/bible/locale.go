package bible

import (
	"fmt"
	"strings"
)

// Locale is one of the seven interface languages. Book names, the
// chapter-verse separator and the default Bible version depend on it.
type Locale string

// The supported locales. English is the default and the fallback: an unknown
// locale behaves as English, and English book names are accepted everywhere.
const (
	English    Locale = "en"
	German     Locale = "de"
	Spanish    Locale = "es"
	French     Locale = "fr"
	Portuguese Locale = "pt"
	Ukrainian  Locale = "uk"
	Korean     Locale = "ko"
)

// localeInfo holds a locale's reference-text conventions from locales.json.
type localeInfo struct {
	Code                   Locale   `json:"code"`
	Tag                    string   `json:"tag"`
	Language               string   `json:"language"`
	DefaultVersion         string   `json:"defaultVersion"`
	ChapterVerseSeparator  string   `json:"chapterVerseSeparator"`
	ChapterVerseSeparators []string `json:"chapterVerseSeparators"`
	ListSeparators         []string `json:"listSeparators"`
}

func (kn *kernel) loadLocales() error {
	if err := readJSON("locales.json", &kn.locales); err != nil {
		return err
	}
	kn.localeByCode = map[Locale]*localeInfo{}
	for i := range kn.locales {
		li := &kn.locales[i]
		if !strings.Contains(":,.", li.ChapterVerseSeparator) || len(li.ChapterVerseSeparator) != 1 {
			return fmt.Errorf("locales.json: %s: bad separator %q", li.Code, li.ChapterVerseSeparator)
		}
		for _, s := range append(append([]string(nil), li.ChapterVerseSeparators...), li.ListSeparators...) {
			if len(s) != 1 || !strings.Contains(":,.", s) {
				return fmt.Errorf("locales.json: %s: bad separator %q", li.Code, s)
			}
		}
		if !li.isChapterVerse(li.ChapterVerseSeparator[0]) {
			return fmt.Errorf("locales.json: %s: display separator is not accepted when parsing", li.Code)
		}
		kn.localeByCode[li.Code] = li
	}
	if kn.localeByCode[English] == nil {
		return fmt.Errorf("locales.json: no %q locale", English)
	}
	return nil
}

func (li *localeInfo) isChapterVerse(c byte) bool { return containsByte(li.ChapterVerseSeparators, c) }
func (li *localeInfo) isList(c byte) bool         { return containsByte(li.ListSeparators, c) }

func containsByte(list []string, c byte) bool {
	for _, s := range list {
		if s[0] == c {
			return true
		}
	}
	return false
}

// info returns the locale's conventions, falling back to English.
func (kn *kernel) info(loc Locale) *localeInfo {
	if li := kn.localeByCode[loc]; li != nil {
		return li
	}
	return kn.localeByCode[English]
}

// Locales returns the supported locales, English first.
func Locales() []Locale {
	out := make([]Locale, len(k.locales))
	for i, li := range k.locales {
		out[i] = li.Code
	}
	return out
}

// ParseLocale accepts a locale code or a language tag ("de", "de-DE",
// "pt_BR", "UK") and returns the supported locale it names. For anything
// else it returns English and false, so callers can fall back without a
// second step.
func ParseLocale(s string) (Locale, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if i := strings.IndexAny(s, "-_"); i >= 0 {
		s = s[:i]
	}
	if _, ok := k.localeByCode[Locale(s)]; !ok {
		return English, false
	}
	return Locale(s), true
}

// Tag returns the locale's language tag, e.g. "de-DE".
func (l Locale) Tag() string { return k.info(l).Tag }

// ChapterVerseSeparator returns the separator the locale's readers expect
// between chapter and verse: ":" in English, Spanish, Portuguese,
// Ukrainian and Korean, "," in German ("Johannes 3,16") and "." in French
// ("Jean 3.16").
func (l Locale) ChapterVerseSeparator() string { return k.info(l).ChapterVerseSeparator }

// DefaultVersion returns the Bible version offered first to readers of the
// locale.
func (l Locale) DefaultVersion() string { return k.info(l).DefaultVersion }
