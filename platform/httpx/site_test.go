package httpx_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"lamplight/app"
	"lamplight/modules/identity/identitytest"
	"lamplight/platform/httpx"
	"lamplight/platform/testkit"
	"lamplight/webapp"
)

// siteIndex is shaped like the built index.html.
var siteIndex = fstest.MapFS{"index.html": {Data: []byte(`<!doctype html>
<html lang="en-US">
  <head>
    <meta charset="UTF-8" />
    <title>Lamplight</title>
    <meta name="description" content="Track and gain insights on your Bible reading." />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
  </head>
  <body><div id="root"></div></body>
</html>`)}}

func get(t *testing.T, a *testkit.App, path string, headers map[string]string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, a.URL+path, nil)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := a.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

var (
	titleRe = regexp.MustCompile(`<title>([^<]*)</title>`)
	descRe  = regexp.MustCompile(`<meta name="description" content="([^"]*)"`)
)

// TestIntegrationSite: real statuses for the app's paths, and what crawlers
// and link previews see of public pages.
func TestIntegrationSite(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the whole app")
	}
	cfg := testkit.SQLiteConfig(t)
	cfg.SiteURL = "https://lamplight.example"
	a := testkit.StartApp(t, app.Options(cfg, io.Discard, siteIndex, identitytest.Options()))
	const site = "https://lamplight.example"

	t.Run("an unknown path is a 404 with the app, which shows its 404 page", func(t *testing.T) {
		for _, p := range []string{"/no/such/page", "/de/nope", "/en/about", "/about/overview/more", "/about/no-such-page", "/de/policy/nope", "/About",
			"/books/999", "/books/67", "/books/0", "/books/zzz", "/books/genesis", "/de/books/xyz", "/books/GEN/1"} {
			res, body := get(t, a, p, nil)
			if res.StatusCode != http.StatusNotFound || !strings.Contains(body, `<div id="root">`) || !strings.Contains(body, `content="noindex"`) {
				t.Fatalf("%s = %d %.300s", p, res.StatusCode, body)
			}
			if ct := res.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
				t.Fatalf("%s content type %q", p, ct)
			}
		}
		res, body := get(t, a, "/_content/nope", nil)
		if res.StatusCode != http.StatusNotFound || body != `{"error":{"code":"not_found"}}` {
			t.Fatalf("unknown data path: %d %s", res.StatusCode, body)
		}
	})

	t.Run("the app's routes answer 200 in every language", func(t *testing.T) {
		for _, p := range []string{"/", "/index.html", "/de", "/uk/", "/today", "/de/books", "/books/GEN", "/books/1co", "/books/1", "/uk/books/66", "/fr/settings/email", "/admin/feedback", "/login", "/pt/register",
			"/feedback", "/resources/printable-bible-reading-tracker", "/about", "/about/faq", "/es/policy", "/uk/policy/terms"} {
			if res, body := get(t, a, p, nil); res.StatusCode != http.StatusOK || !strings.Contains(body, `<div id="root">`) {
				t.Fatalf("%s = %d %.300s", p, res.StatusCode, body)
			}
		}
		_, body := get(t, a, "/de/books", nil)
		if !strings.Contains(body, `<html lang="de-DE">`) || !strings.Contains(body, "<title>Lamplight</title>") || strings.Contains(body, "canonical") {
			t.Fatalf("a signed-in screen: %s", body)
		}
	})

	t.Run("every Korean route answers as its English twin", func(t *testing.T) {
		routes, err := httpx.ParseAppRoutes(webapp.RoutePaths())
		if err != nil {
			t.Fatal(err)
		}
		params := strings.NewReplacer(":book", "GEN", "about/:slug", "about/faq", "policy/:slug", "policy/terms")
		for _, r := range routes {
			en := "/" + params.Replace(r.Path)
			ko := strings.TrimSuffix("/ko"+en, "/")
			enRes, enBody := get(t, a, en, nil)
			koRes, koBody := get(t, a, ko, nil)
			if koRes.StatusCode != enRes.StatusCode || strings.Contains(enBody, `<div id="root">`) != strings.Contains(koBody, `<div id="root">`) ||
				!strings.Contains(koBody, `<html lang="ko-KR">`) {
				t.Errorf("%s = %d, %s = %d %.300s", en, enRes.StatusCode, ko, koRes.StatusCode, koBody)
			}
		}
		if res, _ := get(t, a, "/ko/no/such/page", nil); res.StatusCode != http.StatusNotFound {
			t.Errorf("/ko/no/such/page = %d", res.StatusCode)
		}
		_, body := get(t, a, "/ko/login", nil)
		if !strings.Contains(body, "<title>로그인 | Lamplight</title>") || !strings.Contains(body, `hreflang="ko" href="`+site+`/ko/login"`) {
			t.Errorf("%s", body)
		}
		_, body = get(t, a, "/ko/about/faq", nil)
		if !strings.Contains(body, "<title>자주 묻는 질문 | Lamplight</title>") || !strings.Contains(body, `<meta property="og:locale" content="ko_KR" />`) {
			t.Errorf("%s", body)
		}
	})

	t.Run("a public text page names itself in its language, with alternates", func(t *testing.T) {
		_, js := get(t, a, "/_content/de/about/overview", nil)
		var page struct{ Title, Description string }
		if err := json.Unmarshal([]byte(js), &page); err != nil || page.Title == "" {
			t.Fatalf("%v %s", err, js)
		}
		res, body := get(t, a, "/de/about/overview", nil)
		if res.StatusCode != http.StatusOK || !strings.Contains(body, `<html lang="de-DE">`) {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
		esc := strings.NewReplacer("'", "&#39;", `"`, "&#34;", "&", "&amp;", "<", "&lt;", ">", "&gt;")
		if got := titleRe.FindAllStringSubmatch(body, -1); len(got) != 1 || got[0][1] != esc.Replace(page.Title)+" | Lamplight" {
			t.Fatalf("title %q, want %q", got, page.Title)
		}
		if got := descRe.FindAllStringSubmatch(body, -1); len(got) != 1 || got[0][1] != esc.Replace(page.Description) {
			t.Fatalf("description %q, want %q", got, page.Description)
		}
		for _, want := range []string{
			`<link rel="canonical" href="` + site + `/de/about/overview" />`,
			`<link rel="alternate" hreflang="en" href="` + site + `/about/overview" />`,
			`<link rel="alternate" hreflang="uk" href="` + site + `/uk/about/overview" />`,
			`<link rel="alternate" hreflang="x-default" href="` + site + `/about/overview" />`,
			`<meta property="og:url" content="` + site + `/de/about/overview" />`,
			`<meta property="og:locale" content="de_DE" />`,
			`<meta property="og:site_name" content="Lamplight" />`,
			`<meta property="og:type" content="website" />`,
			`<meta property="og:title" content="`,
			`<meta property="og:description" content="`,
		} {
			if !strings.Contains(body, want) {
				t.Fatalf("missing %s in\n%s", want, body)
			}
		}
		if n := strings.Count(body, `rel="alternate" hreflang=`); n != 8 {
			t.Fatalf("%d alternates, want seven languages and x-default", n)
		}
	})

	t.Run("other public screens are named from the server's table", func(t *testing.T) {
		_, body := get(t, a, "/de/login", nil)
		if !strings.Contains(body, "<title>Anmelden | Lamplight</title>") || !strings.Contains(body, `hreflang="de" href="`+site+`/de/login"`) {
			t.Fatalf("%s", body)
		}
		_, body = get(t, a, "/about", nil)
		if !strings.Contains(body, `<link rel="canonical" href="`+site+`/about/overview" />`) {
			t.Fatalf("/about is the overview: %s", body)
		}
		_, body = get(t, a, "/uk", nil)
		if !strings.Contains(body, `<link rel="canonical" href="`+site+`/uk" />`) || !strings.Contains(body, `<html lang="uk-UA">`) {
			t.Fatalf("home: %s", body)
		}
	})

	t.Run("sitemap.xml lists every public page in every language", func(t *testing.T) {
		res, body := get(t, a, "/sitemap.xml", nil)
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/xml") {
			t.Fatalf("%d %s", res.StatusCode, res.Header.Get("Content-Type"))
		}
		var set struct {
			XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
			URLs    []struct {
				Loc   string `xml:"loc"`
				Links []struct {
					Rel      string `xml:"rel,attr"`
					Hreflang string `xml:"hreflang,attr"`
					Href     string `xml:"href,attr"`
				} `xml:"http://www.w3.org/1999/xhtml link"`
			} `xml:"url"`
		}
		dec := xml.NewDecoder(bytes.NewReader([]byte(body)))
		dec.Strict = true
		if err := dec.Decode(&set); err != nil {
			t.Fatalf("%v\n%.500s", err, body)
		}
		var locs []string
		for _, u := range set.URLs {
			locs = append(locs, u.Loc)
			if len(u.Links) != 8 {
				t.Fatalf("%s has %d alternates", u.Loc, len(u.Links))
			}
		}
		for _, want := range []string{"", "/about/overview", "/policy/privacy", "/login", "/feedback", "/resources/printable-bible-reading-tracker"} {
			for _, prefix := range []string{"", "/de", "/es", "/fr", "/pt", "/uk", "/ko"} {
				loc := site + prefix + want
				if prefix == "" && want == "" {
					loc = site + "/"
				}
				if !slices.Contains(locs, loc) {
					t.Errorf("sitemap lacks %s", loc)
				}
			}
		}
		for _, not := range []string{site + "/today", site + "/about", site + "/de/about", site + "/verify-email"} {
			if slices.Contains(locs, not) {
				t.Errorf("sitemap lists %s", not)
			}
		}
	})

	t.Run("robots.txt keeps signed-in screens out and names the sitemap", func(t *testing.T) {
		_, body := get(t, a, "/robots.txt", nil)
		lines := strings.Split(body, "\n")
		for _, want := range []string{"User-agent: *", "Disallow: /today", "Disallow: /de/today", "Disallow: /uk/admin", "Disallow: /settings", "Disallow: /api/", "Sitemap: " + site + "/sitemap.xml"} {
			if !slices.Contains(lines, want) {
				t.Errorf("robots.txt lacks %q:\n%s", want, body)
			}
		}
		for _, line := range lines {
			for _, open := range []string{"/about", "/policy", "/feedback", "/login", "/resources", "/_content"} {
				if strings.HasPrefix(line, "Disallow: "+open) || strings.HasPrefix(line, "Disallow: /de"+open) {
					t.Errorf("robots.txt closes a public page: %s", line)
				}
			}
		}
	})

	t.Run("/_content answers JSON with a strong ETag and 304", func(t *testing.T) {
		res, body := get(t, a, "/_content/en/about/overview", map[string]string{"Accept-Encoding": "identity"})
		etag := res.Header.Get("ETag")
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(etag, `"`) || res.Header.Get("Cache-Control") != "public, max-age=300" {
			t.Fatalf("%d %q %q", res.StatusCode, etag, res.Header.Get("Cache-Control"))
		}
		var page struct {
			Locale, Section, Slug, Updated, Markdown string
			Alternates                               []struct{ Locale, Path string }
			Pages                                    []struct{ Slug, Title, Path string }
		}
		if err := json.Unmarshal([]byte(body), &page); err != nil || page.Locale != "en" || page.Slug != "overview" || strings.HasPrefix(page.Markdown, "---") ||
			len(page.Alternates) == 0 || page.Alternates[0].Path != "/about/overview" || len(page.Pages) == 0 || page.Pages[0].Path != "/about/overview" {
			t.Fatalf("%v %.500s", err, body)
		}
		if _, again := get(t, a, "/_content/en/about", map[string]string{"Accept-Encoding": "identity"}); again != body {
			t.Fatal("/_content/en/about is not the overview")
		}
		res, body = get(t, a, "/_content/en/about/overview", map[string]string{"If-None-Match": `"other", ` + etag})
		if res.StatusCode != http.StatusNotModified || body != "" || res.Header.Get("ETag") != etag {
			t.Fatalf("revalidation: %d %q", res.StatusCode, body)
		}
		res, _ = get(t, a, "/_content/en/about/overview", map[string]string{"Accept-Encoding": "gzip"})
		if res.Header.Get("Content-Encoding") != "gzip" && !res.Uncompressed {
			t.Fatalf("not compressed: %v", res.Header)
		}
		res, body = get(t, a, "/_content/de/about/faq", nil)
		if res.StatusCode != http.StatusOK || !strings.Contains(body, `"path":"/de/about/faq"`) {
			t.Fatalf("%d %.300s", res.StatusCode, body)
		}
	})

	t.Run("/_content: 404 for an unknown language, section or page", func(t *testing.T) {
		for _, p := range []string{"/_content/xx/about/overview", "/_content/en/news/overview", "/_content/en/about/nope", "/_content/xx/about", "/_content/en/about/overview/x"} {
			res, body := get(t, a, p, nil)
			expectError(t, res.StatusCode, body, http.StatusNotFound, "not_found")
		}
	})
}
