package httpx

import (
	"strings"
	"testing"

	"lamplight/platform/locale"
)

func TestDocumentHead(t *testing.T) {
	de, _ := locale.Find("de")
	t.Run("values are escaped for their context", func(t *testing.T) {
		d := newDocument([]byte(`<!doctype html><html lang="en-US" class="x"><head><meta charset="utf-8"><title>Lamplight</title><meta name="description" content="Old."></head><body></body></html>`))
		b, err := d.public(de, Page{Title: `Fragen & "Antworten" </title><script>alert(1)</script>`, Description: `Ein "Satz" <b>`, Path: "about/faq"}, "https://example.org")
		if err != nil {
			t.Fatal(err)
		}
		html := string(b)
		for _, want := range []string{
			`<html lang="de-DE" class="x">`,
			`<title>Fragen &amp; &#34;Antworten&#34; &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Lamplight</title>`,
			`<meta name="description" content="Ein &#34;Satz&#34; &lt;b&gt;" />`,
			`<link rel="canonical" href="https://example.org/de/about/faq" />`,
		} {
			if !strings.Contains(html, want) {
				t.Errorf("missing %s in\n%s", want, html)
			}
		}
		if strings.Contains(html, "<script>") || strings.Contains(html, "Old.") || strings.Count(html, "<title>") != 1 {
			t.Fatalf("%s", html)
		}
	})
	t.Run("an index without lang, title or description", func(t *testing.T) {
		d := newDocument([]byte(`<html><head></head><body></body></html>`))
		if got := string(d.plain(de, true)); got != `<html lang="de-DE"><head>    <meta name="robots" content="noindex" />`+"\n"+`</head><body></body></html>` {
			t.Fatalf("%s", got)
		}
	})
	t.Run("a document that cannot be cut is served as built", func(t *testing.T) {
		d := newDocument([]byte(`<p>not a page</p>`))
		if got := string(d.plain(de, false)); got != `<p>not a page</p>` {
			t.Fatalf("%s", got)
		}
	})
}
