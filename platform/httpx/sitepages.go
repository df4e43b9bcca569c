package httpx

// SiteName ends every public page's title and names the site in link previews.
const SiteName = "Lamplight"

// Page is what crawlers and link previews learn about a public page in one language.
type Page struct {
	Title       string // the page's own title; <title> adds " | Lamplight"
	Description string
	// Path is the page's canonical app path when the path asked for is
	// another name for it ("about" is "about/overview"); empty otherwise.
	Path    string
	Updated string // YYYY-MM-DD of its last change, for the sitemap; optional
}

// SitePages is implemented by modules that know public pages of the web app:
// their titles and descriptions per language, and which paths under a route
// with a parameter exist ("about/:slug"). A public route with a parameter
// answers 404 for a path no SitePages knows.
type SitePages interface {
	// Page describes the page at appPath ("about/faq", "" for home) in the
	// language code; false when it knows no such page.
	Page(locale, appPath string) (Page, bool)
	// Paths lists the canonical app path of every page it knows.
	Paths() []string
}
