package bible

import (
	"embed"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// The JSON files under data/ are the single source of truth shared with the
// web app; they are embedded so the package has no runtime file dependency.
//
//go:embed data/*.json
var dataFS embed.FS

// Counts of the standard English versification, checked when the data loads
// so that a bad edit of books.json fails at start-up instead of skewing
// every reader's progress.
const (
	BookCount          = 66
	TotalChapters      = 1189
	TotalVerses        = 31102
	OldTestamentVerses = 23145
	NewTestamentVerses = 7957
)

// Book is one of the 66 books. It is a read-only value: the verse table is
// unexported and ChapterVerseCounts hands out a copy.
type Book struct {
	// ID is the book's position in Bible order, 1 (Genesis) to 66 (Revelation).
	ID int
	// USFM is the three-character USFM code, e.g. "GEN", "1CO".
	USFM string
	// BLB is the Blue Letter Bible book code used in its URLs, e.g. "Gen", "1Co".
	BLB string
	// TestamentOrder is the position within its testament: 1-39 or 1-27.
	TestamentOrder int
	// NewTestament is true for Matthew to Revelation.
	NewTestament bool
	// ChapterCount is the number of chapters.
	ChapterCount int

	verses     []int // verse count per chapter, index 0 is chapter 1
	total      int   // verses in the book
	firstIndex int   // dense index of the book's first verse
}

// chapterInfo places one chapter in the dense verse numbering.
type chapterInfo struct {
	book, chapter int
	first         int // dense index of verse 1
}

type bookJSON struct {
	ID             int    `json:"id"`
	USFM           string `json:"usfm"`
	BLB            string `json:"blb"`
	TestamentOrder int    `json:"testamentOrder"`
	NewTestament   bool   `json:"newTestament"`
	ChapterCount   int    `json:"chapterCount"`
	Verses         []int  `json:"verses"`
}

// kernel holds everything derived from the embedded data. It is built once
// and never mutated, which is what makes the package safe for concurrent use.
type kernel struct {
	books        [BookCount + 1]Book // index 0 unused so books[id] works
	byUSFM       map[string]int
	chapterStart [][]int       // chapterStart[book][chapter] = dense index of verse 1; [book][0] unused
	chapters     []chapterInfo // all 1,189 chapters in Bible order, for reverse lookup
	locales      []localeInfo
	localeByCode map[Locale]*localeInfo
	names        map[Locale]*nameTable
	ordinals     map[string]string // folded ordinal word -> digit
	versions     []Version
	apps         []appInfo
}

// k is the loaded data; every accessor reads it, hence the short name.
var k = mustLoad()

func mustLoad() *kernel {
	kn, err := load()
	if err != nil {
		panic("bible: embedded data is invalid: " + err.Error())
	}
	return kn
}

func readJSON(name string, v any) error {
	b, err := dataFS.ReadFile("data/" + name)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

func load() (*kernel, error) {
	kn := &kernel{byUSFM: map[string]int{}}
	var books []bookJSON
	if err := readJSON("books.json", &books); err != nil {
		return nil, err
	}
	if err := kn.loadBooks(books); err != nil {
		return nil, err
	}
	if err := kn.loadLocales(); err != nil {
		return nil, err
	}
	if err := kn.loadNames(); err != nil {
		return nil, err
	}
	if err := kn.loadLinks(); err != nil {
		return nil, err
	}
	return kn, nil
}

func (kn *kernel) loadBooks(books []bookJSON) error {
	if len(books) != BookCount {
		return fmt.Errorf("books.json: %d books, want %d", len(books), BookCount)
	}
	kn.chapterStart = make([][]int, BookCount+1)
	index, chapters, ot, nt := 0, 0, 0, 0
	for i, bj := range books {
		if bj.ID != i+1 {
			return fmt.Errorf("books.json: book %d has id %d", i+1, bj.ID)
		}
		if bj.ChapterCount != len(bj.Verses) || bj.ChapterCount == 0 {
			return fmt.Errorf("books.json: %s has chapterCount %d but %d verse counts", bj.USFM, bj.ChapterCount, len(bj.Verses))
		}
		if _, dup := kn.byUSFM[bj.USFM]; dup {
			return fmt.Errorf("books.json: duplicate USFM code %s", bj.USFM)
		}
		b := Book{
			ID: bj.ID, USFM: bj.USFM, BLB: bj.BLB, TestamentOrder: bj.TestamentOrder,
			NewTestament: bj.NewTestament, ChapterCount: bj.ChapterCount,
			verses: append([]int(nil), bj.Verses...), firstIndex: index,
		}
		starts := make([]int, bj.ChapterCount+1)
		for c, n := range bj.Verses {
			if n < 1 || n > 999 {
				return fmt.Errorf("books.json: %s %d has %d verses", bj.USFM, c+1, n)
			}
			starts[c+1] = index
			kn.chapters = append(kn.chapters, chapterInfo{book: bj.ID, chapter: c + 1, first: index})
			index += n
			b.total += n
		}
		chapters += bj.ChapterCount
		if b.NewTestament {
			nt += b.total
		} else {
			ot += b.total
		}
		kn.books[b.ID] = b
		kn.byUSFM[b.USFM] = b.ID
		kn.chapterStart[b.ID] = starts
	}
	if chapters != TotalChapters || index != TotalVerses || ot != OldTestamentVerses || nt != NewTestamentVerses {
		return fmt.Errorf("books.json: %d chapters, %d verses (OT %d, NT %d)", chapters, index, ot, nt)
	}
	return nil
}

// Books returns the 66 books in Bible order. The slice is a fresh copy.
func Books() []Book {
	out := make([]Book, BookCount)
	copy(out, k.books[1:])
	return out
}

// BookByID returns the book with the given Bible order (1-66).
func BookByID(id int) (Book, bool) {
	if id < 1 || id > BookCount {
		return Book{}, false
	}
	return k.books[id], true
}

// BookByUSFM returns the book with the given USFM code, case-insensitively.
func BookByUSFM(code string) (Book, bool) {
	id, ok := k.byUSFM[strings.ToUpper(strings.TrimSpace(code))]
	if !ok {
		return Book{}, false
	}
	return k.books[id], true
}

// BookByParam returns the book a web address names: its number (1-66) or
// its USFM code in any case, as the web app's /books/{book} page reads it
// (webapp/src/features/progress/model/bookParam.ts).
func BookByParam(param string) (Book, bool) {
	switch {
	case bookNumberParam.MatchString(param):
		n, _ := strconv.Atoi(param)
		return BookByID(n)
	case bookCodeParam.MatchString(param):
		return BookByUSFM(param)
	}
	return Book{}, false
}

var (
	bookNumberParam = regexp.MustCompile(`^[0-9]{1,2}$`)
	bookCodeParam   = regexp.MustCompile(`^[1-3]?[a-zA-Z]{2,3}$`)
)

// VersesInChapter returns the number of verses in a chapter, or 0 when the
// book or chapter does not exist.
func VersesInChapter(book, chapter int) int {
	b, ok := BookByID(book)
	if !ok {
		return 0
	}
	return b.VerseCount(chapter)
}

// VerseCount returns the number of verses in the given chapter of the book,
// or 0 when the chapter does not exist.
func (b Book) VerseCount(chapter int) int {
	if chapter < 1 || chapter > len(b.verses) {
		return 0
	}
	return b.verses[chapter-1]
}

// ChapterVerseCounts returns the verse count of every chapter; element 0 is
// chapter 1. The slice is a copy, so callers cannot alter the shared data.
func (b Book) ChapterVerseCounts() []int {
	return append([]int(nil), b.verses...)
}

// TotalVerses returns the number of verses in the book.
func (b Book) TotalVerses() int { return b.total }

// First returns the id of the book's first verse.
func (b Book) First() VerseID { return NewVerseID(b.ID, 1, 1) }

// Last returns the id of the book's last verse.
func (b Book) Last() VerseID {
	return NewVerseID(b.ID, b.ChapterCount, b.verses[b.ChapterCount-1])
}

// Range returns the range covering the whole book.
func (b Book) Range() Range { return Range{Start: b.First(), End: b.Last()} }

// Name returns the book's display name in the locale (English for an
// unknown locale).
func (b Book) Name(loc Locale) string {
	return k.nameTable(loc).names[b.ID]
}

// ChapterName returns what the locale calls one chapter of the book ("Psalm"
// for Psalms in English), which is its Name for most books.
func (b Book) ChapterName(loc Locale) string {
	if n := k.nameTable(loc).chapterNames[b.ID]; n != "" {
		return n
	}
	return b.Name(loc)
}

// Abbreviations returns the abbreviations and alternative names accepted for
// the book in the locale, in addition to its name. The slice is a copy.
func (b Book) Abbreviations(loc Locale) []string {
	return append([]string(nil), k.nameTable(loc).abbreviations[b.ID]...)
}
