package suggestions

import (
	"cmp"
	"slices"

	"lamplight/modules/bible"
	"lamplight/modules/reading/readingapi"
)

// Max is the most suggestions offered at once.
const Max = 3

// ContinueDays is how many reading days before today the continue rule
// looks at.
const ContinueDays = 3

// Kind says why a passage is suggested.
type Kind string

const (
	// KindContinue follows on from a passage read in the last few days.
	KindContinue Kind = "continue"
	// KindNT, KindOT and KindWisdom come from the three reading paths.
	KindNT     Kind = "nt"
	KindOT     Kind = "ot"
	KindWisdom Kind = "wisdom"
)

// AfterEntry is the logged passage a continue suggestion follows.
type AfterEntry struct {
	Start bible.VerseID `json:"startVerseId"`
	End   bible.VerseID `json:"endVerseId"`
	Date  string        `json:"date"`
}

// Context is why a passage is suggested.
type Context struct {
	Kind       Kind        `json:"kind"`
	AfterEntry *AfterEntry `json:"afterEntry,omitempty"`
}

// Suggestion is a passage to read next.
type Suggestion struct {
	Start   bible.VerseID `json:"startVerseId"`
	End     bible.VerseID `json:"endVerseId"`
	Context Context       `json:"suggestionContext"`
}

// Range is the suggested passage.
func (s Suggestion) Range() bible.Range { return bible.Range{Start: s.Start, End: s.End} }

// path is a reading path: its books in the order they are offered.
type path struct {
	kind  Kind
	books []int
}

// paths are taken in turn, in this order.
var paths = []path{
	{KindNT, span(40, 66)},
	{KindOT, append(span(1, 17), span(23, 39)...)},
	{KindWisdom, []int{19, 20, 21, 18, 22}},
}

func span(from, to int) []int {
	out := make([]int, 0, to-from+1)
	for b := from; b <= to; b++ {
		out = append(out, b)
	}
	return out
}

// Compute returns up to Max suggestions for a reader whose log is entries,
// on their local date today. Only entries dated on or after lookBackDate
// count ("" for all).
//
//  1. Continue: among the entries of the last ContinueDays days before
//     today on which something was read (today excluded; after a break the
//     reader still finds their place), keep per book the one that ends
//     latest (on a tie, the later date, then the later logged). Suggest from the verse after
//     its end to the end of that verse's chapter: the rest of the chapter
//     when the entry ends mid-chapter, the whole next chapter when it ends a
//     chapter, nothing when it ends the book. The next chapter is offered
//     whether or not it was read before: a reader going through a book
//     again is offered the next chapter, not the next one never read. A
//     suggestion overlapping an entry dated today is dropped (the reader
//     has moved on; tomorrow it follows today's entry). Newest first.
//  2. Paths: fill the remaining slots in turns NT, OT, Wisdom, NT, ...
//     Each turn takes its path's next candidate: book by book, the first
//     chapter not fully read, whole. A candidate overlapping a suggestion
//     already chosen is dropped and the turn passes on; a path without
//     candidates leaves the rotation.
//  3. A reader who has read every verse gets none. (A new reader gets
//     Matthew 1, Genesis 1 and Psalms 1 from the paths.)
func Compute(entries []readingapi.Entry, lookBackDate, today string) []Suggestion {
	var read bible.VerseSet
	for _, e := range entries {
		if lookBackDate == "" || e.Date >= lookBackDate {
			read.Add(e.Range())
		}
	}
	return FromRead(readingapi.ByDate(entries), &read, lookBackDate, today)
}

// FromRead is Compute given read, the verses of every entry dated on or
// after lookBackDate, with entries in date order: only the log's end is
// looked at.
func FromRead(entries []readingapi.Entry, read *bible.VerseSet, lookBackDate, today string) []Suggestion {
	if read.Count() == bible.TotalVerses {
		return []Suggestion{}
	}
	// Today's entries and those of the last reading days before it are at
	// the end of the log, before any dated later than today.
	var todays []bible.Range
	var days recentDays
	i := len(entries)
	for ; i > 0; i-- {
		e := entries[i-1]
		if lookBackDate != "" && e.Date < lookBackDate {
			break
		}
		if e.Date == today {
			todays = append(todays, e.Range())
		}
		if e.Date < today {
			if days.full() && !days.has(e.Date) {
				break
			}
			days.add(e.Date)
		}
	}
	var recent []readingapi.Entry
	for _, e := range entries[i:] {
		if days.has(e.Date) {
			recent = append(recent, e)
		}
	}
	return fill(continuations(recent, todays), read)
}

// recentDays keeps the latest ContinueDays distinct dates it is given.
type recentDays struct {
	dates [ContinueDays]string // latest first; "" when unused
}

func (r *recentDays) add(date string) {
	for i, d := range r.dates {
		if d == date {
			return
		}
		if date > d {
			copy(r.dates[i+1:], r.dates[i:])
			r.dates[i] = date
			return
		}
	}
}

func (r *recentDays) full() bool { return r.dates[ContinueDays-1] != "" }

func (r *recentDays) has(date string) bool {
	return date != "" && slices.Contains(r.dates[:], date)
}

// continuations applies rule 1 to the entries of the days before today.
func continuations(recent []readingapi.Entry, todays []bible.Range) []Suggestion {
	latest := map[int]readingapi.Entry{}
	for _, e := range recent {
		if e.Range().Validate() != nil {
			continue
		}
		b := e.Start.Book()
		if l, ok := latest[b]; !ok || later(e, l) {
			latest[b] = e
		}
	}
	type found struct {
		s Suggestion
		e readingapi.Entry
	}
	var all []found
	for _, e := range latest {
		next, ok := e.End.Next()
		if !ok || next.Book() != e.End.Book() {
			continue // the entry ends the book
		}
		r, _ := bible.WholeChapter(next.Book(), next.Chapter())
		r.Start = next
		if overlapsAny(r, todays) {
			continue
		}
		all = append(all, found{Suggestion{r.Start, r.End, Context{KindContinue, &AfterEntry{e.Start, e.End, e.Date}}}, e})
	}
	slices.SortFunc(all, func(a, b found) int {
		if c := cmp.Compare(b.e.Date, a.e.Date); c != 0 {
			return c
		}
		if c := b.e.CreatedAt.Compare(a.e.CreatedAt); c != 0 {
			return c
		}
		return cmp.Compare(a.s.Start, b.s.Start)
	})
	out := make([]Suggestion, 0, Max)
	for _, f := range all[:min(len(all), Max)] {
		out = append(out, f.s)
	}
	return out
}

// later reports whether e ends after l, or ends with it and was read or
// logged later.
func later(e, l readingapi.Entry) bool {
	if e.End != l.End {
		return e.End > l.End
	}
	if e.Date != l.Date {
		return e.Date > l.Date
	}
	return e.CreatedAt.After(l.CreatedAt)
}

// fill applies rule 2.
func fill(out []Suggestion, read *bible.VerseSet) []Suggestion {
	type cursor struct {
		path
		next int // index into books
	}
	active := make([]*cursor, len(paths))
	for i, p := range paths {
		active[i] = &cursor{path: p}
	}
	turn := 0
	for len(out) < Max && len(active) > 0 {
		c := active[turn]
		r, ok := firstUnread(c.books, &c.next, read)
		if !ok {
			active = slices.Delete(active, turn, turn+1)
			if turn == len(active) {
				turn = 0
			}
			continue
		}
		if !overlapsChosen(r, out) {
			out = append(out, Suggestion{r.Start, r.End, Context{Kind: c.kind}})
		}
		turn = (turn + 1) % len(active)
	}
	return out
}

// firstUnread returns the first chapter not fully read in books[*next:],
// advancing *next past its book.
func firstUnread(books []int, next *int, read *bible.VerseSet) (bible.Range, bool) {
	for ; *next < len(books); *next++ {
		b, _ := bible.BookByID(books[*next])
		if read.CountRange(b.Range()) == b.TotalVerses() {
			continue
		}
		for c := 1; c <= b.ChapterCount; c++ {
			r, _ := bible.WholeChapter(b.ID, c)
			if read.CountRange(r) < r.Count() {
				*next++
				return r, true
			}
		}
	}
	return bible.Range{}, false
}

func overlapsAny(r bible.Range, rs []bible.Range) bool {
	return slices.ContainsFunc(rs, r.Overlaps)
}

func overlapsChosen(r bible.Range, out []Suggestion) bool {
	return slices.ContainsFunc(out, func(s Suggestion) bool { return r.Overlaps(s.Range()) })
}
