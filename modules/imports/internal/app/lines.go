package app

import (
	"encoding/csv"
	"errors"
	"strconv"
	"strings"
	"unicode"

	"lamplight/modules/bible"
	"lamplight/platform/csvcell"
)

// Reasons a row is not imported as new. They are the web app's
// translation keys.
const (
	ReasonInvalidDate       = "invalid_date"
	ReasonMissingPassage    = "missing_passage"
	ReasonInvalidBookName   = "invalid_book_name"
	ReasonInvalidVerseRange = "invalid_verse_range"
	ReasonLineTooLong       = "line_too_long"
	ReasonAlreadyLogged     = "already_logged"
	ReasonRepeated          = "repeated_in_file"
)

// parsedLine is what one line of text holds: a date and its passages, a
// reason it holds none, or nothing at all (a blank line or a header).
type parsedLine struct {
	skip   bool
	date   string
	ranges []bible.Range
	reason string
}

// lineReader reads the lines of one file. hint is the language of the
// last book name only one language has: a file is mostly in one language,
// so an abbreviation several languages share ("Mt 5,3") is read its way.
type lineReader struct {
	loc, hint bible.Locale
	// passages remembers each passage text read, by language tried
	// first: a long log names the same chapters again and again.
	passages map[passageKey]parsedPassage
}

type passageKey struct {
	text   string
	prefer bible.Locale
}

type parsedPassage struct {
	ranges []bible.Range
	reason string
	owner  bible.Locale
}

// maxRemembered bounds the passages remembered; past it, they are parsed
// each time.
const maxRemembered = 20000

// parseLine reads one line in any of the text layouts: the log CSV
// ("YYYY-MM-DD,<passage>", the passage in any language), the CSV with
// verse ids ("date,start,end[,passage]"), or a reading as people keep it
// ("2024-01-03 Gen 1-3", "2024-01-03: Matt 1; Ps 2", "3 Jan 2024 - John
// 3"). The reader's language decides numeric dates and, until the file
// shows its own, is tried first for book names.
func (lr *lineReader) parseLine(line string) parsedLine {
	loc := lr.loc
	line = strings.TrimSpace(line)
	if line == "" {
		return parsedLine{skip: true}
	}
	if fields, ok := csvFields(line); ok && len(fields) >= 2 {
		if strings.EqualFold(fields[0], "date") {
			return parsedLine{skip: true}
		}
		if len(fields) >= 3 && isDigits(fields[1]) && isDigits(fields[2]) {
			return idsLine(fields, loc)
		}
		if d, ok := parseDate(fields[0], loc); ok {
			return lr.passageLine(d, strings.Join(fields[1:], ","))
		}
	}
	return lr.textLine(strings.ReplaceAll(line, "\t", " "))
}

// csvFields splits a line as CSV, or answers false when it is not; a
// cell the export kept from being a formula is restored.
func csvFields(line string) ([]string, bool) {
	if !strings.ContainsRune(line, ',') {
		return nil, false
	}
	if !strings.ContainsRune(line, '"') {
		fields := strings.Split(line, ",")
		for i, f := range fields {
			fields[i] = csvcell.Restore(strings.TrimSpace(f))
		}
		return fields, true
	}
	r := csv.NewReader(strings.NewReader(line))
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	fields, err := r.Read()
	if err != nil {
		return nil, false
	}
	for i, f := range fields {
		fields[i] = csvcell.Restore(strings.TrimSpace(f))
	}
	return fields, true
}

func idsLine(fields []string, loc bible.Locale) parsedLine {
	d, ok := parseDate(fields[0], loc)
	if !ok {
		return parsedLine{reason: ReasonInvalidDate}
	}
	s, err1 := strconv.Atoi(fields[1])
	e, err2 := strconv.Atoi(fields[2])
	r := bible.Range{Start: bible.VerseID(s), End: bible.VerseID(e)}
	if err1 != nil || err2 != nil || !r.Start.Exists() || r.Validate() != nil {
		return parsedLine{date: d, reason: ReasonInvalidVerseRange}
	}
	return parsedLine{date: d, ranges: []bible.Range{r}}
}

// dateSeparators may stand between a written date and its passage.
const dateSeparators = ":,;-–—|"

func trimSeparators(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune(dateSeparators, r) })
}

// textLine finds the longest run of leading words that is a date; the rest
// is the passage.
func (lr *lineReader) textLine(line string) parsedLine {
	words := strings.Fields(line)
	date, rest := "", ""
	for k := 1; k <= len(words) && k <= 7; k++ {
		if d, ok := parseDate(trimSeparators(strings.Join(words[:k], " ")), lr.loc); ok {
			date, rest = d, strings.Join(words[k:], " ")
		}
	}
	if date == "" {
		return parsedLine{reason: ReasonInvalidDate}
	}
	return lr.passageLine(date, trimSeparators(rest))
}

func (lr *lineReader) passageLine(date, passage string) parsedLine {
	if strings.TrimSpace(passage) == "" {
		return parsedLine{date: date, reason: ReasonMissingPassage}
	}
	prefer := lr.loc
	if lr.hint != "" {
		prefer = lr.hint
	}
	k := passageKey{passage, prefer}
	p, ok := lr.passages[k]
	if !ok {
		p = parsePassage(passage, prefer)
		if lr.passages == nil {
			lr.passages = map[passageKey]parsedPassage{}
		}
		if len(lr.passages) < maxRemembered {
			lr.passages[k] = p
		}
	}
	if p.reason != "" {
		return parsedLine{date: date, reason: p.reason}
	}
	if p.owner != "" {
		lr.hint = p.owner
	}
	return parsedLine{date: date, ranges: p.ranges}
}

// parsePassage reads a passage in any language, prefer first; owner is
// the one language whose names hold its book, if only one does.
func parsePassage(passage string, prefer bible.Locale) parsedPassage {
	rs, err := bible.ParseListAnyLocale(passage, prefer)
	switch {
	case errors.Is(err, bible.ErrInvalidBookName):
		return parsedPassage{reason: ReasonInvalidBookName}
	case err != nil:
		return parsedPassage{reason: ReasonInvalidVerseRange}
	}
	for _, r := range rs {
		if r.Validate() != nil {
			return parsedPassage{reason: ReasonInvalidVerseRange}
		}
	}
	p := parsedPassage{ranges: rs}
	if ls := bible.NameLocales(passage); len(ls) == 1 {
		p.owner = ls[0]
	}
	return p
}
