package app

import (
	"embed"
	"io/fs"

	"lamplight/platform/texts"
)

// screens names, by app path, the public screens that are not text pages;
// their titles and descriptions for crawlers and link previews are in
// texts/<code>.json under that name (the screens themselves take their
// words from the web app's translations).
var screens = map[string]string{
	"":         "home",
	"login":    "login",
	"register": "register",
	"feedback": "feedback",
	"resources/printable-bible-reading-tracker": "printableTracker",
}

//go:embed texts/*.json
var files embed.FS

var screenTexts = func() *texts.Catalog {
	sub, err := fs.Sub(files, "texts")
	if err != nil {
		panic(err)
	}
	return texts.MustLoad(sub)
}()
