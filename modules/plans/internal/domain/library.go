package domain

import (
	"slices"

	"lamplight/modules/bible"
)

// Template is a plan of the library with its declared coverage: how many
// times each verse of each part of the Bible is read (once through every
// track for a cyclic plan).
type Template struct {
	ID       string
	Plan     Plan
	Coverage []Coverage
	// Source says where the plan comes from, for the reader.
	Source string
}

// Coverage declares that every verse of Scope is read Times times.
type Coverage struct {
	Scope []bible.Range
	Times int
}

// Book ids of the parts the library uses.
const (
	genesis      = 1
	deuteronomy  = 5
	joshua       = 6
	esther       = 17
	job          = 18
	psalms       = 19
	proverbs     = 20
	ecclesiastes = 21
	song         = 22
	isaiah       = 23
	malachi      = 39
	matthew      = 40
	john         = 43
	acts         = 44
	romans       = 45
	hebrews      = 58
	firstThess   = 52
	colossians   = 51
	james        = 59
	revelation   = 66
)

// bookSpan is the whole of books from to to, as one range per book.
func bookSpan(from, to int) []bible.Range {
	var out []bible.Range
	for b := from; b <= to; b++ {
		r, _ := bible.WholeBook(b)
		out = append(out, r)
	}
	return out
}

// chapters is every chapter of the books, in order, as units.
func chapters(books ...[]bible.Range) []bible.Range {
	var out []bible.Range
	for _, bs := range books {
		for _, b := range bs {
			out = append(out, b.Chapters()...)
		}
	}
	return out
}

var (
	wholeBible   = bookSpan(genesis, revelation)
	oldTestament = bookSpan(genesis, malachi)
	newTestament = bookSpan(matthew, revelation)
)

// daysOf cuts units into n days of about equal verse weight, never splitting
// a unit.
func daysOf(units []bible.Range, n int) []Day {
	weights := make([]int, len(units))
	for i, u := range units {
		weights[i] = u.Count()
	}
	days := make([]Day, n)
	start := 0
	for j, end := range Cut(weights, n) {
		days[j].Units = slices.Clone(units[start:end])
		start = end
	}
	return days
}

// versesOf cuts the verses of units into n days of about equal verse count,
// splitting chapters: each day's share becomes one range per book.
func versesOf(units []bible.Range, n int) []Day {
	var idx []int // dense indexes of every verse, in the units' order
	for _, u := range units {
		lo, _ := u.Start.Index()
		for i := range u.Count() {
			idx = append(idx, lo+i)
		}
	}
	days := make([]Day, n)
	for j := range n {
		from, to := j*len(idx)/n, (j+1)*len(idx)/n
		days[j].Units = runs(idx[from:to])
	}
	return days
}

// runs turns consecutive dense verse indexes into ranges within one book.
func runs(idx []int) []bible.Range {
	var out []bible.Range
	for i := 0; i < len(idx); {
		first, _ := bible.VerseAt(idx[i])
		j := i
		for j+1 < len(idx) && idx[j+1] == idx[j]+1 {
			if next, _ := bible.VerseAt(idx[j+1]); next.Book() != first.Book() {
				break
			}
			j++
		}
		last, _ := bible.VerseAt(idx[j])
		out = append(out, bible.Range{Start: first, End: last})
		i = j + 1
	}
	return out
}

// sideBySide joins two day lists of the same length day by day.
func sideBySide(a, b []Day) []Day {
	out := make([]Day, len(a))
	for i := range a {
		out[i].Units = append(slices.Clone(a[i].Units), b[i].Units...)
	}
	return out
}

// Library returns the templates, built from their rules (M'Cheyne from its
// calendar). Each call builds fresh values the caller may keep.
func Library() []Template {
	return []Template{
		{
			ID:       "canonical-365",
			Plan:     Plan{Name: "The Bible in a year", Description: "Genesis to Revelation in canonical order, 365 days of about equal length.", Days: daysOf(chapters(wholeBible), 365)},
			Coverage: []Coverage{{Scope: wholeBible, Times: 1}},
		},
		{
			ID:       "ot-nt-365",
			Plan:     Plan{Name: "Old and New Testament in a year", Description: "Every day a portion of the Old Testament and one of the New, both in order.", Days: sideBySide(daysOf(chapters(oldTestament), 365), versesOf(chapters(newTestament), 365))},
			Coverage: []Coverage{{Scope: wholeBible, Times: 1}},
		},
		{
			ID:       "mcheyne",
			Plan:     Plan{Name: "M'Cheyne's calendar", Description: "Four readings a day: the Old Testament once, the New Testament and the Psalms twice in a year.", Days: mcheyneDays()},
			Coverage: []Coverage{{Scope: append(bookSpan(genesis, job), bookSpan(proverbs, malachi)...), Times: 1}, {Scope: append(bookSpan(psalms, psalms), newTestament...), Times: 2}},
			Source:   "Robert Murray M'Cheyne, 1842 (public domain)",
		},
		{
			ID:       "horner",
			Plan:     Plan{Name: "Professor Horner's ten lists", Description: "One chapter from each of ten lists a day; each list starts again on its own when it ends.", Tracks: hornerTracks()},
			Coverage: []Coverage{{Scope: wholeBible, Times: 1}},
		},
		{
			ID:       "nt-90",
			Plan:     Plan{Name: "The New Testament in 90 days", Description: "Matthew to Revelation in 90 days of about equal length.", Days: daysOf(chapters(newTestament), 90)},
			Coverage: []Coverage{{Scope: newTestament, Times: 1}},
		},
		{
			ID:       "psalms-proverbs-31",
			Plan:     Plan{Name: "Psalms and Proverbs in a month", Description: "Five psalms and a chapter of Proverbs a day: on day n, Psalms n, n+30, n+60, n+90, n+120 and Proverbs n.", Days: psalmsProverbs()},
			Coverage: []Coverage{{Scope: bookSpan(psalms, proverbs), Times: 1}},
		},
	}
}

// TemplateByID returns the library's template with the id.
func TemplateByID(id string) (Template, bool) {
	for _, t := range Library() {
		if t.ID == id {
			return t, true
		}
	}
	return Template{}, false
}

// hornerTracks are the ten lists: the Gospels, the Pentateuch, two lists of
// epistles, the wisdom books, Psalms, Proverbs, the histories, the prophets,
// Acts.
func hornerTracks() []Track {
	list := func(name string, parts ...[]bible.Range) Track {
		return Track{Name: name, Units: chapters(parts...)}
	}
	return []Track{
		list("Gospels", bookSpan(matthew, john)),
		list("Pentateuch", bookSpan(genesis, deuteronomy)),
		list("Epistles I", bookSpan(romans, colossians), bookSpan(hebrews, hebrews)),
		list("Epistles II", bookSpan(firstThess, hebrews-1), bookSpan(james, revelation)),
		list("Wisdom", bookSpan(job, job), bookSpan(ecclesiastes, song)),
		list("Psalms", bookSpan(psalms, psalms)),
		list("Proverbs", bookSpan(proverbs, proverbs)),
		list("History", bookSpan(joshua, esther)),
		list("Prophets", bookSpan(isaiah, malachi)),
		list("Acts", bookSpan(acts, acts)),
	}
}

func psalmsProverbs() []Day {
	days := make([]Day, 31)
	for d := 1; d <= 31; d++ {
		if d <= 30 {
			for p := d; p <= 150; p += 30 {
				r, _ := bible.WholeChapter(psalms, p)
				days[d-1].Units = append(days[d-1].Units, r)
			}
		}
		r, _ := bible.WholeChapter(proverbs, d)
		days[d-1].Units = append(days[d-1].Units, r)
	}
	return days
}
