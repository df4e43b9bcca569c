package app

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"lamplight/modules/bible"
)

// maxTextBytes is how much of an invalid line a row keeps.
const maxTextBytes = 200

// readText reads a text file line by line, so only one line is held at a
// time besides the rows, and stops at MaxRows.
func readText(br *bufio.Reader, loc bible.Locale) ([]Row, error) {
	var rows []Row
	lr := &lineReader{loc: loc}
	for n := 1; ; n++ {
		line, tooLong, err := readLine(br)
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, err
		}
		for tooLong && len(line) > 0 && !utf8.Valid(line) {
			line = line[:len(line)-1] // the cut may split a character
		}
		if len(line) > 0 || tooLong {
			if !utf8.Valid(line) || bytes.IndexByte(line, 0) >= 0 {
				return nil, ErrUnreadable
			}
			rows = append(rows, lr.rows(n, string(line), tooLong)...)
			if len(rows) > MaxRows {
				return nil, ErrTooManyRows
			}
		}
		if err != nil {
			return rows, nil
		}
	}
}

// readLine reads up to the next line break (LF or CRLF); a line over
// maxLineBytes is skipped to its end and reported tooLong.
func readLine(br *bufio.Reader) (line []byte, tooLong bool, err error) {
	var buf []byte
	for {
		part, err := br.ReadSlice('\n')
		if !tooLong {
			buf = append(buf, part...)
			if len(buf) > maxLineBytes {
				tooLong, buf = true, buf[:maxTextBytes]
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimRight(buf, "\r\n"), tooLong, err
	}
}

func (lr *lineReader) rows(n int, line string, tooLong bool) []Row {
	if tooLong {
		return []Row{{Line: n, Status: StatusInvalid, Reason: ReasonLineTooLong, Text: cut(line)}}
	}
	p := lr.parseLine(line)
	switch {
	case p.skip:
		return nil
	case p.reason != "":
		return []Row{{Line: n, Status: StatusInvalid, Reason: p.reason, Date: p.date, Text: cut(line)}}
	}
	rows := make([]Row, len(p.ranges))
	for i, r := range p.ranges {
		rows[i] = Row{Line: n, Date: p.date, Start: r.Start, End: r.End}
	}
	return rows
}

// cut keeps the start of an invalid line, whole characters only.
func cut(s string) string {
	s = strings.TrimSpace(s)
	if len(s) <= maxTextBytes {
		return s
	}
	s = s[:maxTextBytes]
	for !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}
