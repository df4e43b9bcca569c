// Package domain holds the rules of a log entry, independent of storage.
package domain

import (
	"errors"

	"lamplight/modules/bible"
	"lamplight/platform/dates"
	"lamplight/platform/errs"
)

// Draft is a log entry as a reader submits it.
type Draft struct {
	Date         string `json:"date"`
	StartVerseID int    `json:"startVerseId"`
	EndVerseID   int    `json:"endVerseId"`
}

// Validate checks a draft against spec §5: a real calendar date and a valid
// range within one book. prefix names the draft inside a batch ("entries.3.").
func (d Draft) Validate(prefix string, f *errs.Fields) {
	switch {
	case d.Date == "":
		f.Add(prefix+"date", errs.Required)
	case !dates.Valid(d.Date):
		f.Add(prefix+"date", errs.IsInvalid)
	}
	r := d.Range()
	switch {
	case d.StartVerseID == 0:
		f.Add(prefix+"startVerseId", errs.Required)
	case d.EndVerseID == 0:
		f.Add(prefix+"endVerseId", errs.Required)
	case !r.Start.Exists():
		f.Add(prefix+"startVerseId", errs.IsInvalid)
	default:
		err := r.Validate()
		switch {
		case err == nil:
		case errors.Is(err, bible.ErrStartAfterEnd):
			f.Add(prefix+"endVerseId", errs.IsInvalid, "reason", "start_after_end")
		case errors.Is(err, bible.ErrDifferentBooks):
			f.Add(prefix+"endVerseId", errs.IsInvalid, "reason", "same_book")
		default:
			f.Add(prefix+"endVerseId", errs.IsInvalid)
		}
	}
}

// Range is the draft's passage.
func (d Draft) Range() bible.Range {
	return bible.Range{Start: bible.VerseID(d.StartVerseID), End: bible.VerseID(d.EndVerseID)}
}
