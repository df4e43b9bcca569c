// Package app holds the import use case: a file (the JSON archive, the
// log as CSV in any language or with verse ids, or readings pasted as
// text) read into rows, each new, already logged or invalid, and, unless
// it is a dry run, the new ones written in one unit of work through the
// other modules' contracts.
package app

import (
	"time"

	"lamplight/modules/bible"
	"lamplight/modules/notes/notesapi"
	"lamplight/modules/reading/readingapi"
	"lamplight/modules/settings/settingsapi"
	"lamplight/modules/tags/tagsapi"
	"lamplight/platform/errs"
	"lamplight/platform/uow"
)

// MaxBytes bounds an import file: a hundred years of daily readings as
// CSV, or an archive of some hundred thousand entries.
const MaxBytes int64 = 32 << 20

// maxLineBytes bounds one line of text; a longer one is an invalid row.
const maxLineBytes = 4096

// Errors of a file that cannot be imported at all; nothing is written.
var (
	ErrContentType    = errs.New(errs.KindInvalidRequest, "import_content_type")
	ErrEmpty          = errs.New(errs.KindInvalidRequest, "import_empty")
	ErrUnreadable     = errs.New(errs.KindInvalidRequest, "import_unreadable")
	ErrArchiveInvalid = errs.New(errs.KindInvalidRequest, "import_archive_invalid")
	ErrArchiveVersion = errs.New(errs.KindInvalidRequest, "import_archive_version")
)

// Row statuses.
const (
	StatusNew      = "new"
	StatusExisting = "existing"
	StatusInvalid  = "invalid"
)

// Row is one reading of the file: a line of text (a line naming several
// passages gives a row each) or an entry of an archive's log, numbered
// from 1.
type Row struct {
	Line   int
	Status string
	Reason string
	Date   string
	Start  bible.VerseID
	End    bible.VerseID
	// Text is an invalid line as written (cut short), for the reader to
	// find it.
	Text string
	// created and updated are an archive entry's times, kept on import.
	created, updated time.Time
}

// Counts counts rows (or notes, or tags) by status.
type Counts struct {
	New      int `json:"new"`
	Existing int `json:"existing"`
	Invalid  int `json:"invalid"`
}

func (c *Counts) add(status string) {
	switch status {
	case StatusNew:
		c.New++
	case StatusExisting:
		c.Existing++
	default:
		c.Invalid++
	}
}

// Result is the answer of a preview and of an import.
type Result struct {
	Counts Counts
	Rows   []Row
	// FirstDate and LastDate span the rows that have a valid date and
	// passage ("" when none).
	FirstDate, LastDate string
	// LookBackDate is the reader's; MoveLookBackTo, the earliest new
	// reading's date, is set when it is earlier, for the offer to move it.
	LookBackDate, MoveLookBackTo string
	// Notes and Tags count an archive's (nil for text).
	Notes, Tags *Counts
	// SettingsRestored tells that an archive's settings were (or, in a
	// preview, would be) restored: only into an account without data.
	SettingsRestored bool
}

// Service runs the import over the other modules' contracts.
type Service struct {
	w        *uow.Writer
	log      readingapi.Reader
	entries  readingapi.Importer
	notes    notesapi.Reader
	noteImp  notesapi.Importer
	tags     tagsapi.Lister
	tagImp   tagsapi.Importer
	settings settingsapi.Reader
	restorer settingsapi.Restorer
}

// New builds the service.
func New(w *uow.Writer, log readingapi.Reader, entries readingapi.Importer, notes notesapi.Reader, noteImp notesapi.Importer,
	tags tagsapi.Lister, tagImp tagsapi.Importer, settings settingsapi.Reader, restorer settingsapi.Restorer,
) *Service {
	return &Service{
		w: w, log: log, entries: entries, notes: notes, noteImp: noteImp,
		tags: tags, tagImp: tagImp, settings: settings, restorer: restorer,
	}
}
