package bible

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// App names an external Bible app or site that reading links open.
type App string

// The known apps. Bible Gateway is the default; the web app offers
// YouVersion first on Android.
const (
	AppBibleGateway    App = "biblegateway"
	AppBlueLetterBible App = "blueletterbible"
	AppBibleCom        App = "bible.com"
	AppYouVersion      App = "youversion"
	AppLogos           App = "logos"
	AppOliveTree       App = "olivetree"
)

// DefaultVersion is the version used when none or an unknown one is chosen.
const DefaultVersion = "NASB2020"

// Version is a Bible translation that links can open, with the code each
// app knows it by (apps.json and versions.json hold the data). An empty code
// (0, false) means the app does not carry the version: its links then open
// the first app that does (see LinkApp).
type Version struct {
	// Code is the product's version code, e.g. "NASB2020".
	Code string `json:"code"`
	// Name is the version's full name in its own language.
	Name string `json:"name"`
	// Language is the locale code of the version's language.
	Language string `json:"language"`
	// BibleGateway is the code on Bible Gateway, e.g. "NASB" for NASB2020.
	BibleGateway string `json:"bibleGateway"`
	// BlueLetterBible is the code on Blue Letter Bible, e.g. "nasb20".
	BlueLetterBible string `json:"blueLetterBible"`
	// BibleCom is the numeric version id on Bible.com and YouVersion.
	BibleCom int `json:"bibleCom"`
	// Logos is the version's abbreviation in Logos reference links, e.g. "ESV".
	Logos string `json:"logos"`
	// OliveTree is true when the Olive Tree app offers the version; its
	// links name no version and open the Bible the reader has open there.
	OliveTree bool `json:"oliveTree"`
}

// on reports whether the app carries the version, by the version field the
// app names (apps.json versionKey).
func (v Version) on(a appInfo) bool {
	switch a.VersionKey {
	case "bibleGateway":
		return v.BibleGateway != ""
	case "blueLetterBible":
		return v.BlueLetterBible != ""
	case "bibleCom":
		return v.BibleCom != 0
	case "logos":
		return v.Logos != ""
	case "oliveTree":
		return v.OliveTree
	}
	return false
}

// AppInfo describes an app for settings screens.
type AppInfo struct {
	ID   App    `json:"id"`
	Name string `json:"name"`
	// Default marks the app used when none or an unknown one is chosen.
	Default bool `json:"default"`
	// AndroidDefault marks the app the web app prefers on Android.
	AndroidDefault bool `json:"androidDefault"`
}

type appInfo struct {
	AppInfo
	Aliases []string `json:"aliases"`
	URL     string   `json:"url"`
	// VersionKey names the Version field that holds the app's code of a
	// version; an empty one means the app lacks the version.
	VersionKey string `json:"versionKey"`
	// Books are the app's own book codes by USFM code, for {appBook}.
	Books map[string]string `json:"books"`
}

// web reports whether the app opens in any browser (a site, not an app
// that may not be installed): links fall back to these.
func (a appInfo) web() bool { return strings.HasPrefix(a.URL, "https://") }

func (kn *kernel) loadLinks() error {
	if err := readJSON("versions.json", &kn.versions); err != nil {
		return err
	}
	if err := readJSON("apps.json", &kn.apps); err != nil {
		return err
	}
	if _, ok := kn.version(DefaultVersion); !ok {
		return fmt.Errorf("versions.json: no default version %s", DefaultVersion)
	}
	for _, li := range kn.locales {
		if _, ok := kn.version(li.DefaultVersion); !ok {
			return fmt.Errorf("locales.json: %s: unknown default version %s", li.Code, li.DefaultVersion)
		}
	}
	defaults := 0
	for _, a := range kn.apps {
		if a.Default {
			defaults++
		}
	}
	if defaults != 1 || kn.app(DefaultApp).ID != DefaultApp {
		return fmt.Errorf("apps.json: need exactly one default app, %s", DefaultApp)
	}
	probe := Version{BibleGateway: "x", BlueLetterBible: "x", BibleCom: 1, Logos: "x", OliveTree: true}
	for _, a := range kn.apps {
		if !probe.on(a) {
			return fmt.Errorf("apps.json: %s: unknown versionKey %q", a.ID, a.VersionKey)
		}
		if strings.Contains(a.URL, "{appBook}") {
			for _, b := range kn.books[1:] {
				if a.Books[b.USFM] == "" {
					return fmt.Errorf("apps.json: %s: no book code for %s", a.ID, b.USFM)
				}
			}
		}
	}
	for _, v := range kn.versions {
		if _, ok := kn.fallback(v); !ok {
			return fmt.Errorf("versions.json: %s: no site carries it", v.Code)
		}
	}
	return nil
}

// fallback is the first site (in apps.json order, the default first) that
// carries the version.
func (kn *kernel) fallback(v Version) (appInfo, bool) {
	for _, a := range kn.apps {
		if a.web() && v.on(a) {
			return a, true
		}
	}
	return appInfo{}, false
}

// linkApp is the app a link to the version opens when the reader chose id:
// that app when it carries the version, else the first site that does.
func (kn *kernel) linkApp(id App, v Version) appInfo {
	if a := kn.app(id); v.on(a) {
		return a
	}
	a, _ := kn.fallback(v) // every version has one (loadLinks)
	return a
}

// DefaultApp is the app used when none or an unknown one is chosen.
const DefaultApp = AppBibleGateway

func (kn *kernel) version(code string) (Version, bool) {
	for _, v := range kn.versions {
		if strings.EqualFold(v.Code, strings.TrimSpace(code)) {
			return v, true
		}
	}
	return Version{}, false
}

func (kn *kernel) app(id App) appInfo {
	s := strings.ToLower(strings.TrimSpace(string(id)))
	for _, a := range kn.apps {
		if string(a.ID) == s {
			return a
		}
		for _, alias := range a.Aliases {
			if alias == s {
				return a
			}
		}
	}
	for _, a := range kn.apps {
		if a.Default {
			return a
		}
	}
	panic("bible: no default app") // ruled out by loadLinks
}

// Versions returns the supported Bible versions.
func Versions() []Version { return append([]Version(nil), k.versions...) }

// VersionByCode returns the version with the code, case-insensitively.
func VersionByCode(code string) (Version, bool) { return k.version(code) }

// NormalizeVersion returns the canonical code of a known version and
// DefaultVersion for an unknown or empty one.
func NormalizeVersion(code string) string {
	if v, ok := k.version(code); ok {
		return v.Code
	}
	return DefaultVersion
}

// DefaultVersionFor returns the version offered first to readers of the
// locale: NASB2020 (en), LUT (de), RVR1960 (es), LSG (fr), ARC (pt), UKR (uk).
// It is loc.DefaultVersion() for callers holding a locale code.
func DefaultVersionFor(loc Locale) string { return loc.DefaultVersion() }

// Apps returns the known apps.
func Apps() []AppInfo {
	out := make([]AppInfo, len(k.apps))
	for i, a := range k.apps {
		out[i] = a.AppInfo
	}
	return out
}

// ParseApp returns the app named by id or one of its aliases ("biblecom"
// for Bible.com), case-insensitively, and DefaultApp for anything else, so a
// stale or tampered preference never breaks reading links.
func ParseApp(id string) App { return k.app(App(id)).ID }

// LinkApp returns the app that Link opens for the app and version: the app
// itself when it carries the version, else the first site that does (an
// unknown app means DefaultApp, an unknown version DefaultVersion).
func LinkApp(app App, version string) App {
	v, _ := k.version(NormalizeVersion(version))
	return k.linkApp(app, v).ID
}

// Link returns the URL that opens the first chapter of the range in the
// version, in the app when it carries the version and otherwise in the
// first site that does (LinkApp). An unknown app falls back to DefaultApp
// and an unknown version to DefaultVersion; the range must be valid.
func Link(app App, version string, r Range) (string, error) {
	if err := r.Validate(); err != nil {
		return "", err
	}
	v, _ := k.version(NormalizeVersion(version))
	a := k.linkApp(app, v)
	b := k.books[r.Start.Book()]
	// The English name is the only free text; encode it as
	// encodeURIComponent would, with %20 for spaces.
	name := strings.ReplaceAll(url.QueryEscape(b.Name(English)), "+", "%20")
	return strings.NewReplacer(
		"{englishName}", name,
		"{chapter}", strconv.Itoa(r.Start.Chapter()),
		"{usfm}", b.USFM,
		"{blb}", b.BLB,
		"{bookId}", strconv.Itoa(b.ID),
		"{appBook}", a.Books[b.USFM],
		"{version}", v.Code,
		"{bibleGateway}", v.BibleGateway,
		"{blueLetterBible}", v.BlueLetterBible,
		"{bibleCom}", strconv.Itoa(v.BibleCom),
		"{logos}", v.Logos,
	).Replace(a.URL), nil
}
