package bible

import (
	"errors"
	"net/url"
	"testing"
)

func TestVersionsAndApps(t *testing.T) {
	want := []string{
		"KJV", "NKJV", "NIV", "ESV", "NASB1995", "NASB2020", "NLT", "AMP", "MSG", "NABRE", "TPT",
		"RVR1960", "RVR2020", "NTV", "UKR", "BDS", "LSG", "ARC", "NVI", "LUT", "SCH2000", "KRV", "KLB",
	}
	vs := Versions()
	if len(vs) != len(want) {
		t.Fatalf("%d versions", len(vs))
	}
	for i, v := range vs {
		if v.Code != want[i] || v.Name == "" || v.Language == "" || v.BibleCom == 0 {
			t.Errorf("version %d: %+v", i, v)
		}
	}
	if v, ok := VersionByCode("nasb2020"); !ok || v.Code != "NASB2020" || v.BibleGateway != "NASB" {
		t.Errorf("VersionByCode(nasb2020) = %+v, %v", v, ok)
	}
	for code, lang := range map[string]string{"KRV": "ko", "KLB": "ko", "NVI": "pt", "SCH2000": "de", "NTV": "es"} {
		if v, _ := VersionByCode(code); v.Language != lang {
			t.Errorf("%s: language %q, want %s", code, v.Language, lang)
		}
	}
	if NormalizeVersion("lut") != "LUT" || NormalizeVersion("XYZ") != DefaultVersion || NormalizeVersion("") != "NASB2020" {
		t.Error("NormalizeVersion")
	}
	for _, loc := range Locales() {
		if _, ok := VersionByCode(DefaultVersionFor(loc)); !ok {
			t.Errorf("%s: unknown default version", loc)
		}
	}
	if DefaultVersionFor("xx") != "NASB2020" {
		t.Error("unknown locale default version")
	}
	apps := Apps()
	if len(apps) != 6 || apps[0].ID != AppBibleGateway || !apps[0].Default || !apps[3].AndroidDefault {
		t.Errorf("Apps() = %+v", apps)
	}
	for in, want := range map[string]App{
		"biblegateway": AppBibleGateway, "BLUELETTERBIBLE": AppBlueLetterBible, "bible.com": AppBibleCom, "biblecom": AppBibleCom,
		"youversion": AppYouVersion, "logos": AppLogos, "Olive Tree": AppOliveTree, "olivetree": AppOliveTree, "": DefaultApp, "kindle": DefaultApp,
	} {
		if got := ParseApp(in); got != want {
			t.Errorf("ParseApp(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestLinks(t *testing.T) {
	r := Range{122002004, 122003001} // Song of Songs 2:4-3:1
	got, _ := Link(AppBibleGateway, "NASB2020", r)
	if got != "https://www.biblegateway.com/passage/?search=Song%20of%20Songs%202&version=NASB" {
		t.Errorf("Bible Gateway link %q", got)
	}
	if u, err := url.Parse(got); err != nil || u.Query().Get("search") != "Song of Songs 2" {
		t.Errorf("search parameter of %q does not decode", got)
	}
	// Blue Letter Bible lacks the Lutherbibel: the link opens it where it is, not NASB 2020 there.
	if got, _ := Link(AppBlueLetterBible, "LUT", r); got != "https://www.biblegateway.com/passage/?search=Song%20of%20Songs%202&version=LUTH1545" {
		t.Errorf("Blue Letter Bible fallback link %q", got)
	}
	if got, _ := Link(AppBlueLetterBible, "AMP", r); got != "https://www.blueletterbible.org/amp/Sng/2/1" {
		t.Errorf("Blue Letter Bible link %q", got)
	}
	if got, _ := Link(AppLogos, "ESV", Range{143003016, 143003016}); got != "https://ref.ly/Jn3;ESV" {
		t.Errorf("Logos link %q", got)
	}
	if got, _ := Link(AppOliveTree, "NKJV", Range{109003001, 109003001}); got != "olivetree://bible/9.3" {
		t.Errorf("Olive Tree link %q", got)
	}
	// Neither Bible Gateway nor Blue Letter Bible has the KRV: Bible.com does.
	if got, _ := Link(AppBibleGateway, "KRV", Range{101010001, 101010001}); got != "https://www.bible.com/bible/88/GEN.10.KRV" {
		t.Errorf("KRV link %q", got)
	}
	if LinkApp(AppBlueLetterBible, "LSG") != AppBibleGateway || LinkApp(AppLogos, "TPT") != AppBibleCom || LinkApp(AppYouVersion, "TPT") != AppYouVersion {
		t.Error("LinkApp")
	}
	if got, _ := Link(AppBibleCom, "UKR", Range{143003016, 143003016}); got != "https://www.bible.com/bible/188/JHN.3.UKR" {
		t.Errorf("Bible.com link %q", got)
	}
	if got, _ := Link(AppYouVersion, "KJV", Range{166022021, 166022021}); got != "youversion://bible?reference=REV.22.KJV" {
		t.Errorf("YouVersion link %q", got)
	}
	if got, _ := Link("nope", "nope", Range{101001001, 101001001}); got != "https://www.biblegateway.com/passage/?search=Genesis%201&version=NASB" {
		t.Errorf("fallback link %q", got)
	}
	if _, err := Link(AppBibleGateway, "KJV", Range{101001001, 102001001}); !errors.Is(err, ErrDifferentBooks) {
		t.Errorf("link for an invalid range: %v", err)
	}
}
