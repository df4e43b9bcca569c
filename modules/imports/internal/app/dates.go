package app

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"lamplight/modules/bible"
	"lamplight/platform/dates"
)

// monthNames are the months as readers write them in the six languages,
// full and, for Ukrainian, in the genitive a date uses ("3 січня"). A
// written month may be any prefix of three letters or more of one of them,
// as long as every name it prefixes is the same month ("jui" is not).
var monthNames = [12][]string{
	{"january", "januar", "jänner", "enero", "janvier", "janeiro", "січень", "січня"},
	{"february", "februar", "febrero", "février", "fevereiro", "лютий", "лютого"},
	{"march", "märz", "marzo", "mars", "março", "березень", "березня"},
	{"april", "abril", "avril", "квітень", "квітня"},
	{"may", "mai", "mayo", "maio", "травень", "травня"},
	{"june", "juni", "junio", "juin", "junho", "червень", "червня"},
	{"july", "juli", "julio", "juillet", "julho", "липень", "липня"},
	{"august", "agosto", "août", "серпень", "серпня"},
	{"september", "septiembre", "setiembre", "septembre", "setembro", "вересень", "вересня"},
	{"october", "oktober", "octubre", "octobre", "outubro", "жовтень", "жовтня"},
	{"november", "noviembre", "novembre", "novembro", "листопад", "листопада"},
	{"december", "dezember", "diciembre", "décembre", "dezembro", "грудень", "грудня"},
}

// fold lower-cases a word and drops its accents ("Févr." is "fevr").
func fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(s)) {
		if unicode.Is(unicode.Mn, r) || r == '.' {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

var foldedMonths = func() [12][]string {
	var out [12][]string
	for i, names := range monthNames {
		for _, n := range names {
			out[i] = append(out[i], fold(n))
		}
	}
	return out
}()

// month reads a month name or abbreviation; 0 when it is none or could be
// two months.
func month(word string) int {
	w := fold(word)
	if len([]rune(w)) < 3 {
		return 0
	}
	found := 0
	for i, names := range foldedMonths {
		for _, n := range names {
			if strings.HasPrefix(n, w) {
				if found != 0 && found != i+1 {
					return 0
				}
				found = i + 1
			}
		}
	}
	return found
}

// yearFirst is a date written year, month, day with the Korean units
// ("2024년 3월 4일") or with a period after each ("2024. 3. 4.").
var yearFirst = regexp.MustCompile(`^(\d{4})\s*(?:년\s*(\d{1,2})\s*월\s*(\d{1,2})\s*일|\.\s*(\d{1,2})\s*\.\s*(\d{1,2})\s*\.?)$`)

// fillers are words a written date may carry between its parts ("3 de
// enero de 2024", "the 3rd of January").
var fillers = map[string]bool{"de": true, "del": true, "of": true, "the": true, "le": true}

// parseDate reads a date as readers write it: ISO (2024-01-03), numeric
// with the day first (03.01.2024, 03/01/2024), or the month first in
// English (01/03/2024), or with the month in words in any of the six
// languages ("3 Jan 2024", "January 3, 2024", "3. Januar 2024", "3 de
// enero de 2024", "3 січня 2024"), or year first as Korean readers write
// it ("2024년 3월 4일", "2024. 3. 4."). It answers YYYY-MM-DD, or false.
func parseDate(s string, loc bible.Locale) (string, bool) {
	s = strings.TrimSpace(s)
	if d, ok := numericDate(s, loc); ok {
		return d, true
	}
	if m := yearFirst.FindStringSubmatch(s); m != nil {
		y, _ := strconv.Atoi(m[1])
		mo, _ := strconv.Atoi(m[2] + m[4])
		d, _ := strconv.Atoi(m[3] + m[5])
		return isoDate(y, mo, d)
	}
	var day, mon, year int
	parts := strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == '/' || r == '-' })
	for _, p := range parts {
		p = strings.TrimSuffix(p, ".")
		lower := strings.ToLower(p)
		digits := strings.TrimRightFunc(lower, unicode.IsLetter)
		switch {
		case fillers[lower]:
		case digits != "" && isDigits(digits) && len(digits) == 4 && year == 0 && digits == lower:
			year, _ = strconv.Atoi(digits)
		case digits != "" && isDigits(digits) && len(digits) <= 2 && day == 0 && (digits == lower || ordinalSuffix(lower[len(digits):])):
			day, _ = strconv.Atoi(digits)
		case mon == 0 && month(p) != 0:
			mon = month(p)
		default:
			return "", false
		}
	}
	return isoDate(year, mon, day)
}

func ordinalSuffix(s string) bool {
	switch s {
	case "st", "nd", "rd", "th", "er", "re", "e", "º", "o":
		return true
	}
	return false
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// numericDate reads a date of numbers only.
func numericDate(s string, loc bible.Locale) (string, bool) {
	if len(s) == 10 && s[4] == '-' && s[7] == '-' {
		return s, dates.Valid(s)
	}
	sep := strings.IndexAny(s, "-./")
	if sep < 0 {
		return "", false
	}
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == '.' || r == '/' })
	if len(parts) != 3 {
		return "", false
	}
	n := [3]int{}
	for i, p := range parts {
		if !isDigits(p) || len(p) > 4 {
			return "", false
		}
		n[i], _ = strconv.Atoi(p)
	}
	if len(parts[0]) == 4 {
		return isoDate(n[0], n[1], n[2])
	}
	if len(parts[2]) != 4 {
		return "", false
	}
	// Only English writes the month first, and only with slashes.
	if loc == bible.English && s[sep] == '/' {
		if d, ok := isoDate(n[2], n[0], n[1]); ok {
			return d, true
		}
	}
	return isoDate(n[2], n[1], n[0])
}

func isoDate(year, mon, day int) (string, bool) {
	if year < 1000 || mon < 1 || mon > 12 || day < 1 {
		return "", false
	}
	d := strconv.Itoa(year) + "-" + pad(mon) + "-" + pad(day)
	return d, dates.Valid(d)
}

func pad(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}
