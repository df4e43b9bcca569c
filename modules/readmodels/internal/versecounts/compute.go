package versecounts

import (
	"cmp"
	"slices"

	"lamplight/modules/bible"
	"lamplight/modules/reading/readingapi"
)

// Day is the verse count of one date that has entries.
//
// Total is the number of distinct verses among the entries dated Date.
// Unique is the number of those verses not read on any earlier date on or
// after lookBackDate; it is 0 for dates before lookBackDate (their Total
// still counts). Later entries never change an earlier date's counts; a
// change to an earlier date changes the Unique counts of later dates.
type Day struct {
	Date   string `json:"date"`
	Total  int    `json:"total"`
	Unique int    `json:"unique"`
}

// Compute returns the counts of every date with entries, in date order.
// lookBackDate "" counts unique verses from the first entry.
//
// Each date's ranges are merged into disjoint runs, so a verse read twice on
// one day counts once; a bitset of the verses seen on earlier dates then
// gives the unique count of each run in a few word operations.
func Compute(entries []readingapi.Entry, lookBackDate string) []Day {
	return computeFrom(readingapi.ByDate(entries), lookBackDate, &bible.VerseSet{})
}

// computeFrom is Compute of entries in date order, given in seen the
// verses read on the counted dates before theirs; it adds to seen.
func computeFrom(entries []readingapi.Entry, lookBackDate string, seen *bible.VerseSet) []Day {
	out := make([]Day, 0, min(len(entries), 64))
	day := make([]bible.Range, 0, 8)
	for i := 0; i < len(entries); {
		date := entries[i].Date
		day = day[:0]
		for ; i < len(entries) && entries[i].Date == date; i++ {
			if r := entries[i].Range(); r.Count() > 0 {
				day = append(day, r)
			}
		}
		day = merge(day)
		d := Day{Date: date}
		counts := lookBackDate == "" || date >= lookBackDate
		for _, r := range day {
			n := r.Count()
			d.Total += n
			if counts {
				d.Unique += n - seen.CountRange(r)
			}
		}
		if counts {
			for _, r := range day {
				seen.Add(r)
			}
		}
		out = append(out, d)
	}
	return out
}

// merge sorts valid ranges and joins overlapping ones in place, leaving
// disjoint ranges whose counts add up to the number of distinct verses.
func merge(rs []bible.Range) []bible.Range {
	if len(rs) < 2 {
		return rs
	}
	slices.SortFunc(rs, func(a, b bible.Range) int { return cmp.Compare(a.Start, b.Start) })
	out := rs[:1]
	for _, r := range rs[1:] {
		last := &out[len(out)-1]
		if r.Start <= last.End {
			last.End = max(last.End, r.End)
			continue
		}
		out = append(out, r)
	}
	return out
}

// Count is one date's counts in the answer of GET
// /api/insights/date-verse-counts, keyed by date.
type Count struct {
	Total  int `json:"total"`
	Unique int `json:"unique"`
}
