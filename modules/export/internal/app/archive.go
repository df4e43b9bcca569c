package app

import (
	"context"
	"encoding/json"
	"io"
	"time"

	"lamplight/modules/bible"
	"lamplight/modules/notes/notesapi"
	"lamplight/modules/settings/settingsapi"
)

// ArchiveSchemaVersion is the version of the archive's layout; the import
// reads the versions it knows. 2 added the reminder and the sharing links;
// 3 the sections modules contribute (platform/archive), each under its
// name after the layout's own keys. A section versions its own layout, so
// a new one needs no new version here.
const ArchiveSchemaVersion = 3

// layoutKeys are the archive's own keys, which no section may take.
var layoutKeys = []string{"schemaVersion", "exportedAt", "app", "settings", "logEntries", "notes", "tags", "reminder", "sharing"}

type archiveEntry struct {
	ID           string        `json:"id"`
	Date         string        `json:"date"`
	StartVerseID bible.VerseID `json:"startVerseId"`
	EndVerseID   bible.VerseID `json:"endVerseId"`
	CreatedAt    time.Time     `json:"createdAt"`
	UpdatedAt    time.Time     `json:"updatedAt"`
}

type archivePassage struct {
	StartVerseID bible.VerseID `json:"startVerseId"`
	EndVerseID   bible.VerseID `json:"endVerseId"`
}

type archiveNote struct {
	ID        string           `json:"id"`
	Content   string           `json:"content"`
	Passages  []archivePassage `json:"passages"`
	TagIDs    []string         `json:"tagIds"`
	CreatedAt time.Time        `json:"createdAt"`
	UpdatedAt time.Time        `json:"updatedAt"`
}

type archiveTag struct {
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	Color       string    `json:"color"`
	Description string    `json:"description"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

// Archive is everything the reader keeps and set up as one JSON document,
// the backup and restore format: settings, log, notes, tags, reminder (null
// when never saved) and which sharing links they have (not their secret
// addresses), then every section modules contribute. The log and the notes are written one element at a time as
// they are read.
func (s *Service) Archive(ctx context.Context, userID string) (Download, error) {
	st, err := s.settings.Get(ctx, userID)
	if err != nil {
		return Download{}, err
	}
	now := s.now()
	return Download{
		FileName:    fileName(st, now, "archive", "json"),
		ContentType: "application/json",
		Write: func(w io.Writer) error {
			return s.writeArchive(ctx, userID, st, now, w)
		},
	}, nil
}

func (s *Service) writeArchive(ctx context.Context, userID string, st settingsapi.Settings, now time.Time, w io.Writer) error {
	a := &jsonWriter{w: w}
	head, err := json.Marshal(struct {
		SchemaVersion int                  `json:"schemaVersion"`
		ExportedAt    time.Time            `json:"exportedAt"`
		App           string               `json:"app"`
		Settings      settingsapi.Settings `json:"settings"`
	}{ArchiveSchemaVersion, now.UTC().Truncate(time.Millisecond), "lamplight", st})
	if err != nil {
		return err
	}
	a.raw(head[:len(head)-1])
	a.raw([]byte(`,"logEntries":[`))
	log, err := s.log.Log(ctx, userID, "")
	if err != nil {
		return err
	}
	for i, e := range log.Entries {
		a.item(i, archiveEntry{e.ID, e.Date, e.Start, e.End, e.CreatedAt.UTC(), e.UpdatedAt.UTC()})
	}
	a.raw([]byte(`],"notes":[`))
	i := 0
	err = s.notes.EachNote(ctx, userID, func(n notesapi.Note) error {
		ps := make([]archivePassage, len(n.Passages))
		for j, p := range n.Passages {
			ps[j] = archivePassage{p.Start, p.End}
		}
		tags := n.Tags
		if tags == nil {
			tags = []string{}
		}
		a.item(i, archiveNote{n.ID, n.Content, ps, tags, n.CreatedAt.UTC(), n.UpdatedAt.UTC()})
		i++
		return a.err
	})
	if err != nil {
		return err
	}
	a.raw([]byte(`],"tags":[`))
	tags, err := s.tags.List(ctx, userID)
	if err != nil {
		return err
	}
	for i, t := range tags {
		a.item(i, archiveTag{t.ID, t.Label, t.Color, t.Description, t.CreatedAt.UTC(), t.UpdatedAt.UTC()})
	}
	a.raw([]byte(`],"reminder":`))
	reminder, err := s.reminders.Reminder(ctx, userID)
	if err != nil {
		return err
	}
	a.item(0, reminder)
	a.raw([]byte(`,"sharing":[`))
	links, err := s.links.Links(ctx, userID)
	if err != nil {
		return err
	}
	for i, l := range links {
		a.item(i, l)
	}
	a.raw([]byte("]"))
	for _, sec := range s.sections {
		v, err := sec.Export(ctx, userID)
		if err != nil {
			return err
		}
		name, _ := json.Marshal(sec.Name)
		a.raw([]byte(","))
		a.raw(name)
		a.raw([]byte(":"))
		a.item(0, v)
	}
	a.raw([]byte("}\n"))
	return a.err
}

// jsonWriter writes a JSON document in pieces, keeping the first error.
type jsonWriter struct {
	w   io.Writer
	err error
}

func (j *jsonWriter) raw(b []byte) {
	if j.err == nil {
		_, j.err = j.w.Write(b)
	}
}

// item writes the i-th element of an array.
func (j *jsonWriter) item(i int, v any) {
	if j.err != nil {
		return
	}
	b, err := json.Marshal(v)
	if err != nil {
		j.err = err
		return
	}
	if i > 0 {
		j.raw([]byte{','})
	}
	j.raw(b)
}
