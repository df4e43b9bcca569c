package httpapi

import (
	"bytes"
	"fmt"
	"html/template"
	"strings"
	"unicode"

	"lamplight/modules/bible"
	"lamplight/modules/sharing/internal/app"
	"lamplight/platform/texts"
)

var pageTemplate = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="light dark">
<title>{{.Title}} | Lamplight</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:1rem;color:#1f2328;background:#fbfaf7;line-height:1.5}
main{max-width:44rem;margin:0 auto}
h1{font-size:1.5rem;margin:.5rem 0}
.big{font-size:2.5rem;font-weight:700;margin:.25rem 0}
.bar{height:.75rem;background:#e6e1d6;border-radius:.375rem;overflow:hidden}
.bar span{display:block;height:100%;background:#8a5a00}
table{border-collapse:collapse;width:100%;margin-top:1rem}
th,td{text-align:left;padding:.25rem .5rem;border-bottom:1px solid #e6e1d6}
td.n{text-align:right;font-variant-numeric:tabular-nums;width:5rem}
footer{margin-top:1.5rem;font-size:.875rem;color:#57606a}
@media screen and (prefers-color-scheme:dark){body{color:#f2ebe2;background:#16120e}.bar,th,td{border-color:#3e352c}.bar{background:#3e352c}.bar span{background:#f2a65a}footer{color:#c4b6a5}}
</style>
</head>
<body>
<main>
<h1>{{.Title}}</h1>
<p class="big">{{.BibleRead}}</p>
<div class="bar" role="img" aria-label="{{.BibleRead}}"><span style="width:{{.Percentage}}%"></span></div>
<p>{{.Streak}}<br>{{.Longest}}</p>
<table>
<thead><tr><th scope="col">{{.Book}}</th><th scope="col" class="n">{{.Completion}}</th></tr></thead>
<tbody>
{{range .Books}}<tr><th scope="row">{{.Name}}</th><td class="n">{{.Percentage}}%</td></tr>
{{end}}</tbody>
</table>
<footer>{{.Footer}}</footer>
</main>
</body>
</html>
`))

type pageBook struct {
	Name       string
	Percentage int
}

func renderPage(p app.PublicPage) ([]byte, error) {
	books := make([]pageBook, 0, len(p.Books))
	for _, b := range p.Books {
		if bk, ok := bible.BookByID(b.Book); ok {
			books = append(books, pageBook{Name: bk.Name(p.Locale), Percentage: b.Percentage})
		}
	}
	var buf bytes.Buffer
	err := pageTemplate.Execute(&buf, map[string]any{
		"Lang":       p.Locale.Tag(),
		"Title":      p.Texts.T("title", nil),
		"BibleRead":  p.Texts.T("bibleRead", texts.Vars{"percent": p.Percentage}),
		"Percentage": p.Percentage,
		"Streak":     p.Texts.T("streak", texts.Vars{"count": p.CurrentStreak}),
		"Longest":    p.Texts.T("longest", texts.Vars{"count": p.LongestStreak}),
		"Book":       p.Texts.T("book", nil),
		"Completion": p.Texts.T("completion", nil),
		"Books":      books,
		"Footer":     p.Texts.T("footer", nil),
	})
	return buf.Bytes(), err
}

// renderBadge draws a two-part badge, "Bible read | 42%", sized to its
// label (about 7 px per character of the label's font).
func renderBadge(p app.PublicPage) []byte {
	label := p.Texts.T("badge", nil)
	value := fmt.Sprintf("%d%%", p.Percentage)
	lw := 12 + labelWidth(label)
	vw := 12 + 8*len(value)
	var b strings.Builder
	esc := template.HTMLEscapeString
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="20" role="img" aria-label="%s: %s">`, lw+vw, esc(label), value)
	fmt.Fprintf(&b, `<title>%s: %s</title>`, esc(label), value)
	fmt.Fprintf(&b, `<rect width="%d" height="20" rx="3" fill="#555"/><rect x="%d" width="%d" height="20" rx="3" fill="#8a5a00"/><rect x="%d" width="4" height="20" fill="#8a5a00"/>`, lw+vw, lw, vw, lw)
	fmt.Fprintf(&b, `<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11"><text x="6" y="14">%s</text><text x="%d" y="14">%s</text></g></svg>`, esc(label), lw+6, value)
	return []byte(b.String())
}

// labelWidth estimates the width of a badge label in pixels: about 7 per
// Latin or Cyrillic letter and 11 per Hangul or other wide character.
func labelWidth(label string) int {
	w := 0
	for _, r := range label {
		if unicode.In(r, unicode.Hangul, unicode.Han, unicode.Hiragana, unicode.Katakana) {
			w += 11
		} else {
			w += 7
		}
	}
	return w
}
