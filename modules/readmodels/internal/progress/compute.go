package progress

import (
	"lamplight/modules/bible"
	"lamplight/modules/reading/readingapi"
)

// Read returns the verses read since lookBackDate ("" for the whole log) as
// the smallest list of ranges in Bible order. This is what the projection
// stores: small, and enough to derive every view below in microseconds.
func Read(entries []readingapi.Entry, lookBackDate string) []bible.Range {
	var s bible.VerseSet
	for _, e := range entries {
		if lookBackDate == "" || e.Date >= lookBackDate {
			s.Add(e.Range())
		}
	}
	return s.Ranges()
}

// Summary is the progress over one span (the Bible, a testament, a book).
// Percentage is floor(versesRead / totalVerses * 100), so 100 only when
// complete; chaptersRead counts chapters read completely.
type Summary struct {
	VersesRead   int  `json:"versesRead"`
	TotalVerses  int  `json:"totalVerses"`
	Percentage   int  `json:"percentage"`
	ChaptersRead int  `json:"chaptersRead"`
	ChapterCount int  `json:"chapterCount"`
	Complete     bool `json:"complete"`
}

func summary(p bible.Progress) Summary {
	return Summary{
		VersesRead: p.VersesRead, TotalVerses: p.TotalVerses, Percentage: p.Percentage,
		ChaptersRead: p.ChaptersRead, ChapterCount: p.TotalChapters, Complete: p.Complete,
	}
}

// Book is one book's progress with its read and unread runs.
type Book struct {
	Book int `json:"book"`
	Summary
	Segments []bible.Segment `json:"segments"`
}

// Overview is the answer of GET /api/progress.
type Overview struct {
	Bible        Summary `json:"bible"`
	OldTestament Summary `json:"oldTestament"`
	NewTestament Summary `json:"newTestament"`
	Books        []Book  `json:"books"`
}

// Chapter is one chapter's progress with its read and unread runs.
type Chapter struct {
	Chapter     int             `json:"chapter"`
	VersesRead  int             `json:"versesRead"`
	TotalVerses int             `json:"totalVerses"`
	Percentage  int             `json:"percentage"`
	Complete    bool            `json:"complete"`
	Segments    []bible.Segment `json:"segments"`
}

// BookDetail is the answer of GET /api/progress/books/{book}.
type BookDetail struct {
	Book
	Chapters []Chapter `json:"chapters"`
}

// NewOverview computes the Bible, both testaments and every book, with
// segments per book.
func NewOverview(read []bible.Range) Overview {
	s := bible.NewVerseSet(read...)
	rep := s.Report()
	o := Overview{
		Bible:        summary(rep.Bible),
		OldTestament: summary(rep.OldTestament),
		NewTestament: summary(rep.NewTestament),
		Books:        make([]Book, len(rep.Books)),
	}
	for i, b := range rep.Books {
		o.Books[i] = Book{Book: b.Book, Summary: summary(b.Progress), Segments: s.BookSegments(b.Book)}
	}
	return o
}

// NewBookDetail computes one book (1-66) with segments per chapter; false
// for a book that does not exist.
func NewBookDetail(read []bible.Range, book int) (BookDetail, bool) {
	b, ok := bible.BookByID(book)
	if !ok {
		return BookDetail{}, false
	}
	s := bible.NewVerseSet(read...)
	p, _ := s.BookProgress(book)
	d := BookDetail{
		Book:     Book{Book: book, Summary: summary(p), Segments: s.BookSegments(book)},
		Chapters: make([]Chapter, b.ChapterCount),
	}
	for c := 1; c <= b.ChapterCount; c++ {
		cp, _ := s.ChapterProgress(book, c)
		d.Chapters[c-1] = Chapter{
			Chapter: c, VersesRead: cp.VersesRead, TotalVerses: cp.TotalVerses, Percentage: cp.Percentage,
			Complete: cp.Complete, Segments: s.ChapterSegments(book, c),
		}
	}
	return d, true
}
