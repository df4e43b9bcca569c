// Package ical writes iCalendar (RFC 5545) text: content lines folded at 75
// octets without splitting a UTF-8 sequence, CRLF line ends, and TEXT
// values escaped.
package ical

import (
	"strings"
	"unicode/utf8"
)

// Writer accumulates content lines.
type Writer struct{ b strings.Builder }

// Line writes "name:value" with value written as is (dates, URIs, numbers).
func (w *Writer) Line(name, value string) { w.fold(name + ":" + value) }

// Text writes "name:value" with value escaped as TEXT.
func (w *Writer) Text(name, value string) { w.fold(name + ":" + Escape(value)) }

// String is the calendar written so far.
func (w *Writer) String() string { return w.b.String() }

// Escape escapes a TEXT value (RFC 5545 3.3.11): backslash, semicolon,
// comma and newlines.
func Escape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\r\n", `\n`, "\n", `\n`, "\r", `\n`)
	return r.Replace(s)
}

// fold splits a content line into lines of at most 75 octets; each
// continuation starts with a space (RFC 5545 3.1).
func (w *Writer) fold(line string) {
	limit := 75
	for len(line) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(line[cut]) {
			cut--
		}
		w.b.WriteString(line[:cut])
		w.b.WriteString("\r\n ")
		line = line[cut:]
		// The leading space of a continuation counts toward its 75.
		limit = 74
	}
	w.b.WriteString(line)
	w.b.WriteString("\r\n")
}
