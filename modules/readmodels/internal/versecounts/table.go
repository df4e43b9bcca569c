package versecounts

import (
	"encoding/binary"
	"errors"
)

// Table is how the counts are stored: for each date in order, three
// unsigned varints (the date as YYYYMMDD minus the previous one, total,
// unique). Ten years of daily reading pack into about 20 KB, and a read
// decodes only numbers, making strings just for the dates it returns.
type Table struct {
	Data []byte `json:"data"`
	// last is where the last row starts and the dates of it and the row
	// before, so extend finds the rows before a date without decoding;
	// zero in a table read back, which is decoded instead.
	last lastRow
}

type lastRow struct {
	at, date, prev int
}

var errCorrupt = errors.New("versecounts: corrupt table")

// Pack stores days, which must be in date order with real dates.
func Pack(days []Day) Table {
	return appendDays(make([]byte, 0, len(days)*6), lastRow{}, days)
}

// appendDays packs days after the rows in buf, the last of which is last.
func appendDays(buf []byte, last lastRow, days []Day) Table {
	for _, d := range days {
		n := dateNumber(d.Date)
		last = lastRow{at: len(buf), date: n, prev: last.date}
		buf = binary.AppendUvarint(buf, uint64(n-last.prev))
		buf = binary.AppendUvarint(buf, uint64(d.Total))
		buf = binary.AppendUvarint(buf, uint64(d.Unique))
	}
	return Table{Data: buf, last: last}
}

// before returns the packed rows dated before date, capped so that an
// append copies them, and the last of them.
func (t Table) before(date string) ([]byte, lastRow, error) {
	limit := dateNumber(date)
	switch l := t.last; {
	case l.date == 0:
	case limit > l.date:
		return t.Data[:len(t.Data):len(t.Data)], l, nil
	case limit == l.date:
		return t.Data[:l.at:l.at], lastRow{date: l.prev}, nil
	}
	at, prev, data := 0, lastRow{}, t.Data
	for len(data) > 0 {
		row, next := data, prev.date
		for i := range 3 {
			x, n := binary.Uvarint(row)
			if n <= 0 {
				return nil, lastRow{}, errCorrupt
			}
			if i == 0 {
				next += int(x)
			}
			row = row[n:]
		}
		if next >= limit {
			break
		}
		prev = lastRow{at: at, date: next, prev: prev.date}
		at, data = len(t.Data)-len(row), row
	}
	return t.Data[:at:at], prev, nil
}

// Between returns the days dated from..to inclusive ("" leaves a side
// open), in date order.
func (t Table) Between(from, to string) ([]Day, error) {
	lo, hi := 0, 1<<62
	if from != "" {
		lo = dateNumber(from)
	}
	if to != "" {
		hi = dateNumber(to)
	}
	var out []Day
	date, data := 0, t.Data
	for len(data) > 0 {
		var v [3]uint64
		for i := range v {
			x, n := binary.Uvarint(data)
			if n <= 0 {
				return nil, errCorrupt
			}
			v[i], data = x, data[n:]
		}
		date += int(v[0])
		if date > hi {
			break
		}
		if date >= lo {
			out = append(out, Day{Date: dateString(date), Total: int(v[1]), Unique: int(v[2])})
		}
	}
	return out, nil
}

// dateNumber reads "YYYY-MM-DD" as the number YYYYMMDD, which orders like
// the date.
func dateNumber(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= '0' && c <= '9' {
			n = n*10 + int(c-'0')
		}
	}
	return n
}

func dateString(n int) string {
	b := []byte("0000-00-00")
	for _, i := range []int{9, 8, 6, 5, 3, 2, 1, 0} {
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b)
}
