// Package csvcell keeps the CSV files Lamplight writes from being read as
// formulas: a spreadsheet runs a cell starting with = + - @ (or a tab or
// carriage return before one), so such a cell gets a leading apostrophe,
// which spreadsheets show as text, and the importer takes it off again.
package csvcell

import "strings"

// triggers are the first characters a spreadsheet reads as a formula.
const triggers = "=+-@\t\r"

// needsQuote says whether s would be read as a formula, or already starts
// with apostrophes before one (so that Restore(Neutral(s)) is always s).
func needsQuote(s string) bool {
	t := strings.TrimLeft(s, "'")
	return t != "" && strings.ContainsRune(triggers, rune(t[0]))
}

// Neutral returns s as a cell a spreadsheet shows as text.
func Neutral(s string) string {
	if needsQuote(s) {
		return "'" + s
	}
	return s
}

// Row neutralises every cell of row in place and returns it.
func Row(row []string) []string {
	for i, c := range row {
		row[i] = Neutral(c)
	}
	return row
}

// Restore undoes Neutral.
func Restore(s string) string {
	if strings.HasPrefix(s, "'") && needsQuote(s[1:]) {
		return s[1:]
	}
	return s
}
