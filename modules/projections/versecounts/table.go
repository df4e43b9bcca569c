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
}

var errCorrupt = errors.New("versecounts: corrupt table")

// Pack stores days, which must be in date order with real dates.
func Pack(days []Day) Table {
	return Table{Data: appendDays(make([]byte, 0, len(days)*6), 0, days)}
}

// appendDays packs days after a row dated prev (0 for none).
func appendDays(buf []byte, prev int, days []Day) []byte {
	for _, d := range days {
		n := dateNumber(d.Date)
		buf = binary.AppendUvarint(buf, uint64(n-prev))
		buf = binary.AppendUvarint(buf, uint64(d.Total))
		buf = binary.AppendUvarint(buf, uint64(d.Unique))
		prev = n
	}
	return buf
}

// before returns the packed rows dated before date, and the last of their
// dates (0 for none).
func (t Table) before(date string) ([]byte, int, error) {
	limit := dateNumber(date)
	at, prev, data := 0, 0, t.Data
	for len(data) > 0 {
		row, next := data, prev
		for i := range 3 {
			x, n := binary.Uvarint(row)
			if n <= 0 {
				return nil, 0, errCorrupt
			}
			if i == 0 {
				next += int(x)
			}
			row = row[n:]
		}
		if next >= limit {
			break
		}
		at, prev, data = len(t.Data)-len(row), next, row
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
