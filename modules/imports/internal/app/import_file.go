package app

import (
	"bufio"
	"context"
	"errors"
	"io"
	"mime"
	"slices"
	"strings"
	"time"

	"lamplight/modules/bible"
	"lamplight/modules/notes/notesapi"
	"lamplight/modules/reading/readingapi"
	"lamplight/modules/tags/tagsapi"
	contrib "lamplight/platform/archive"
	"lamplight/platform/errs"
	"lamplight/platform/uow"
)

// contentTypes are the types an import file may be sent as; which of the
// layouts it holds is read from the content.
var contentTypes = map[string]bool{"text/csv": true, "application/json": true, "text/plain": true}

// key is what makes two readings the same: the date and the range.
type key struct {
	date       string
	start, end bible.VerseID
}

// Import reads a file and answers its rows with their status; unless
// dryRun, it also writes the new ones (and an archive's notes, tags and,
// into an account without data, settings, reminder and sharing links) in
// units of work of a chunk each, so a large import never holds other
// readers' writes for long. Importing the same file again adds nothing, so
// an import cut short is completed by sending it again. site is the
// address the reader imports from, for a restored reminder's links when no
// site address is configured.
func (s *Service) Import(ctx context.Context, userID, site, contentType string, body io.Reader, dryRun bool) (*Result, error) {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil || !contentTypes[mt] {
		return nil, ErrContentType
	}
	ok, retry, err := s.limiter.Allow(ctx, "imports:user:"+userID, limitImports)
	if err != nil {
		s.log.ErrorContext(ctx, "rate limiter failed; allowing", "err", err)
	} else if !ok {
		return nil, errs.TooManyRequests(retry)
	}
	st, err := s.settings.Get(ctx, userID)
	if err != nil {
		return nil, err
	}
	loc, _ := bible.ParseLocale(st.Locale)
	br := bufio.NewReaderSize(body, 64<<10)
	first, err := firstByte(br)
	if err != nil {
		return nil, err
	}
	var a *archive
	res := &Result{LookBackDate: st.LookBackDate}
	if first == '{' {
		if a, err = readArchive(br, s.sections); err != nil {
			return nil, err
		}
		res.Rows = a.rows
	} else if res.Rows, err = readText(br, loc); err != nil {
		return nil, err
	}
	log, err := s.reading.Log(ctx, userID, "")
	if err != nil {
		return nil, err
	}
	classify(res.Rows, log.Entries)
	if added := countNew(res.Rows); len(log.Entries)+added > MaxEntries && added > 0 {
		return nil, ErrLogFull
	}
	if a != nil {
		if err := s.previewArchive(ctx, userID, a, len(log.Entries) == 0, res); err != nil {
			return nil, err
		}
	}
	summarize(res)
	if !dryRun && (res.Counts.New > 0 || a != nil) {
		if err := s.write(ctx, userID, site, a, res); err != nil {
			return nil, err
		}
		summarize(res)
	}
	return res, nil
}

// firstByte skips a byte order mark and white space and answers the first
// byte of the content, or ErrEmpty.
func firstByte(br *bufio.Reader) (byte, error) {
	if bom, err := br.Peek(3); err == nil && string(bom) == "\ufeff" {
		_, _ = br.Discard(3)
	}
	for {
		b, err := br.ReadByte()
		if errors.Is(err, io.EOF) {
			return 0, ErrEmpty
		}
		if err != nil {
			return 0, err
		}
		if !strings.ContainsRune(" \t\r\n", rune(b)) {
			return b, br.UnreadByte()
		}
	}
}

func countNew(rows []Row) int {
	n := 0
	for _, r := range rows {
		if r.Status == StatusNew {
			n++
		}
	}
	return n
}

// classify marks every valid row new, or existing when its reading is
// logged already or earlier in the file.
func classify(rows []Row, logged []readingapi.Entry) {
	seen := make(map[key]bool, len(logged)+len(rows))
	for _, e := range logged {
		seen[key{e.Date, e.Start, e.End}] = true
	}
	inFile := make(map[key]bool, len(rows))
	for i := range rows {
		r := &rows[i]
		if r.Status == StatusInvalid {
			continue
		}
		k := key{r.Date, r.Start, r.End}
		switch {
		case seen[k]:
			r.Status, r.Reason = StatusExisting, ReasonAlreadyLogged
		case inFile[k]:
			r.Status, r.Reason = StatusExisting, ReasonRepeated
		default:
			r.Status = StatusNew
			inFile[k] = true
		}
	}
}

// previewArchive counts an archive's notes and tags as the import would
// find them, and tells whether its settings (with its reminder and sharing
// links) would be restored: only into an account with no log, notes or
// tags yet.
func (s *Service) previewArchive(ctx context.Context, userID string, a *archive, noLog bool, res *Result) error {
	tags, err := s.tags.List(ctx, userID)
	if err != nil {
		return err
	}
	labels := map[string]bool{}
	for _, t := range tags {
		labels[strings.ToLower(t.Label)] = true
	}
	res.Tags = &Counts{}
	for _, t := range a.tags {
		switch {
		case strings.TrimSpace(t.Name) == "":
			res.Tags.add(StatusInvalid)
		case labels[strings.ToLower(strings.TrimSpace(t.Name))]:
			res.Tags.add(StatusExisting)
		default:
			res.Tags.add(StatusNew)
		}
	}
	have := map[string]bool{}
	err = s.notes.EachNote(ctx, userID, func(n notesapi.Note) error {
		have[noteKey(n.Content, n.CreatedAt)] = true
		return nil
	})
	if err != nil {
		return err
	}
	res.Notes = &Counts{}
	for _, n := range a.notes {
		switch {
		case strings.TrimSpace(n.Content) == "" && len(n.Passages) == 0:
			res.Notes.add(StatusInvalid)
		case have[noteKey(strings.TrimSpace(n.Content), n.CreatedAt)]:
			res.Notes.add(StatusExisting)
		default:
			res.Notes.add(StatusNew)
		}
	}
	res.SettingsRestored = a.settings != nil && noLog && len(have) == 0 && len(tags) == 0
	if res.SettingsRestored {
		res.LookBackDate = a.settings.LookBackDate
	}
	res.Sections = map[string]contrib.Counts{}
	for _, sec := range s.sections {
		if raw, ok := a.sections[sec.Name]; ok {
			c, err := sec.Check(ctx, userID, raw)
			if err != nil {
				return err
			}
			res.Sections[sec.Name] = c
		}
	}
	return nil
}

func noteKey(content string, created time.Time) string {
	return content + "\x00" + created.UTC().Format(time.RFC3339Nano)
}

// write imports the new rows a chunk per unit of work, after an archive's
// tags, notes, settings, reminder and sharing links. Rows found logged
// meanwhile become existing.
func (s *Service) write(ctx context.Context, userID, site string, a *archive, res *Result) error {
	var (
		entries []readingapi.Entry
		at      []int
	)
	for i, r := range res.Rows {
		if r.Status == StatusNew {
			entries = append(entries, readingapi.Entry{Date: r.Date, Start: r.Start, End: r.End, CreatedAt: r.created, UpdatedAt: r.updated})
			at = append(at, i)
		}
	}
	if a != nil {
		if err := s.writeArchive(ctx, userID, site, a, res); err != nil {
			return err
		}
	}
	for from := 0; from < len(entries); from += chunk {
		to := min(from+chunk, len(entries))
		began := time.Now()
		err := s.w.Transact(ctx, func(tx *uow.Tx) error {
			added, err := s.entries.ImportEntries(tx, userID, entries[from:to])
			if err != nil {
				return err
			}
			for j, ok := range added {
				if !ok {
					res.Rows[at[from+j]].Status, res.Rows[at[from+j]].Reason = StatusExisting, ReasonAlreadyLogged
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		yield(ctx, time.Since(began))
	}
	return nil
}

// yield pauses between two chunks as long as the last one took (at least
// a few milliseconds), so writers waiting for the database's write lock
// (SQLite's busy handler retries every few to 100 ms) get their turn
// instead of finding the next chunk there first.
func yield(ctx context.Context, took time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(max(took, 5*time.Millisecond)):
	}
}

// writeArchive restores the settings, reminder and sharing links (when the
// preview said so), the tags and the sections modules contribute in one
// unit of work, then the notes, a chunk at a time, with their tags mapped
// to the reader's ids. A section refused there rolls that unit back before
// anything else is written.
func (s *Service) writeArchive(ctx context.Context, userID, site string, a *archive, res *Result) error {
	// Created in their original order, the tags' new ids sort as the old
	// ones did, and so do a note's tags.
	slices.SortStableFunc(a.tags, func(x, y archiveTag) int { return x.CreatedAt.Compare(y.CreatedAt) })
	tags := make([]tagsapi.Tag, len(a.tags))
	for i, t := range a.tags {
		tags[i] = tagsapi.Tag{Label: t.Name, Color: t.Color, Description: t.Description, CreatedAt: t.CreatedAt.UTC(), UpdatedAt: t.UpdatedAt.UTC()}
	}
	var (
		ids   []string
		added []bool
	)
	err := s.w.Transact(ctx, func(tx *uow.Tx) error {
		if res.SettingsRestored {
			if err := s.restorer.RestoreSettings(ctx, tx, userID, *a.settings); err != nil {
				return err
			}
			if a.reminder != nil {
				if err := s.reminders.RestoreReminder(tx, userID, a.settings.TimeZone, site, *a.reminder); err != nil {
					return err
				}
			}
			if err := s.links.RestoreLinks(tx, userID, a.sharing); err != nil {
				return err
			}
		}
		var err error
		if ids, added, err = s.tagImp.ImportTags(tx, userID, tags); err != nil {
			return err
		}
		for _, sec := range s.sections {
			if raw, ok := a.sections[sec.Name]; ok {
				if res.Sections[sec.Name], err = sec.Restore(ctx, tx, userID, raw); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	res.Tags = &Counts{}
	tagID := map[string]string{}
	for i, t := range a.tags {
		switch {
		case ids[i] == "":
			res.Tags.add(StatusInvalid)
		case added[i]:
			res.Tags.add(StatusNew)
		default:
			res.Tags.add(StatusExisting)
		}
		if ids[i] != "" {
			tagID[t.ID] = ids[i]
		}
	}
	notes := make([]notesapi.Note, len(a.notes))
	for i, n := range a.notes {
		ps := make([]bible.Range, len(n.Passages))
		for j, p := range n.Passages {
			ps[j] = bible.Range{Start: p.StartVerseID, End: p.EndVerseID}
		}
		var tags []string
		for _, id := range n.TagIDs {
			if mapped, ok := tagID[id]; ok {
				tags = append(tags, mapped)
			}
		}
		notes[i] = notesapi.Note{Content: n.Content, Passages: ps, Tags: tags, CreatedAt: n.CreatedAt.UTC(), UpdatedAt: n.UpdatedAt.UTC()}
	}
	res.Notes = &Counts{}
	for from := 0; from < len(notes); from += chunk {
		began := time.Now()
		err := s.w.Transact(ctx, func(tx *uow.Tx) error {
			statuses, err := s.noteImp.ImportNotes(tx, userID, notes[from:min(from+chunk, len(notes))])
			for _, st := range statuses {
				res.Notes.add(st)
			}
			return err
		})
		if err != nil {
			return err
		}
		yield(ctx, time.Since(began))
	}
	return nil
}

// summarize counts the rows, spans their dates and, when new readings
// predate the look-back date, offers the earliest as the new one.
func summarize(res *Result) {
	res.Counts, res.FirstDate, res.LastDate, res.MoveLookBackTo = Counts{}, "", "", ""
	earliestNew := ""
	for _, r := range res.Rows {
		res.Counts.add(r.Status)
		if r.Status == StatusInvalid {
			continue
		}
		if res.FirstDate == "" || r.Date < res.FirstDate {
			res.FirstDate = r.Date
		}
		if r.Date > res.LastDate {
			res.LastDate = r.Date
		}
		if r.Status == StatusNew && (earliestNew == "" || r.Date < earliestNew) {
			earliestNew = r.Date
		}
	}
	if earliestNew != "" && earliestNew < res.LookBackDate {
		res.MoveLookBackTo = earliestNew
	}
}
