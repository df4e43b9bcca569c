// Package app holds the import use case: a file (the JSON archive, the
// log as CSV in any language or with verse ids, or readings pasted as
// text) read into rows, each new, already logged or invalid, and, unless
// it is a dry run, the new ones written a chunk per unit of work through
// the other modules' contracts.
package app

import (
	"log/slog"
	"time"

	"lamplight/modules/bible"
	"lamplight/modules/notes/notesapi"
	"lamplight/modules/reading/readingapi"
	"lamplight/modules/reminders/remindersapi"
	"lamplight/modules/settings/settingsapi"
	"lamplight/modules/sharing/sharingapi"
	"lamplight/modules/tags/tagsapi"
	contrib "lamplight/platform/archive"
	"lamplight/platform/errs"
	"lamplight/platform/ratelimit"
	"lamplight/platform/uow"
)

// MaxBytes bounds an import file: a hundred years of daily readings as
// CSV, or an archive of some hundred thousand entries.
const MaxBytes int64 = 32 << 20

// maxLineBytes bounds one line of text; a longer one is an invalid row.
const maxLineBytes = 4096

// Bounds no reader meets and a file built to expand always does: a line
// may name many passages, so MaxBytes alone lets a file become millions
// of rows. A hundred years of daily readings is some 40,000 rows.
const (
	// MaxRows bounds the rows of one file (lines' passages, or an
	// archive's log entries); reading stops as soon as a file exceeds it.
	MaxRows = 100_000
	// MaxNotes bounds an archive's notes.
	MaxNotes = 20_000
	// MaxEntries bounds a reader's log after an import.
	MaxEntries = 150_000
	// MaxRowDetails is how many rows the answer lists; the counts cover all.
	MaxRowDetails = 1000
	// chunk is how many entries (or notes) one unit of work writes, so a
	// large import holds the database's write lock for short turns (see
	// yield) and other readers' writes wait about one chunk at most.
	chunk = 100
)

// limitImports bounds the imports and previews a reader sends.
var limitImports = ratelimit.PerHour(30)

// Errors of a file that cannot be imported at all; nothing is written.
var (
	ErrContentType    = errs.New(errs.KindInvalidRequest, "import_content_type")
	ErrEmpty          = errs.New(errs.KindInvalidRequest, "import_empty")
	ErrUnreadable     = errs.New(errs.KindInvalidRequest, "import_unreadable")
	ErrArchiveInvalid = errs.New(errs.KindInvalidRequest, "import_archive_invalid")
	ErrArchiveVersion = errs.New(errs.KindInvalidRequest, "import_archive_version")
	ErrTooManyRows    = tooLarge("import_too_many_rows", "maxRows", MaxRows)
	ErrLogFull        = tooLarge("import_log_full", "maxEntries", MaxEntries)
)

// tooLarge is a refusal of a file beyond a bound, which it names.
func tooLarge(code string, props ...any) *errs.Error {
	e := errs.New(errs.KindPayloadTooLarge, code)
	e.Details[0] = errs.Field("", code, props...)
	return e
}

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
	// Sections counts each section modules contribute that the archive
	// holds, by name (nil for text).
	Sections map[string]contrib.Counts
	// SettingsRestored tells that an archive's settings, with its reminder
	// and sharing links, were (or, in a preview, would be) restored: only
	// into an account without data.
	SettingsRestored bool
}

// Service runs the import over the other modules' contracts.
type Service struct {
	w         *uow.Writer
	reading   readingapi.Reader
	entries   readingapi.Importer
	notes     notesapi.Reader
	noteImp   notesapi.Importer
	tags      tagsapi.Lister
	tagImp    tagsapi.Importer
	settings  settingsapi.Reader
	restorer  settingsapi.Restorer
	reminders remindersapi.Restorer
	links     sharingapi.Links
	sections  contrib.Sections
	limiter   ratelimit.Limiter
	log       *slog.Logger
}

// New builds the service.
func New(w *uow.Writer, log readingapi.Reader, entries readingapi.Importer, notes notesapi.Reader, noteImp notesapi.Importer,
	tags tagsapi.Lister, tagImp tagsapi.Importer, settings settingsapi.Reader, restorer settingsapi.Restorer,
	reminders remindersapi.Restorer, links sharingapi.Links, sections contrib.Sections, limiter ratelimit.Limiter, logger *slog.Logger,
) (*Service, error) {
	if err := sections.Collides(layoutKeys...); err != nil {
		return nil, err
	}
	return &Service{
		w: w, reading: log, entries: entries, notes: notes, noteImp: noteImp,
		tags: tags, tagImp: tagImp, settings: settings, restorer: restorer, reminders: reminders, links: links,
		sections: sections, limiter: limiter, log: logger,
	}, nil
}
