package bible

import (
	"fmt"
	"sort"
)

// VerseID identifies a verse as 100000000 + book*1000000 + chapter*1000 +
// verse, so that numeric order is Bible order and ids are readable in the
// database. Genesis 1:1 is 101001001, John 3:16 is 143003016.
type VerseID int

const (
	verseIDBase  = 100000000
	perBook      = 1000000
	perChapter   = 1000
	FirstVerseID = VerseID(101001001) // Genesis 1:1
	LastVerseID  = VerseID(166022021) // Revelation 22:21
)

// NewVerseID encodes a book, chapter and verse. It does not check that the
// verse exists (see Exists); out-of-range parts produce an id that does not
// exist rather than one that aliases another verse, as long as chapter and
// verse are below 1000.
func NewVerseID(book, chapter, verse int) VerseID {
	return VerseID(verseIDBase + book*perBook + chapter*perChapter + verse)
}

// Book returns the book part of the id.
func (v VerseID) Book() int { return (int(v) - verseIDBase) / perBook }

// Chapter returns the chapter part of the id.
func (v VerseID) Chapter() int { return int(v) % perBook / perChapter }

// Verse returns the verse part of the id.
func (v VerseID) Verse() int { return int(v) % perChapter }

// Parts decodes the id into book, chapter and verse.
func (v VerseID) Parts() (book, chapter, verse int) {
	return v.Book(), v.Chapter(), v.Verse()
}

// Exists reports whether the id names a real verse: book 1-66, an existing
// chapter and 1 <= verse <= the chapter's verse count. Verse 0 and chapter 0
// do not exist.
func (v VerseID) Exists() bool {
	_, ok := v.Index()
	return ok
}

// String renders the id as "USFM chapter:verse" (e.g. "JHN 3:16") for logs
// and test failures; use Format for text shown to readers.
func (v VerseID) String() string {
	b, c, vs := v.Parts()
	if book, ok := BookByID(b); ok {
		return fmt.Sprintf("%s %d:%d", book.USFM, c, vs)
	}
	return fmt.Sprintf("VerseID(%d)", int(v))
}

// Index returns the verse's position in Bible order, 0 (Genesis 1:1) to
// 31101 (Revelation 22:21). This dense numbering is what lets VerseSet be a
// plain bitset and lets counts across chapters be a subtraction.
func (v VerseID) Index() (int, bool) {
	if v < FirstVerseID || v > LastVerseID {
		return 0, false
	}
	b, c, vs := v.Parts()
	starts := k.chapterStart[b]
	if c < 1 || c >= len(starts) || vs < 1 || vs > k.books[b].verses[c-1] {
		return 0, false
	}
	return starts[c] + vs - 1, true
}

// VerseAt returns the verse at a dense index (see Index).
func VerseAt(index int) (VerseID, bool) {
	if index < 0 || index >= TotalVerses {
		return 0, false
	}
	// The last chapter whose first verse is at or before index.
	i := sort.Search(len(k.chapters), func(i int) bool { return k.chapters[i].first > index }) - 1
	ch := k.chapters[i]
	return NewVerseID(ch.book, ch.chapter, index-ch.first+1), true
}

// Next returns the verse after v, crossing chapters and books. There is none
// after Revelation 22:21, and none for an id that does not exist.
func (v VerseID) Next() (VerseID, bool) {
	i, ok := v.Index()
	if !ok {
		return 0, false
	}
	return VerseAt(i + 1)
}

// Prev returns the verse before v, crossing chapters and books. There is none
// before Genesis 1:1, and none for an id that does not exist.
func (v VerseID) Prev() (VerseID, bool) {
	i, ok := v.Index()
	if !ok {
		return 0, false
	}
	return VerseAt(i - 1)
}
