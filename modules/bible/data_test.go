package bible

import (
	"strings"
	"testing"
)

func TestDataTotals(t *testing.T) {
	books := Books()
	if len(books) != 66 {
		t.Fatalf("%d books", len(books))
	}
	var ot, nt, otVerses, ntVerses, chapters int
	for i, b := range books {
		if b.ID != i+1 {
			t.Errorf("book %d has id %d", i+1, b.ID)
		}
		if b.NewTestament {
			nt++
			ntVerses += b.TotalVerses()
			if b.TestamentOrder != nt {
				t.Errorf("%s: testamentOrder %d, want %d", b.USFM, b.TestamentOrder, nt)
			}
		} else {
			ot++
			otVerses += b.TotalVerses()
			if b.TestamentOrder != ot {
				t.Errorf("%s: testamentOrder %d, want %d", b.USFM, b.TestamentOrder, ot)
			}
		}
		chapters += b.ChapterCount
		sum := 0
		for _, n := range b.ChapterVerseCounts() {
			sum += n
		}
		if sum != b.TotalVerses() || len(b.ChapterVerseCounts()) != b.ChapterCount {
			t.Errorf("%s: chapter counts do not add up", b.USFM)
		}
	}
	if ot != 39 || nt != 27 || chapters != 1189 || otVerses != 23145 || ntVerses != 7957 || otVerses+ntVerses != 31102 {
		t.Errorf("OT %d NT %d chapters %d verses OT %d NT %d", ot, nt, chapters, otVerses, ntVerses)
	}
	if books[39].USFM != "MAT" || !books[39].NewTestament || books[38].NewTestament {
		t.Error("the New Testament must start with Matthew")
	}
}

// TestDataKnownCounts pins every book's verse total and the chapters that
// versifications most often disagree on, so that a slip in books.json that
// happens to keep the grand totals still fails.
func TestDataKnownCounts(t *testing.T) {
	totals := map[string]int{
		"GEN": 1533, "EXO": 1213, "LEV": 859, "NUM": 1288, "DEU": 959, "JOS": 658, "JDG": 618, "RUT": 85,
		"1SA": 810, "2SA": 695, "1KI": 816, "2KI": 719, "1CH": 942, "2CH": 822, "EZR": 280, "NEH": 406,
		"EST": 167, "JOB": 1070, "PSA": 2461, "PRO": 915, "ECC": 222, "SNG": 117, "ISA": 1292, "JER": 1364,
		"LAM": 154, "EZK": 1273, "DAN": 357, "HOS": 197, "JOL": 73, "AMO": 146, "OBA": 21, "JON": 48,
		"MIC": 105, "NAM": 47, "HAB": 56, "ZEP": 53, "HAG": 38, "ZEC": 211, "MAL": 55,
		"MAT": 1071, "MRK": 678, "LUK": 1151, "JHN": 879, "ACT": 1007, "ROM": 433, "1CO": 437, "2CO": 257,
		"GAL": 149, "EPH": 155, "PHP": 104, "COL": 95, "1TH": 89, "2TH": 47, "1TI": 113, "2TI": 83,
		"TIT": 46, "PHM": 25, "HEB": 303, "JAS": 108, "1PE": 105, "2PE": 61, "1JN": 105, "2JN": 13,
		"3JN": 14, "JUD": 25, "REV": 404,
	}
	for _, b := range Books() {
		if b.TotalVerses() != totals[b.USFM] {
			t.Errorf("%s has %d verses, want %d", b.USFM, b.TotalVerses(), totals[b.USFM])
		}
	}
	chapters := []struct {
		usfm            string
		chapter, verses int
	}{
		{"PSA", 119, 176}, {"PSA", 117, 2}, {"MAL", 1, 14}, {"MAL", 2, 17}, {"MAL", 3, 18}, {"MAL", 4, 6},
		{"ACT", 8, 40}, {"ROM", 16, 27}, {"MRK", 16, 20}, {"JHN", 8, 59}, {"3JN", 1, 14}, {"JUD", 1, 25},
		{"JOL", 2, 32}, {"JOL", 3, 21}, {"REV", 12, 17}, {"NUM", 7, 89}, {"1CH", 6, 81}, {"EST", 10, 3},
		{"NEH", 7, 73}, {"LUK", 1, 80}, {"ACT", 19, 41}, {"2CO", 13, 14}, {"ROM", 14, 23}, {"DAN", 4, 37},
	}
	for _, c := range chapters {
		b, _ := BookByUSFM(c.usfm)
		if got := b.VerseCount(c.chapter); got != c.verses {
			t.Errorf("%s %d has %d verses, want %d", c.usfm, c.chapter, got, c.verses)
		}
	}
	counts := map[string]int{"JOL": 3, "MAL": 4, "PSA": 150, "OBA": 1, "PHM": 1, "2JN": 1, "3JN": 1, "JUD": 1, "REV": 22}
	for usfm, n := range counts {
		if b, _ := BookByUSFM(usfm); b.ChapterCount != n {
			t.Errorf("%s has %d chapters, want %d", usfm, b.ChapterCount, n)
		}
	}
}

func TestBookAccessors(t *testing.T) {
	b, ok := BookByUSFM(" jhn ")
	if !ok || b.ID != 43 || b.BLB != "Jhn" || b.Name(English) != "John" || b.Name("xx") != "John" {
		t.Errorf("BookByUSFM(jhn) = %+v, %v", b, ok)
	}
	if _, ok := BookByID(0); ok {
		t.Error("book 0 exists")
	}
	if _, ok := BookByID(67); ok {
		t.Error("book 67 exists")
	}
	if VersesInChapter(19, 119) != 176 || VersesInChapter(19, 151) != 0 || VersesInChapter(67, 1) != 0 || b.VerseCount(0) != 0 {
		t.Error("VersesInChapter is wrong at the edges")
	}
	// Callers get copies: changing them must not change the data.
	b.ChapterVerseCounts()[0] = 99
	b.Abbreviations(English)[0] = "x"
	Books()[0].ID = 99
	if b.VerseCount(1) != 51 || b.Abbreviations(English)[0] == "x" || Books()[0].ID != 1 {
		t.Error("shared data was modified through a returned value")
	}
	if r := b.Range(); r.Start != 143001001 || r.End != 143021025 {
		t.Errorf("John range %v", r)
	}
}

func TestLocales(t *testing.T) {
	want := []Locale{English, German, Spanish, French, Portuguese, Ukrainian, Korean}
	got := Locales()
	if len(got) != len(want) {
		t.Fatalf("Locales() = %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("Locales()[%d] = %s, want %s", i, got[i], want[i])
		}
	}
	for in, want := range map[string]Locale{"de": German, "de-DE": German, "PT_br": Portuguese, " uk ": Ukrainian, "ko-KR": Korean} {
		if got, ok := ParseLocale(in); !ok || got != want {
			t.Errorf("ParseLocale(%q) = %s, %v", in, got, ok)
		}
	}
	if loc, ok := ParseLocale("ru"); ok || loc != English {
		t.Error("ru is not supported")
	}
	if German.Tag() != "de-DE" || German.ChapterVerseSeparator() != "," || French.ChapterVerseSeparator() != "." || Locale("xx").ChapterVerseSeparator() != ":" {
		t.Error("locale conventions are wrong")
	}
}

// TestNamesComplete checks that every book is named in every locale and
// that no two names or abbreviations of a locale share a key once case,
// spaces, periods and apostrophes are ignored.
func TestNamesComplete(t *testing.T) {
	for _, loc := range Locales() {
		seen := map[string]string{}
		for _, b := range Books() {
			name := b.Name(loc)
			if name == "" || strings.TrimSpace(name) != name {
				t.Errorf("%s %s: bad name %q", loc, b.USFM, name)
			}
			for _, s := range append([]string{name}, b.Abbreviations(loc)...) {
				key := exactKey(s)
				if prev, dup := seen[key]; dup {
					t.Errorf("%s: %q (%s) collides with %s", loc, s, b.USFM, prev)
				}
				seen[key] = b.USFM
			}
		}
	}
}

// TestNamesAccentFree checks the accent-free keys: within a locale, an
// accent-free spelling may be shared by different books only when one of
// them is written without accents and so owns it.
func TestNamesAccentFree(t *testing.T) {
	for _, loc := range Locales() {
		byFold := map[string]map[string]bool{}
		exact := map[string]bool{}
		for _, b := range Books() {
			for _, s := range append([]string{b.Name(loc)}, b.Abbreviations(loc)...) {
				f := foldKey(exactKey(s))
				if byFold[f] == nil {
					byFold[f] = map[string]bool{}
				}
				byFold[f][b.USFM] = true
				exact[exactKey(s)] = true
			}
		}
		for f, books := range byFold {
			if len(books) > 1 {
				t.Logf("%s: accent-free %q is shared by %v; the unaccented spelling wins", loc, f, books)
				if !exact[f] {
					t.Errorf("%s: accent-free %q is ambiguous", loc, f)
				}
			}
		}
	}
}

// TestNamesShadowEnglish lists the deliberate cases where a locale's
// abbreviation names a different book than the same English abbreviation.
// The locale wins there; anything else would be a data mistake that makes
// the English fallback unreliable.
func TestNamesShadowEnglish(t *testing.T) {
	allowed := map[string]bool{
		"pt jn": true, // Portuguese Jn is Jonas (Jonah); John is Jo
	}
	en := k.names[English]
	for _, loc := range Locales() {
		if loc == English {
			continue
		}
		t2 := k.names[loc]
		for key, id := range t2.exact {
			if enID, ok := en.exact[key]; ok && enID != id && !allowed[string(loc)+" "+key] {
				t.Errorf("%s: %q is %s here but %s in English", loc, key, k.books[id].USFM, k.books[enID].USFM)
			}
		}
	}
}

// TestNamesParse parses every name and abbreviation of every locale in the
// forms readers type them: as written, upper and lower case, with a period,
// with a chapter, glued to the chapter, and numbered books without the space
// or with a Roman numeral.
func TestNamesParse(t *testing.T) {
	roman := map[byte]string{'1': "I", '2': "II", '3': "III"}
	for _, loc := range Locales() {
		for _, b := range Books() {
			whole := b.Range()
			ch1, _ := WholeChapter(b.ID, 1)
			for _, s := range append([]string{b.Name(loc)}, b.Abbreviations(loc)...) {
				forms := map[string]Range{
					s:                  whole,
					strings.ToUpper(s): whole,
					strings.ToLower(s): whole,
					s + ".":            whole,
					s + " 1":           ch1,
					s + ". 1":          ch1,
					s + "1":            ch1,
					"  " + s + "  1 ":  ch1,
					s + " 1:1":         {b.First(), b.First()},
				}
				if s[0] >= '1' && s[0] <= '3' {
					rest := strings.TrimLeft(s[1:], ". ")
					forms[s[:1]+rest+" 1"] = ch1
					forms[roman[s[0]]+" "+rest+" 1"] = ch1
				}
				for in, want := range forms {
					if got, err := Parse(in, loc); err != nil || got != want {
						t.Errorf("Parse(%q, %s) = %v, %v; want %v", in, loc, got, err, want)
					}
				}
			}
			// English names work in every locale.
			if got, err := Parse(b.Name(English)+" 1", loc); err != nil || got != ch1 {
				t.Errorf("Parse(%q, %s) = %v, %v", b.Name(English)+" 1", loc, got, err)
			}
		}
	}
}

func TestBookByParam(t *testing.T) {
	for param, want := range map[string]int{"1": 1, "01": 1, "66": 66, "GEN": 1, "gen": 1, "1co": 46, "REV": 66} {
		if b, ok := BookByParam(param); !ok || b.ID != want {
			t.Errorf("%q = %d %v, want %d", param, b.ID, ok, want)
		}
	}
	for _, param := range []string{"", "0", "67", "999", "zzz", "genesis", " GEN", "GEN ", "+1", "1.0", "4co"} {
		if b, ok := BookByParam(param); ok {
			t.Errorf("%q = book %d", param, b.ID)
		}
	}
}
