package httpx

import (
	"bytes"
	"html/template"
	"regexp"
	"strings"

	"lamplight/platform/locale"
)

// document is index.html cut where the server writes per page: the
// language in <html lang> and the head's title, description and links.
type document struct {
	start, afterLang, tail string // start + lang + afterLang + head + tail
	defaultHead            string // the index's own title and description
	whole                  []byte // index.html as built, when it could not be cut
}

var (
	htmlTag   = regexp.MustCompile(`(?is)<html\b[^>]*>`)
	langAttr  = regexp.MustCompile(`(?is)\s+lang\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)`)
	titleTag  = regexp.MustCompile(`(?is)[ \t]*<title\b[^>]*>.*?</title>[ \t]*\n?`)
	descTag   = regexp.MustCompile(`(?is)[ \t]*<meta\s+name\s*=\s*["']?description["']?[^>]*>[ \t]*\n?`)
	headClose = regexp.MustCompile(`(?i)[ \t]*</head\s*>`)
)

// newDocument cuts index.html once at start.
func newDocument(index []byte) *document {
	s := string(index)
	tag := htmlTag.FindStringIndex(s)
	if tag == nil {
		return &document{whole: index}
	}
	attrs := langAttr.ReplaceAllString(s[tag[0]+len("<html"):tag[1]], "")
	rest := s[tag[1]:]
	// The head goes where the title was, else at the end of <head>.
	const here = "\x00"
	var head strings.Builder
	for _, re := range []*regexp.Regexp{titleTag, descTag} {
		if loc := re.FindStringIndex(rest); loc != nil {
			head.WriteString(rest[loc[0]:loc[1]])
			mark := ""
			if re == titleTag {
				mark = here
			}
			rest = rest[:loc[0]] + mark + rest[loc[1]:]
		}
	}
	if !strings.Contains(rest, here) {
		end := headClose.FindStringIndex(rest)
		if end == nil {
			return &document{whole: index}
		}
		rest = rest[:end[0]] + here + rest[end[0]:]
	}
	before, after, _ := strings.Cut(rest, here)
	return &document{
		start:       s[:tag[0]] + `<html lang="`,
		afterLang:   `"` + attrs + before,
		tail:        after,
		defaultHead: head.String(),
	}
}

// render writes the document for a language with head in <head>.
func (d *document) render(l locale.Locale, head string) []byte {
	if d.whole != nil {
		return d.whole
	}
	return []byte(d.start + l.Tag + d.afterLang + head + d.tail)
}

// plain is the document with the index's own title, for pages crawlers
// need not describe; noindex marks a 404.
func (d *document) plain(l locale.Locale, noindex bool) []byte {
	head := d.defaultHead
	if noindex {
		head += `    <meta name="robots" content="noindex" />` + "\n"
	}
	return d.render(l, head)
}

// headData is what the head template shows of a public page.
type headData struct {
	Title, PageTitle, Description, URL, OGLocale string
	Alternates                                   []alternate
	OGAlternates                                 []string
}

type alternate struct{ Lang, URL string }

// headTemplate escapes every value for its context: titles and descriptions
// come from the pages' texts.
var headTemplate = template.Must(template.New("head").Parse(`    <title>{{.Title}}</title>
    <meta name="description" content="{{.Description}}" />
    <link rel="canonical" href="{{.URL}}" />
{{range .Alternates}}    <link rel="alternate" hreflang="{{.Lang}}" href="{{.URL}}" />
{{end}}    <meta property="og:type" content="website" />
    <meta property="og:site_name" content="` + SiteName + `" />
    <meta property="og:title" content="{{.PageTitle}}" />
    <meta property="og:description" content="{{.Description}}" />
    <meta property="og:url" content="{{.URL}}" />
    <meta property="og:locale" content="{{.OGLocale}}" />
{{range .OGAlternates}}    <meta property="og:locale:alternate" content="{{.}}" />
{{end}}`))

// public is the document of a public page: p describes it in l, origin is
// the site's scheme and host.
func (d *document) public(l locale.Locale, p Page, origin string) ([]byte, error) {
	data := headData{
		Title: p.Title + " | " + SiteName, PageTitle: p.Title, Description: p.Description,
		URL: origin + locale.Path(l.Code, p.Path), OGLocale: l.OG,
	}
	for _, other := range locale.All {
		data.Alternates = append(data.Alternates, alternate{other.Code, origin + locale.Path(other.Code, p.Path)})
		if other.Code != l.Code {
			data.OGAlternates = append(data.OGAlternates, other.OG)
		}
	}
	data.Alternates = append(data.Alternates, alternate{"x-default", origin + locale.Path(locale.Default, p.Path)})
	var head bytes.Buffer
	if err := headTemplate.Execute(&head, data); err != nil {
		return nil, err
	}
	return d.render(l, head.String()), nil
}
