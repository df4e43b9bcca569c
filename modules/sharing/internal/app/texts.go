package app

import (
	"embed"
	"io/fs"

	"lamplight/platform/texts"
)

// The words of the feed, the public page and the badge per language, in
// texts/<code>.json; the web app is not there to translate them.
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

// Texts are the words of the feed, the public page and the badge in one
// language.
type Texts struct{ locale string }

// T is the text at key ("title", "bibleRead" with {{percent}}, "streak" and
// "longest" with {{count}}, "planDay" with {{day}} and {{plan}}, "book",
// "completion", "badge", "footer").
func (t Texts) T(key string, vars texts.Vars) string { return catalog.T(t.locale, key, vars) }

func textsFor(locale string) Texts { return Texts{locale: locale} }
