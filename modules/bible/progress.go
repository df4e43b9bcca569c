package bible

// Progress summarises how much of a span (a chapter, a book, a testament,
// the Bible) has been read.
type Progress struct {
	VersesRead  int `json:"versesRead"`
	TotalVerses int `json:"totalVerses"`
	// Percentage is floor(VersesRead / TotalVerses * 100), computed in
	// integers so that it is exact: 99 until the very last verse is read.
	Percentage int `json:"percentage"`
	// Complete is true only when every verse is read.
	Complete bool `json:"complete"`
	// ChaptersRead counts chapters read completely.
	ChaptersRead  int `json:"chaptersRead"`
	TotalChapters int `json:"totalChapters"`
}

// add folds one chapter's counts into p.
func (p *Progress) add(read, total int) {
	p.VersesRead += read
	p.TotalVerses += total
	p.TotalChapters++
	if read == total {
		p.ChaptersRead++
	}
}

// finish derives Percentage and Complete from the counts.
func (p Progress) finish() Progress {
	if p.TotalVerses > 0 {
		p.Percentage = p.VersesRead * 100 / p.TotalVerses
	}
	p.Complete = p.TotalVerses > 0 && p.VersesRead == p.TotalVerses
	return p
}

// BookReport is the progress of one book and of each of its chapters.
type BookReport struct {
	Book     int        `json:"book"`
	Progress Progress   `json:"progress"`
	Chapters []Progress `json:"chapters"` // element 0 is chapter 1
}

// Report is the reading progress of the whole Bible at every level.
type Report struct {
	Bible        Progress     `json:"bible"`
	OldTestament Progress     `json:"oldTestament"`
	NewTestament Progress     `json:"newTestament"`
	Books        []BookReport `json:"books"` // element 0 is Genesis
}

// Report computes progress for the Bible, both testaments, every book and
// every chapter in one pass over the 1,189 chapters.
func (s *VerseSet) Report() Report {
	rep := Report{Books: make([]BookReport, BookCount)}
	for b := 1; b <= BookCount; b++ {
		book := k.books[b]
		br := BookReport{Book: b, Chapters: make([]Progress, book.ChapterCount)}
		for c := 1; c <= book.ChapterCount; c++ {
			read, total := s.chapterCounts(b, c)
			var cp Progress
			cp.add(read, total)
			br.Chapters[c-1] = cp.finish()
			br.Progress.add(read, total)
		}
		testament := &rep.OldTestament
		if book.NewTestament {
			testament = &rep.NewTestament
		}
		for _, p := range []*Progress{&rep.Bible, testament} {
			p.VersesRead += br.Progress.VersesRead
			p.TotalVerses += br.Progress.TotalVerses
			p.ChaptersRead += br.Progress.ChaptersRead
			p.TotalChapters += br.Progress.TotalChapters
		}
		br.Progress = br.Progress.finish()
		rep.Books[b-1] = br
	}
	rep.Bible = rep.Bible.finish()
	rep.OldTestament = rep.OldTestament.finish()
	rep.NewTestament = rep.NewTestament.finish()
	return rep
}

// BibleProgress returns the progress over the whole Bible.
func (s *VerseSet) BibleProgress() Progress {
	var p Progress
	for _, ch := range k.chapters {
		p.add(s.chapterCounts(ch.book, ch.chapter))
	}
	return p.finish()
}

// TestamentProgress returns the progress over the Old (false) or New (true)
// Testament.
func (s *VerseSet) TestamentProgress(newTestament bool) Progress {
	var p Progress
	for _, ch := range k.chapters {
		if k.books[ch.book].NewTestament == newTestament {
			p.add(s.chapterCounts(ch.book, ch.chapter))
		}
	}
	return p.finish()
}

// BookProgress returns the progress over one book.
func (s *VerseSet) BookProgress(book int) (Progress, bool) {
	b, ok := BookByID(book)
	if !ok {
		return Progress{}, false
	}
	var p Progress
	for c := 1; c <= b.ChapterCount; c++ {
		p.add(s.chapterCounts(book, c))
	}
	return p.finish(), true
}

// ChapterProgress returns the progress over one chapter; ChaptersRead is 1
// when the chapter is complete.
func (s *VerseSet) ChapterProgress(book, chapter int) (Progress, bool) {
	if VersesInChapter(book, chapter) == 0 {
		return Progress{}, false
	}
	var p Progress
	p.add(s.chapterCounts(book, chapter))
	return p.finish(), true
}

// chapterCounts returns the verses read and the verses in a chapter that is
// known to exist.
func (s *VerseSet) chapterCounts(book, chapter int) (read, total int) {
	lo := k.chapterStart[book][chapter]
	total = k.books[book].verses[chapter-1]
	return s.countBits(lo, lo+total-1), total
}
