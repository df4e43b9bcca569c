package app

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"time"

	"lamplight/modules/bible"
	"lamplight/modules/reminders/remindersapi"
	"lamplight/modules/settings/settingsapi"
	"lamplight/modules/sharing/sharingapi"
	contrib "lamplight/platform/archive"
	"lamplight/platform/dates"
)

// The archive layouts this import reads (the export's schemaVersion): 2
// added the reminder and the sharing links; a version 1 archive has
// neither, and restores none. 3 added the sections modules contribute
// (platform/archive); a section is read under its name whatever the
// version, and a section no module contributes is skipped.
const (
	oldestArchiveVersion = 1
	archiveSchemaVersion = 3
)

// layoutKeys are the archive's own keys, which no section may take.
var layoutKeys = []string{"schemaVersion", "exportedAt", "app", "settings", "logEntries", "notes", "tags", "reminder", "sharing"}

type archiveEntry struct {
	Date         string        `json:"date"`
	StartVerseID bible.VerseID `json:"startVerseId"`
	EndVerseID   bible.VerseID `json:"endVerseId"`
	CreatedAt    time.Time     `json:"createdAt"`
	UpdatedAt    time.Time     `json:"updatedAt"`
}

type archiveNote struct {
	Content  string `json:"content"`
	Passages []struct {
		StartVerseID bible.VerseID `json:"startVerseId"`
		EndVerseID   bible.VerseID `json:"endVerseId"`
	} `json:"passages"`
	TagIDs    []string  `json:"tagIds"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

type archiveTag struct {
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	Color       string    `json:"color"`
	Description string    `json:"description"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

// archive is an archive read: its log as rows, the rest whole (notes and
// tags are few next to the log).
type archive struct {
	rows     []Row
	settings *settingsapi.Settings
	notes    []archiveNote
	tags     []archiveTag
	reminder *remindersapi.Reminder
	sharing  []sharingapi.Link
	// sections holds the contributed sections present, as written.
	sections map[string]json.RawMessage
}

// readArchive decodes the archive one log entry at a time; the sections
// are kept as written for their modules to read.
func readArchive(br *bufio.Reader, sections contrib.Sections) (*archive, error) {
	dec := json.NewDecoder(br)
	a := &archive{sections: map[string]json.RawMessage{}}
	version := 0
	if err := expect(dec, json.Delim('{')); err != nil {
		return nil, err
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, ErrArchiveInvalid.Wrap(err)
		}
		key, _ := tok.(string)
		switch key {
		case "schemaVersion":
			err = dec.Decode(&version)
		case "settings":
			err = dec.Decode(&a.settings)
		case "logEntries":
			err = eachItem(dec, func() error {
				var e archiveEntry
				if err := dec.Decode(&e); err != nil {
					return err
				}
				if len(a.rows) == MaxRows {
					return ErrTooManyRows
				}
				a.rows = append(a.rows, entryRow(len(a.rows)+1, e))
				return nil
			})
		case "notes":
			err = eachItem(dec, func() error {
				var n archiveNote
				if err := dec.Decode(&n); err != nil {
					return err
				}
				if len(a.notes) == MaxNotes {
					return ErrTooManyRows
				}
				a.notes = append(a.notes, n)
				return nil
			})
		case "tags":
			err = dec.Decode(&a.tags)
		case "reminder":
			err = dec.Decode(&a.reminder)
		case "sharing":
			err = dec.Decode(&a.sharing)
		default:
			var raw json.RawMessage
			err = dec.Decode(&raw)
			if _, ok := sections.Named(key); ok && err == nil {
				a.sections[key] = raw
			}
		}
		if errors.Is(err, ErrTooManyRows) {
			return nil, err
		}
		if err != nil {
			return nil, ErrArchiveInvalid.Wrap(err)
		}
	}
	if err := expect(dec, json.Delim('}')); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, ErrArchiveInvalid
	}
	if version < oldestArchiveVersion || version > archiveSchemaVersion {
		return nil, ErrArchiveVersion
	}
	return a, nil
}

func expect(dec *json.Decoder, want json.Delim) error {
	tok, err := dec.Token()
	if err != nil {
		return ErrArchiveInvalid.Wrap(err)
	}
	if tok != want {
		return ErrArchiveInvalid
	}
	return nil
}

// eachItem calls item for every element of the array that comes next.
func eachItem(dec *json.Decoder, item func() error) error {
	if err := expect(dec, json.Delim('[')); err != nil {
		return err
	}
	for dec.More() {
		if err := item(); err != nil {
			return err
		}
	}
	return expect(dec, json.Delim(']'))
}

func entryRow(n int, e archiveEntry) Row {
	r := bible.Range{Start: e.StartVerseID, End: e.EndVerseID}
	row := Row{Line: n, Date: e.Date, Start: r.Start, End: r.End, created: e.CreatedAt.UTC(), updated: e.UpdatedAt.UTC()}
	switch {
	case !dates.Valid(e.Date):
		row.Status, row.Reason = StatusInvalid, ReasonInvalidDate
	case !r.Start.Exists() || r.Validate() != nil:
		row.Status, row.Reason = StatusInvalid, ReasonInvalidVerseRange
	}
	return row
}
