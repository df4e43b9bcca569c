package bible

import (
	"net/url"
	"regexp"
	"strconv"
	"testing"
)

// documentedLink is the URL form an app or site documents for opening a
// chapter in a version, and how its parts must read for a book, chapter and
// version.
type documentedLink struct {
	// pattern has the named groups book, chapter and (where the app takes
	// one) version.
	pattern *regexp.Regexp
	book    func(b Book) string
	version func(v Version) (code string, carried bool)
}

// documentedLinks: the forms each app documents (its share links and
// URL schemes) and the version codes it lists.
//   - Bible Gateway: /passage/?search=<reference>&version=<its abbreviation>.
//   - Blue Letter Bible: /<its version code>/<book code>/<chapter>/<verse>.
//   - Bible.com: /bible/<version id>/<USFM book>.<chapter>.<abbreviation>.
//   - YouVersion app: youversion://bible?reference=<USFM book>.<chapter>.<abbreviation>.
//   - Logos (Ref.ly links): ref.ly/<book abbreviation><chapter>;<version abbreviation>.
//   - Olive Tree app: olivetree://bible/<book number>.<chapter>; the app opens
//     the Bible the reader has open (no version in the link).
var documentedLinks = map[App]documentedLink{
	AppBibleGateway: {
		regexp.MustCompile(`^https://www\.biblegateway\.com/passage/\?search=(?P<book>[^&]+)%20(?P<chapter>\d+)&version=(?P<version>[A-Z0-9-]+)$`),
		func(b Book) string { return b.Name(English) },
		func(v Version) (string, bool) { return v.BibleGateway, v.BibleGateway != "" },
	},
	AppBlueLetterBible: {
		regexp.MustCompile(`^https://www\.blueletterbible\.org/(?P<version>[a-z0-9]+)/(?P<book>[1-3][A-Z][a-z]|[A-Z][a-z]{2})/(?P<chapter>\d+)/1$`),
		func(b Book) string { return b.BLB },
		func(v Version) (string, bool) { return v.BlueLetterBible, v.BlueLetterBible != "" },
	},
	AppBibleCom: {
		regexp.MustCompile(`^https://www\.bible\.com/bible/(?P<version>\d+)/(?P<book>[1-3A-Z]{3})\.(?P<chapter>\d+)\.[A-Z0-9]+$`),
		func(b Book) string { return b.USFM },
		func(v Version) (string, bool) { return strconv.Itoa(v.BibleCom), v.BibleCom != 0 },
	},
	AppYouVersion: {
		regexp.MustCompile(`^youversion://bible\?reference=(?P<book>[1-3A-Z]{3})\.(?P<chapter>\d+)\.(?P<version>[A-Z0-9]+)$`),
		func(b Book) string { return b.USFM },
		func(v Version) (string, bool) { return v.Code, v.BibleCom != 0 },
	},
	AppLogos: {
		regexp.MustCompile(`^https://ref\.ly/(?P<book>[1-3]?[A-Z][a-z]{0,2})(?P<chapter>\d+);(?P<version>[A-Z0-9]+)$`),
		func(b Book) string { return k.app(AppLogos).Books[b.USFM] },
		func(v Version) (string, bool) { return v.Logos, v.Logos != "" },
	},
	AppOliveTree: {
		regexp.MustCompile(`^olivetree://bible/(?P<book>\d{1,2})\.(?P<chapter>\d+)$`),
		func(b Book) string { return strconv.Itoa(b.ID) },
		func(v Version) (string, bool) { return "", v.OliveTree },
	},
}

// TestEveryLinkIsADocumentedOne builds every link the product can build (each
// app a reader can choose, each version, the last chapter of each book) and
// checks it opens that book, chapter and version in a form the app that
// opens it documents, and in an app that carries the version.
func TestEveryLinkIsADocumentedOne(t *testing.T) {
	if len(documentedLinks) != len(Apps()) {
		t.Fatalf("%d documented apps for %d apps", len(documentedLinks), len(Apps()))
	}
	for _, chosen := range Apps() {
		for _, v := range Versions() {
			opens := LinkApp(chosen.ID, v.Code)
			doc, ok := documentedLinks[opens]
			if !ok {
				t.Fatalf("%s: no documented link form", opens)
			}
			code, carried := doc.version(v)
			if !carried {
				t.Errorf("%s chosen, %s: opens %s, which lacks the version", chosen.ID, v.Code, opens)
				continue
			}
			if opens != chosen.ID {
				if _, chosenCarries := documentedLinks[chosen.ID].version(v); chosenCarries {
					t.Errorf("%s carries %s, yet its link opens %s", chosen.ID, v.Code, opens)
				}
				if !k.app(opens).web() {
					t.Errorf("%s chosen, %s: falls back to %s, an app that may not be installed", chosen.ID, v.Code, opens)
				}
			}
			for _, b := range Books() {
				chapter := b.ChapterCount
				id := NewVerseID(b.ID, chapter, 1)
				got, err := Link(chosen.ID, v.Code, Range{id, id})
				if err != nil {
					t.Fatal(err)
				}
				m := doc.pattern.FindStringSubmatch(got)
				if m == nil {
					t.Errorf("%s, %s, %s %d: %q is not the documented form", chosen.ID, v.Code, b.USFM, chapter, got)
					continue
				}
				part := func(name string) string {
					if i := doc.pattern.SubexpIndex(name); i > 0 {
						return m[i]
					}
					return ""
				}
				book, _ := url.QueryUnescape(part("book"))
				if book != doc.book(b) || part("chapter") != strconv.Itoa(chapter) || part("version") != code {
					t.Errorf("%s, %s, %s %d: %q opens book %q chapter %s version %q", chosen.ID, v.Code, b.USFM, chapter, got, book, part("chapter"), part("version"))
				}
			}
		}
	}
}
