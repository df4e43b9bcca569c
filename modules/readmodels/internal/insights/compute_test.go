package insights

import (
	"reflect"
	"testing"

	"lamplight/modules/bible"
	"lamplight/modules/reading/readingapi"
)

// 2024-06-12 is a Wednesday.
const today = "2024-06-12"

func e(date string, b, c1, v1, c2, v2 int) readingapi.Entry {
	return readingapi.Entry{Date: date, Start: bible.NewVerseID(b, c1, v1), End: bible.NewVerseID(b, c2, v2)}
}

func chapter(t *testing.T, in Insights, book int) BookChapter {
	t.Helper()
	return in.Chapters.Books[book-1]
}

func TestChapterReadCounts(t *testing.T) {
	// Ruth (book 8) has 4 chapters of 22, 23, 22 and 22 verses.
	log := []readingapi.Entry{
		e("2020-01-01", 8, 1, 1, 4, 22), // all of Ruth, before the look-back date
		e("2024-06-01", 8, 1, 1, 1, 22), // chapter 1 again
		e("2024-06-01", 8, 1, 5, 2, 3),  // overlaps the entry above on the same day: once
		e("2024-06-02", 8, 2, 1, 2, 10), // chapter 2 in two halves on two days ...
		e("2024-06-03", 8, 2, 11, 2, 23),
		e("2024-06-04", 8, 3, 1, 3, 5),  // part of chapter 3
		e("2024-06-20", 8, 4, 1, 4, 22), // after today: ignored
	}
	in := Compute(log, "2024-01-01", today, 50)
	ruth := chapter(t, in, 8)
	if want := []int{2, 2, 1, 1}; !reflect.DeepEqual(ruth.AllTime, want) {
		t.Errorf("all time %v, want %v", ruth.AllTime, want)
	}
	if want := []int{1, 1, 0, 0}; !reflect.DeepEqual(ruth.SinceLookBack, want) {
		t.Errorf("since look-back %v, want %v", ruth.SinceLookBack, want)
	}
	if len(ruth.PartlyRead) != 0 || !reflect.DeepEqual(ruth.PartlyReadSinceLookBack, []int{3}) {
		t.Errorf("partly read %v / %v", ruth.PartlyRead, ruth.PartlyReadSinceLookBack)
	}
	if g := chapter(t, in, 1); g.AllTime[0] != 0 || len(g.AllTime) != 50 {
		t.Errorf("Genesis %v", g.AllTime)
	}
	if in.Totals.ChaptersRead != 4 || in.Totals.ReadingDays != 5 {
		t.Errorf("totals %+v", in.Totals)
	}
	if len(in.Chapters.Books) != 66 {
		t.Fatalf("%d books", len(in.Chapters.Books))
	}
	n := 0
	for _, b := range in.Chapters.Books {
		n += len(b.AllTime)
	}
	if n != 1189 {
		t.Errorf("%d chapters", n)
	}
}

func TestChapterAcrossBooks(t *testing.T) {
	// Jude (65) to Revelation (66) 1 in one entry.
	log := []readingapi.Entry{{Date: today, Start: bible.NewVerseID(65, 1, 1), End: bible.NewVerseID(66, 1, 20)}}
	in := Compute(log, "", today, 50)
	if chapter(t, in, 65).AllTime[0] != 1 || chapter(t, in, 66).AllTime[0] != 1 || chapter(t, in, 66).AllTime[1] != 0 {
		t.Errorf("%v %v", chapter(t, in, 65).AllTime, chapter(t, in, 66).AllTime[:2])
	}
	if *in.Books[64].LastRead != today || *in.Books[65].LastRead != today {
		t.Errorf("last read %v %v", in.Books[64].LastRead, in.Books[65].LastRead)
	}
}

func TestBookRecencyAndWindows(t *testing.T) {
	log := []readingapi.Entry{
		e("2019-05-01", 8, 1, 1, 1, 22),  // Ruth 1, long ago (before look-back)
		e("2024-04-01", 8, 2, 1, 2, 23),  // 73 days before today: in 90 and 365
		e("2024-06-11", 8, 2, 1, 2, 10),  // re-read, yesterday
		e("2024-06-11", 8, 2, 5, 2, 12),  // overlapping, same day
		e("2024-06-12", 57, 1, 1, 1, 25), // Philemon, all of it, today
	}
	in := Compute(log, "2024-01-01", today, 50)
	if !reflect.DeepEqual(in.Windows, []int{30, 60, 90, 180, 365, 0}) {
		t.Fatalf("windows %v", in.Windows)
	}
	ruth, philemon, genesis := in.Books[7], in.Books[56], in.Books[0]
	if ruth.LastRead == nil || *ruth.LastRead != "2024-06-11" || genesis.LastRead != nil || *philemon.LastRead != today {
		t.Errorf("recency %v %v %v", ruth.LastRead, genesis.LastRead, philemon.LastRead)
	}
	type w struct{ verses, days int }
	var got []w
	for _, x := range ruth.Windows {
		got = append(got, w{x.VersesRead, x.ReadingDays})
	}
	// 30 and 60 days: verses 1-12 of chapter 2 on one day; 90 to 365: all of
	// chapter 2 on two days; all time: chapters 1 and 2 on three days.
	if want := []w{{12, 1}, {12, 1}, {23, 2}, {23, 2}, {23, 2}, {45, 3}}; !reflect.DeepEqual(got, want) {
		t.Errorf("Ruth windows %v, want %v", got, want)
	}
	if p := philemon.Windows[0]; p.Percentage != 100 || p.VersesRead != 25 {
		t.Errorf("Philemon %+v", p)
	}
	if p := ruth.Windows[5].Percentage; p != 45*100/85 {
		t.Errorf("Ruth all time %d%%", p)
	}
}

func TestHeatmapAndTrend(t *testing.T) {
	log := []readingapi.Entry{
		e("2023-01-01", 1, 1, 1, 1, 31),   // before the heatmap's year
		e("2024-06-06", 1, 2, 1, 2, 10),   // 10
		e("2024-06-10", 1, 3, 1, 3, 24),   // 24
		e("2024-06-12", 40, 5, 1, 5, 48),  // 48
		e("2024-06-12", 40, 5, 40, 6, 10), // overlaps: +10 of chapter 6 -> 58
	}
	in := Compute(log, "", today, 50)
	h := in.Heatmap
	// This week's Monday is 2024-06-10; 52 weeks earlier is 2023-06-12.
	if h.Start != "2023-06-12" || len(h.Verses) != 52*7+3 || len(h.Levels) != len(h.Verses) {
		t.Fatalf("heatmap from %s, %d days", h.Start, len(h.Verses))
	}
	last := len(h.Verses) - 1
	if h.Verses[last] != 58 || h.Verses[last-2] != 24 || h.Verses[last-6] != 10 || h.Verses[last-1] != 0 {
		t.Errorf("verses %v", h.Verses[last-7:])
	}
	if h.Levels[last] != 3 || h.Levels[last-2] != 1 || h.Levels[last-1] != 0 {
		t.Errorf("levels %v", h.Levels[last-7:])
	}
	want := []Trend{{7, 92, 13.1}, {14, 92, 6.6}, {30, 92, 3.1}, {60, 92, 1.5}, {90, 92, 1}, {180, 92, 0.5}, {365, 92, 0.3}}
	if !reflect.DeepEqual(in.Trend, want) {
		t.Errorf("trend %v, want %v", in.Trend, want)
	}
}

func TestLevel(t *testing.T) {
	for _, c := range []struct{ verses, goal, want int }{
		{0, 50, 0}, {1, 50, 1}, {24, 50, 1}, {25, 50, 2}, {49, 50, 2}, {50, 50, 3}, {99, 50, 3}, {100, 50, 4},
		{43, 0, 2}, {1, 1, 3}, {2, 1, 4},
	} {
		if got := Level(c.verses, c.goal); got != c.want {
			t.Errorf("Level(%d, %d) = %d, want %d", c.verses, c.goal, got, c.want)
		}
	}
}

func TestEmptyLogAndBadToday(t *testing.T) {
	in := Compute(nil, "", today, 50)
	if in.Totals.ReadingDays != 0 || len(in.Books) != 66 || in.Books[0].LastRead != nil || len(in.Chapters.Books) != 66 {
		t.Errorf("%+v", in.Totals)
	}
	if bad := Compute(nil, "", "2024-13-01", 50); bad.Books != nil {
		t.Errorf("bad today computed")
	}
}

func TestDayNumber(t *testing.T) {
	for _, c := range []struct {
		s    string
		want int
	}{{"1970-01-01", 0}, {"2000-03-01", 11017}, {"2024-02-29", 19782}, {"2024-06-12", 19886}} {
		if got, ok := dayNumber(c.s); !ok || got != c.want || dayString(got) != c.s {
			t.Errorf("%s: %d %v, want %d", c.s, got, ok, c.want)
		}
	}
	for _, s := range []string{"", "2024-1-01", "2024-13-01", "2024-00-10", "20x4-01-01"} {
		if _, ok := dayNumber(s); ok {
			t.Errorf("%q accepted", s)
		}
	}
}
