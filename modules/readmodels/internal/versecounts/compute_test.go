package versecounts

import (
	"slices"
	"testing"

	"lamplight/modules/bible"
	"lamplight/modules/reading/readingapi"
)

func v(b, c, vs int) bible.VerseID { return bible.NewVerseID(b, c, vs) }

func e(date string, start, end bible.VerseID) readingapi.Entry {
	return readingapi.Entry{Date: date, Start: start, End: end}
}

func book(date string, b int) readingapi.Entry {
	r, _ := bible.WholeBook(b)
	return e(date, r.Start, r.End)
}

// wholeBible is one entry per book, all on one date.
func wholeBible(date string) []readingapi.Entry {
	var out []readingapi.Entry
	for b := 1; b <= bible.BookCount; b++ {
		out = append(out, book(date, b))
	}
	return out
}

func TestCompute(t *testing.T) {
	cases := []struct {
		name     string
		entries  []readingapi.Entry
		lookBack string
		want     []Day
	}{
		{"empty log", nil, "", []Day{}},
		{
			"reference example",
			[]readingapi.Entry{e("2024-06-10", v(1, 1, 1), v(1, 1, 5)), e("2024-06-11", v(1, 1, 3), v(1, 1, 10))},
			"",
			[]Day{{"2024-06-10", 5, 5}, {"2024-06-11", 8, 5}},
		},
		{
			"overlapping entries on one day count each verse once",
			[]readingapi.Entry{
				e("2024-06-10", v(1, 1, 1), v(1, 1, 10)),
				e("2024-06-10", v(1, 1, 5), v(1, 1, 15)),
				e("2024-06-10", v(1, 1, 2), v(1, 1, 3)),
			},
			"",
			[]Day{{"2024-06-10", 15, 15}},
		},
		{
			"adjacent and separate ranges on one day add up",
			[]readingapi.Entry{
				e("2024-06-10", v(1, 1, 1), v(1, 1, 10)),
				e("2024-06-10", v(1, 1, 11), v(1, 1, 20)),
				e("2024-06-10", v(43, 3, 16), v(43, 3, 16)),
			},
			"",
			[]Day{{"2024-06-10", 21, 21}},
		},
		{
			"a range across chapters counts real verses",
			[]readingapi.Entry{e("2024-06-10", v(1, 1, 30), v(1, 2, 3))}, // Genesis 1 has 31 verses
			"",
			[]Day{{"2024-06-10", 5, 5}},
		},
		{
			"a re-read on a later day is not unique; a re-read the same day is not double counted",
			[]readingapi.Entry{
				e("2024-06-10", v(19, 23, 1), v(19, 23, 6)),
				e("2024-06-12", v(19, 23, 1), v(19, 23, 6)),
				e("2024-06-12", v(19, 23, 1), v(19, 24, 10)),
			},
			"",
			[]Day{{"2024-06-10", 6, 6}, {"2024-06-12", 16, 10}},
		},
		{
			"entries before lookBackDate count in total only and do not hide later verses",
			[]readingapi.Entry{
				e("2024-01-01", v(1, 1, 1), v(1, 1, 31)),
				e("2024-05-31", v(1, 2, 1), v(1, 2, 25)),
				e("2024-06-01", v(1, 1, 1), v(1, 2, 25)),
				e("2024-06-02", v(1, 1, 1), v(1, 1, 31)),
			},
			"2024-06-01",
			[]Day{{"2024-01-01", 31, 0}, {"2024-05-31", 25, 0}, {"2024-06-01", 56, 56}, {"2024-06-02", 31, 0}},
		},
		{
			"the lookBackDate itself counts",
			[]readingapi.Entry{e("2024-06-01", v(1, 1, 1), v(1, 1, 3))},
			"2024-06-01",
			[]Day{{"2024-06-01", 3, 3}},
		},
		{
			"a lookBackDate after every entry leaves only totals",
			[]readingapi.Entry{e("2024-06-01", v(1, 1, 1), v(1, 1, 3)), e("2024-06-02", v(1, 1, 1), v(1, 1, 9))},
			"2025-01-01",
			[]Day{{"2024-06-01", 3, 0}, {"2024-06-02", 9, 0}},
		},
		{
			"everything read in a day, then again",
			append(wholeBible("2024-06-01"), wholeBible("2024-06-02")...),
			"",
			[]Day{{"2024-06-01", bible.TotalVerses, bible.TotalVerses}, {"2024-06-02", bible.TotalVerses, 0}},
		},
		{
			"unordered input is ordered by date first",
			[]readingapi.Entry{e("2024-06-11", v(1, 1, 3), v(1, 1, 10)), e("2024-06-10", v(1, 1, 1), v(1, 1, 5))},
			"",
			[]Day{{"2024-06-10", 5, 5}, {"2024-06-11", 8, 5}},
		},
		{
			"an invalid range counts nothing but its date is listed",
			[]readingapi.Entry{e("2024-06-10", v(1, 1, 5), v(1, 1, 1)), e("2024-06-10", v(1, 1, 40), v(1, 1, 41))},
			"",
			[]Day{{"2024-06-10", 0, 0}},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Compute(c.entries, c.lookBack)
			if !slices.Equal(got, c.want) {
				t.Fatalf("got  %v\nwant %v", got, c.want)
			}
		})
	}
}

func TestChangingAnOldDateUpdatesLaterDaysOnly(t *testing.T) {
	log := []readingapi.Entry{
		e("2024-06-10", v(1, 1, 1), v(1, 1, 5)),
		e("2024-06-12", v(1, 1, 1), v(1, 1, 20)),
		e("2024-06-14", v(1, 2, 1), v(1, 2, 10)),
	}
	before := Compute(log, "")
	want := []Day{{"2024-06-10", 5, 5}, {"2024-06-12", 20, 15}, {"2024-06-14", 10, 10}}
	if !slices.Equal(before, want) {
		t.Fatalf("before: %v", before)
	}
	// An entry added on an old date lowers the later days' unique counts
	// and leaves the earlier day alone.
	after := Compute(append(slices.Clone(log), e("2024-06-11", v(1, 1, 1), v(1, 2, 5))), "")
	want = []Day{{"2024-06-10", 5, 5}, {"2024-06-11", 36, 31}, {"2024-06-12", 20, 0}, {"2024-06-14", 10, 5}}
	if !slices.Equal(after, want) {
		t.Fatalf("after: %v", after)
	}
	// A later entry never changes earlier days.
	later := Compute(append(slices.Clone(log), e("2024-07-01", v(1, 1, 1), v(1, 50, 26))), "")
	if !slices.Equal(later[:3], before) || later[3] != (Day{"2024-07-01", 1533, 1533 - 30}) {
		t.Fatalf("later: %v", later)
	}
}

func TestComputeDoesNotModifyItsInput(t *testing.T) {
	log := []readingapi.Entry{e("2024-06-11", v(1, 1, 3), v(1, 1, 10)), e("2024-06-10", v(1, 1, 1), v(1, 1, 5))}
	keep := slices.Clone(log)
	Compute(log, "")
	if !slices.Equal(log, keep) {
		t.Fatal("input reordered")
	}
}

func TestTable(t *testing.T) {
	days := []Day{{"1900-01-01", 0, 0}, {"2024-06-10", 5, 5}, {"2024-06-12", 300, 0}, {"2024-06-14", 31102, 31102}, {"2200-12-31", 1, 1}}
	table := Pack(days)
	dates := func(ds []Day) []string {
		out := []string{}
		for _, d := range ds {
			out = append(out, d.Date)
		}
		return out
	}
	all, err := table.Between("", "")
	if err != nil || !slices.Equal(all, days) {
		t.Fatalf("round trip: %v %v", all, err)
	}
	cases := []struct {
		from, to string
		want     []string
	}{
		{"2024-06-12", "2024-06-12", []string{"2024-06-12"}},
		{"2024-06-11", "2024-06-13", []string{"2024-06-12"}},
		{"2024-06-10", "2024-06-14", []string{"2024-06-10", "2024-06-12", "2024-06-14"}},
		{"2024-06-15", "", []string{"2200-12-31"}},
		{"", "2024-06-09", []string{"1900-01-01"}},
		{"2024-06-13", "2024-06-13", []string{}},
		{"2024-06-11", "2024-12-31", []string{"2024-06-12", "2024-06-14"}},
	}
	for _, c := range cases {
		got, err := table.Between(c.from, c.to)
		if err != nil || !slices.Equal(dates(got), c.want) {
			t.Errorf("Between(%q, %q) = %v %v, want %v", c.from, c.to, dates(got), err, c.want)
		}
	}
	if got, err := Pack(nil).Between("", ""); err != nil || len(got) != 0 {
		t.Fatalf("empty: %v %v", got, err)
	}
	if _, err := (Table{Data: []byte{0x80}}).Between("", ""); err == nil {
		t.Fatal("a cut varint must fail")
	}
	// The stored form of ten years of daily counts stays small.
	var many []Day
	for d := range 3650 {
		many = append(many, Day{Date: dateString(20100101 + d/365*10000 + d%365/28*100 + d%28 + 1), Total: 86 + d%40, Unique: d % 86})
	}
	if n := len(Pack(many).Data); n > 25000 {
		t.Fatalf("%d bytes for ten years", n)
	}
}
