package domain

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"unicode/utf8"

	"lamplight/modules/bible"
	"lamplight/platform/dates"
)

// Kinds of plan file.
const (
	KindOwn  = "lamplight" // this app's plan JSON (FileFormat)
	KindJSON = "json"      // {"name", "days": [{"passages": [{"startVerseId", "endVerseId"}]}]}
	KindText = "text"      // one day a line: "Gen 1-3; Matt 1"
	KindCSV  = "csv"       // a date column and the day's references
)

// FileFormat marks this app's plan JSON, which is the plan itself with
// "format" and "version".
const FileFormat = "lamplight-plan"

// MaxFileBytes bounds a plan file.
const MaxFileBytes = 1 << 20

// Reasons a line of a plan file is refused.
const (
	ReasonBookName   = "invalid_book_name"
	ReasonVerseRange = "invalid_verse_range"
	ReasonDate       = "invalid_date"
)

// Import errors: the file as a whole is unreadable.
var (
	ErrUnreadable = errors.New("the file is not a plan: JSON with days, text with one day a line, or CSV with a date column")
	ErrTooLarge   = errors.New("the file is larger than 1 MB")
)

// LineError is a line (text, CSV) or a day (JSON: Line is 0) refused, with
// why; the rest of the file still makes a plan.
type LineError struct {
	Line    int    `json:"line,omitempty"`
	Day     int    `json:"day,omitempty"`
	Passage int    `json:"passage,omitempty"`
	Text    string `json:"text,omitempty"`
	Reason  string `json:"reason"`
}

// Imported is a plan file read, for a preview before anything is saved.
type Imported struct {
	Kind string `json:"kind"`
	Plan Plan   `json:"plan"`
	// StartDate and Weekdays come from a CSV's dates: its first date and,
	// given two weeks of them, the weekdays they fall on.
	StartDate string      `json:"startDate,omitempty"`
	Weekdays  Weekdays    `json:"-"`
	Errors    []LineError `json:"errors"`
}

// ReadFile reads a plan file of any of the kinds, its references in any
// language (prefer first). Lines that cannot be read become LineErrors;
// the plan is checked against the limits (Plan.Validate) by the caller.
func ReadFile(body []byte, prefer bible.Locale) (Imported, error) {
	if len(body) > MaxFileBytes {
		return Imported{}, ErrTooLarge
	}
	body = bytes.TrimPrefix(body, []byte("\ufeff"))
	if !utf8.Valid(body) {
		return Imported{}, ErrUnreadable
	}
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 {
		return Imported{}, ErrUnreadable
	}
	if trimmed[0] == '{' {
		return readJSON(trimmed)
	}
	if im, ok := readCSV(trimmed, prefer); ok {
		return im, nil
	}
	return readText(trimmed, prefer)
}

func readJSON(body []byte) (Imported, error) {
	var file struct {
		Format string `json:"format"`
		Plan
	}
	if err := json.Unmarshal(body, &file); err != nil || len(file.Days)+len(file.Tracks) == 0 {
		return Imported{}, ErrUnreadable
	}
	im := Imported{Kind: KindJSON, Plan: file.Plan}
	if file.Format == FileFormat {
		im.Kind = KindOwn
	}
	keep := func(units []bible.Range, day int) []bible.Range {
		var out []bible.Range
		for j, u := range units {
			if u.Validate() != nil {
				im.Errors = append(im.Errors, LineError{Day: day, Passage: j + 1, Reason: ReasonVerseRange})
				continue
			}
			out = append(out, u)
		}
		return out
	}
	var days []Day
	for i, d := range im.Plan.Days {
		if units := keep(d.Units, i+1); len(units) > 0 {
			days = append(days, Day{Units: units})
		}
	}
	im.Plan.Days = days
	for i, t := range im.Plan.Tracks {
		im.Plan.Tracks[i].Units = keep(t.Units, 0)
	}
	return im, nil
}

// lines splits a text into lines without their line breaks.
func lines(body []byte) []string {
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(make([]byte, 0, 64*1024), MaxFileBytes)
	for sc.Scan() {
		out = append(out, strings.TrimRight(sc.Text(), "\r"))
	}
	return out
}

// dayPrefix is a day number written before a day's references: "Day 12:",
// "12.", "12)", "12=". It is dropped only when the whole line does not read
// as references, since "1. Mose 1" is a German reference.
var dayPrefix = regexp.MustCompile(`^\s*(?i:day|tag|d[ií]a|jour|dia|день|일)?\s*\d+\s*[:.)=]\s*`)

// references reads one day's references.
func references(text string, prefer bible.Locale) ([]bible.Range, string) {
	rs, err := bible.ParseListAnyLocale(text, prefer)
	if err != nil {
		if rest := dayPrefix.ReplaceAllString(text, ""); rest != text && strings.TrimSpace(rest) != "" {
			if rs2, err2 := bible.ParseListAnyLocale(rest, prefer); err2 == nil {
				return rs2, ""
			}
		}
		if errors.Is(err, bible.ErrInvalidBookName) {
			return nil, ReasonBookName
		}
		return nil, ReasonVerseRange
	}
	return rs, ""
}

func readText(body []byte, prefer bible.Locale) (Imported, error) {
	im := Imported{Kind: KindText}
	ls := lines(body)
	for n, line := range ls {
		text := strings.TrimSpace(line)
		switch {
		case text == "":
			continue
		case strings.HasPrefix(text, "#"):
			if im.Plan.Name == "" && len(im.Plan.Days) == 0 {
				im.Plan.Name = strings.TrimSpace(strings.TrimLeft(text, "#"))
			}
			continue
		}
		rs, reason := references(text, prefer)
		if reason != "" {
			// A first line that is not references is the plan's title.
			if im.Plan.Name == "" && len(im.Plan.Days) == 0 && len(im.Errors) == 0 {
				im.Plan.Name = text
				continue
			}
			im.Errors = append(im.Errors, LineError{Line: n + 1, Text: cut(text), Reason: reason})
			continue
		}
		im.Plan.Days = append(im.Plan.Days, Day{Units: rs})
	}
	if len(im.Plan.Days) == 0 && len(im.Errors) == 0 {
		return Imported{}, ErrUnreadable
	}
	return im, nil
}

// readCSV reads a CSV whose rows have a date (YYYY-MM-DD) in one column and
// the day's references in the others; a first row without a date is a
// header. It reports false when the file is not such a CSV.
func readCSV(body []byte, prefer bible.Locale) (Imported, bool) {
	r := csv.NewReader(bytes.NewReader(body))
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	rows, err := r.ReadAll()
	if err != nil || len(rows) == 0 {
		return Imported{}, false
	}
	col := -1
	for _, row := range rows[:min(len(rows), 2)] {
		for i, cell := range row {
			if dates.Valid(strings.TrimSpace(cell)) {
				col = i
				break
			}
		}
		if col >= 0 {
			break
		}
	}
	if col < 0 {
		return Imported{}, false
	}
	im := Imported{Kind: KindCSV}
	for i, row := range rows {
		if len(row) <= col {
			continue
		}
		when := strings.TrimSpace(row[col])
		var refs []string
		for j, cell := range row {
			if j != col && strings.TrimSpace(cell) != "" {
				refs = append(refs, strings.TrimSpace(cell))
			}
		}
		text := strings.Join(refs, "; ")
		if !dates.Valid(when) {
			if i == 0 {
				continue // header
			}
			im.Errors = append(im.Errors, LineError{Line: i + 1, Text: cut(when + "," + text), Reason: ReasonDate})
			continue
		}
		rs, reason := references(text, prefer)
		if reason != "" {
			im.Errors = append(im.Errors, LineError{Line: i + 1, Text: cut(text), Reason: reason})
			continue
		}
		if im.StartDate == "" {
			im.StartDate = when
		}
		d, _ := ParseDate(when)
		im.Weekdays |= 1 << (d.Weekday() - 1)
		im.Plan.Days = append(im.Plan.Days, Day{Units: rs})
	}
	// Two weeks of dates show a pattern of weekdays; fewer may not.
	if im.Weekdays == 0x7f || len(im.Plan.Days) < 14 {
		im.Weekdays = 0
	}
	return im, true
}

// cut keeps the start of a refused line, whole characters only.
func cut(s string) string {
	const most = 200
	if len(s) <= most {
		return s
	}
	s = s[:most]
	for !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}
