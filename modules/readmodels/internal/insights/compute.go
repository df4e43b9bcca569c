package insights

import (
	"math"
	"time"

	"lamplight/modules/bible"
	"lamplight/modules/reading/readingapi"
	"lamplight/platform/dates"
)

// Windows are the look-back spans of the Books table, in days; 0 is all of
// the log's history.
var Windows = []int{30, 60, 90, 180, 365, 0}

// TrendDays are the spans the trend's averages are given for.
var TrendDays = []int{7, 14, 30, 60, 90, 180, 365}

// HeatmapWeeks is how many Monday-to-Sunday weeks the heatmap shows: the
// current one and the 52 before it.
const HeatmapWeeks = 53

// defaultGoal stands in for a daily goal of 0 when grading the heatmap.
const defaultGoal = 86

// Insights is the whole /insights page in one answer.
//
// Rules, all in the reader's local dates; entries after today are ignored:
//
//   - A day's verses are the distinct verses its entries cover (two
//     overlapping entries on one day count their shared verses once).
//   - A chapter's read count is how many times all of it was read: for each
//     verse, the number of days it was read on; the chapter's count is the
//     least of its verses'. A chapter read in two halves on two days counts
//     once; a chapter with some but not all verses read counts 0 and is
//     listed as partly read.
//   - Counts "all time" cover the whole log, also before the look-back date;
//     "since look-back" only entries dated on or after it.
//   - A book's last read date is the latest day any of its verses was read.
//     In a window of N days (today and the N-1 days before; 0 for all
//     time), a book's versesRead are its distinct verses read and its
//     readingDays the days on which any of its verses was read.
//   - A trend average is the verses of the last N days (today included)
//     divided by N, to one decimal.
//   - A heatmap day's level is 0 without reading, then by the daily goal g:
//     1 below g/2, 2 below g, 3 below 2g, 4 from 2g.
type Insights struct {
	Today        string      `json:"today"`
	LookBackDate string      `json:"lookBackDate"`
	DailyGoal    int         `json:"dailyVerseCountGoal"`
	Heatmap      Heatmap     `json:"heatmap"`
	Trend        []Trend     `json:"trend"`
	Windows      []int       `json:"windows"`
	Books        []Book      `json:"books"`
	Chapters     ChapterMap  `json:"chapters"`
	Totals       TotalsBlock `json:"totals"`
}

// TotalsBlock sums the whole log's history.
type TotalsBlock struct {
	ReadingDays int `json:"readingDays"`
	// ChaptersRead counts chapters read completely at least once.
	ChaptersRead int `json:"chaptersRead"`
}

// Heatmap is verses per day from Start (a Monday) through today.
type Heatmap struct {
	Start  string `json:"start"`
	Verses []int  `json:"verses"`
	Levels []int  `json:"levels"`
}

// Trend is the average over the last Days days.
type Trend struct {
	Days    int     `json:"days"`
	Verses  int     `json:"verses"`
	Average float64 `json:"average"`
}

// Book is one book's recency and, per window (in the order of Windows),
// how much of it was read.
type Book struct {
	Book     int          `json:"book"`
	LastRead *string      `json:"lastRead"`
	Windows  []BookWindow `json:"windows"`
}

// BookWindow is a book within one window.
type BookWindow struct {
	Days        int `json:"days"`
	VersesRead  int `json:"versesRead"`
	Percentage  int `json:"percentage"`
	ReadingDays int `json:"readingDays"`
}

// ChapterMap is every chapter's read count: GET /api/insights/chapters.
type ChapterMap struct {
	LookBackDate string        `json:"lookBackDate"`
	Books        []BookChapter `json:"books"`
}

// BookChapter holds one book's chapters, chapter 1 first.
type BookChapter struct {
	Book          int   `json:"book"`
	AllTime       []int `json:"allTime"`
	SinceLookBack []int `json:"sinceLookBack"`
	// PartlyRead lists chapters with a count of 0 of which some verses were
	// read (all time, and since the look-back date).
	PartlyRead              []int `json:"partlyRead"`
	PartlyReadSinceLookBack []int `json:"partlyReadSinceLookBack"`
}

// chapterOf maps a verse index to its chapter's position in the Bible
// (0-1188), chapterBook such a position to its book.
var chapterOf, chapterBook = chapterIndex()

func chapterIndex() (of []uint16, book []int) {
	of = make([]uint16, bible.TotalVerses)
	i := 0
	for _, b := range bible.Books() {
		for c := 1; c <= b.ChapterCount; c++ {
			book = append(book, b.ID)
			for range b.VerseCount(c) {
				of[i] = uint16(len(book) - 1)
				i++
			}
		}
	}
	return of, book
}

// dayNumber is the number of days since 1970-01-01 of a YYYY-MM-DD date.
// It parses by hand: a ten-year log has thousands of dates, and time.Parse
// would take most of the recompute. Calendar validity is the log's concern;
// anything that is not eight digits in that shape is refused.
func dayNumber(s string) (int, bool) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return 0, false
	}
	n := [3]int{}
	for i, part := range [3]string{s[0:4], s[5:7], s[8:10]} {
		for j := 0; j < len(part); j++ {
			c := part[j]
			if c < '0' || c > '9' {
				return 0, false
			}
			n[i] = n[i]*10 + int(c-'0')
		}
	}
	y, m, d := n[0], n[1], n[2]
	if m < 1 || m > 12 || d < 1 || d > 31 {
		return 0, false
	}
	// Days from the civil date, counting years from March so that the leap
	// day falls last.
	if m <= 2 {
		y--
	}
	era := y / 400
	yoe := y - era*400
	doy := (153*((m+9)%12)+2)/5 + d - 1
	return era*146097 + yoe*365 + yoe/4 - yoe/100 + doy - 719468, true
}

func dayString(d int) string { return time.Unix(int64(d)*86400, 0).UTC().Format(dates.Layout) }

// Level grades a day's verses against the daily goal.
func Level(verses, goal int) int {
	if goal <= 0 {
		goal = defaultGoal
	}
	switch {
	case verses <= 0:
		return 0
	case 2*verses < goal:
		return 1
	case verses < goal:
		return 2
	case verses < 2*goal:
		return 3
	}
	return 4
}

// span is an entry as verse indexes, both ends included.
type span struct{ s, e int }

// Compute builds the insights from the whole log (in date order).
func Compute(entries []readingapi.Entry, lookBackDate, today string, goal int) Insights {
	out := Insights{Today: today, LookBackDate: lookBackDate, DailyGoal: goal, Windows: Windows}
	end, ok := dayNumber(today)
	if !ok {
		return out
	}
	// Monday of today's week: 1970-01-01 (day 0) was a Thursday.
	monday := end - ((end%7)+7+3)%7
	hmStart := monday - 7*(HeatmapWeeks-1)
	dayVerses := make([]int, end-hmStart+1)
	cutoff := make([]int, len(Windows))
	for i, w := range Windows {
		cutoff[i] = math.MinInt
		if w > 0 {
			cutoff[i] = end - w + 1
		}
	}

	diffAll := make([]int32, bible.TotalVerses+1)
	diffSince := make([]int32, bible.TotalVerses+1)
	lastDay := make([]int32, bible.TotalVerses)
	const never = math.MinInt32
	for i := range lastDay {
		lastDay[i] = never
	}
	bookLast := make([]int, bible.BookCount+1)
	bookMark := make([]int, bible.BookCount+1)
	for i := range bookLast {
		bookLast[i], bookMark[i] = never, never
	}
	bookDays := make([][]int, bible.BookCount+1)
	for i := range bookDays {
		bookDays[i] = make([]int, len(Windows))
	}

	var day []span
	flush := func(date string) {
		if len(day) == 0 {
			return
		}
		d, ok := dayNumber(date)
		if !ok {
			day = day[:0]
			return
		}
		out.Totals.ReadingDays++
		since := lookBackDate == "" || date >= lookBackDate
		// Entries come ordered by start: merge the overlapping ones.
		merged := day[:1]
		for _, x := range day[1:] {
			last := &merged[len(merged)-1]
			if x.s <= last.e+1 {
				last.e = max(last.e, x.e)
			} else {
				merged = append(merged, x)
			}
		}
		verses := 0
		for _, m := range merged {
			verses += m.e - m.s + 1
			diffAll[m.s]++
			diffAll[m.e+1]--
			if since {
				diffSince[m.s]++
				diffSince[m.e+1]--
			}
			for i := m.s; i <= m.e; i++ {
				lastDay[i] = int32(d)
			}
			for b := chapterBook[chapterOf[m.s]]; b <= chapterBook[chapterOf[m.e]]; b++ {
				bookLast[b] = d
				if bookMark[b] == d {
					continue
				}
				bookMark[b] = d
				for w, c := range cutoff {
					if d >= c {
						bookDays[b][w]++
					}
				}
			}
		}
		if d >= hmStart {
			dayVerses[d-hmStart] = verses
		}
		day = day[:0]
	}

	date := ""
	for _, e := range entries {
		if e.Date > today {
			break
		}
		if e.Date != date {
			flush(date)
			date = e.Date
		}
		s, ok1 := e.Start.Index()
		t, ok2 := e.End.Index()
		if !ok1 || !ok2 || t < s {
			continue
		}
		day = append(day, span{s, t})
	}
	flush(date)

	out.Heatmap = Heatmap{Start: dayString(hmStart), Verses: dayVerses, Levels: make([]int, len(dayVerses))}
	for i, v := range dayVerses {
		out.Heatmap.Levels[i] = Level(v, goal)
	}
	out.Trend = trend(dayVerses, TrendDays)
	out.Books = books(lastDay, bookLast, bookDays, cutoff)
	out.Chapters = chapters(diffAll, diffSince, lookBackDate)
	for _, b := range out.Chapters.Books {
		for _, n := range b.AllTime {
			if n > 0 {
				out.Totals.ChaptersRead++
			}
		}
	}
	return out
}

// trend averages the last n days of verses (today last) for each n.
func trend(verses []int, spans []int) []Trend {
	out := make([]Trend, len(spans))
	for i, n := range spans {
		sum := 0
		for j := max(0, len(verses)-n); j < len(verses); j++ {
			sum += verses[j]
		}
		out[i] = Trend{Days: n, Verses: sum, Average: math.Round(float64(sum)/float64(n)*10) / 10}
	}
	return out
}

func books(lastDay []int32, bookLast []int, bookDays [][]int, cutoff []int) []Book {
	read := make([][]int, bible.BookCount+1)
	for i := range read {
		read[i] = make([]int, len(cutoff))
	}
	for i, d := range lastDay {
		if d == math.MinInt32 {
			continue
		}
		r := read[chapterBook[chapterOf[i]]]
		for w, c := range cutoff {
			if int(d) >= c {
				r[w]++
			}
		}
	}
	out := make([]Book, 0, bible.BookCount)
	for _, b := range bible.Books() {
		bk := Book{Book: b.ID, Windows: make([]BookWindow, len(cutoff))}
		if bookLast[b.ID] != math.MinInt32 {
			s := dayString(bookLast[b.ID])
			bk.LastRead = &s
		}
		for w := range cutoff {
			n := read[b.ID][w]
			bk.Windows[w] = BookWindow{
				Days: Windows[w], VersesRead: n, Percentage: n * 100 / b.TotalVerses(), ReadingDays: bookDays[b.ID][w],
			}
		}
		out = append(out, bk)
	}
	return out
}

// chapters turns the per-verse day counts (as difference arrays) into each
// chapter's least count.
func chapters(diffAll, diffSince []int32, lookBackDate string) ChapterMap {
	out := ChapterMap{LookBackDate: lookBackDate, Books: make([]BookChapter, 0, bible.BookCount)}
	var all, since int32
	v := 0
	for _, b := range bible.Books() {
		bc := BookChapter{
			Book: b.ID, AllTime: make([]int, b.ChapterCount), SinceLookBack: make([]int, b.ChapterCount),
			PartlyRead: []int{}, PartlyReadSinceLookBack: []int{},
		}
		for c := range b.ChapterCount {
			minAll, minSince := int32(math.MaxInt32), int32(math.MaxInt32)
			anyAll, anySince := false, false
			for range b.VerseCount(c + 1) {
				all += diffAll[v]
				since += diffSince[v]
				minAll, minSince = min(minAll, all), min(minSince, since)
				anyAll, anySince = anyAll || all > 0, anySince || since > 0
				v++
			}
			bc.AllTime[c], bc.SinceLookBack[c] = int(minAll), int(minSince)
			if minAll == 0 && anyAll {
				bc.PartlyRead = append(bc.PartlyRead, c+1)
			}
			if minSince == 0 && anySince {
				bc.PartlyReadSinceLookBack = append(bc.PartlyReadSinceLookBack, c+1)
			}
		}
		out.Books = append(out.Books, bc)
	}
	return out
}
