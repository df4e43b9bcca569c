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
)

// DefaultVersion is the version used when none or an unknown one is chosen.
const DefaultVersion = "NASB2020"

// Version is a Bible translation that links can open, with the code each
// app knows it by (apps.json and versions.json hold the data).
type Version struct {
	// Code is the product's version code, e.g. "NASB2020".
	Code string `json:"code"`
	// Name is the version's full name in its own language.
	Name string `json:"name"`
	// Language is the locale code of the version's language.
	Language string `json:"language"`
	// BibleGateway is the code on Bible Gateway, e.g. "NASB" for NASB2020.
	BibleGateway string `json:"bibleGateway"`
	// BlueLetterBible is the code on Blue Letter Bible; empty when the site
	// does not carry the version, in which case links use DefaultVersion's.
	BlueLetterBible string `json:"blueLetterBible"`
	// BibleCom is the numeric version id on Bible.com and YouVersion.
	BibleCom int `json:"bibleCom"`
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
}

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
	return nil
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

// Link returns the URL that opens the first chapter of the range in the app
// and version. An unknown app falls back to DefaultApp and an unknown
// version to DefaultVersion; the range must be valid.
func Link(app App, version string, r Range) (string, error) {
	if err := r.Validate(); err != nil {
		return "", err
	}
	a := k.app(app)
	v, _ := k.version(NormalizeVersion(version))
	blb := v.BlueLetterBible
	if blb == "" {
		def, _ := k.version(DefaultVersion)
		blb = def.BlueLetterBible
	}
	b := k.books[r.Start.Book()]
	// The English name is the only free text; encode it as
	// encodeURIComponent would, with %20 for spaces.
	name := strings.ReplaceAll(url.QueryEscape(b.Name(English)), "+", "%20")
	return strings.NewReplacer(
		"{englishName}", name,
		"{chapter}", strconv.Itoa(r.Start.Chapter()),
		"{usfm}", b.USFM,
		"{blb}", b.BLB,
		"{version}", v.Code,
		"{bibleGateway}", v.BibleGateway,
		"{blueLetterBible}", blb,
		"{bibleCom}", strconv.Itoa(v.BibleCom),
	).Replace(a.URL), nil
}
