// Package app holds the export use cases, one file per download: the JSON
// archive, the reading log as CSV, and the notes as Markdown and as CSV.
// Each reads what it must check first and answers a Download whose Write
// streams the file, so a bad request is refused before a byte is sent.
package app

import (
	"context"
	"io"
	"time"

	"lamplight/modules/bible"
	"lamplight/modules/notes/notesapi"
	"lamplight/modules/reading/readingapi"
	"lamplight/modules/reminders/remindersapi"
	"lamplight/modules/settings/settingsapi"
	"lamplight/modules/sharing/sharingapi"
	"lamplight/modules/tags/tagsapi"
	"lamplight/platform/archive"
	"lamplight/platform/dates"
	"lamplight/platform/errs"
)

// Download is one file ready to stream.
type Download struct {
	// FileName is "lamplight-<kind>-YYYY-MM-DD.<ext>", dated in the
	// reader's time zone.
	FileName    string
	ContentType string
	Write       func(w io.Writer) error
}

// Service runs the export use cases over the other modules' contracts.
type Service struct {
	log       readingapi.Reader
	notes     notesapi.Reader
	tags      tagsapi.Lister
	settings  settingsapi.Reader
	reminders remindersapi.Reader
	links     sharingapi.Links
	sections  archive.Sections
	now       func() time.Time
}

// New builds the service.
func New(log readingapi.Reader, notes notesapi.Reader, tags tagsapi.Lister, settings settingsapi.Reader,
	reminders remindersapi.Reader, links sharingapi.Links, sections archive.Sections,
) (*Service, error) {
	if err := sections.Collides(layoutKeys...); err != nil {
		return nil, err
	}
	return &Service{log: log, notes: notes, tags: tags, settings: settings, reminders: reminders, links: links, sections: sections, now: time.Now}, nil
}

// fileName names a download after what it holds and the reader's today.
func fileName(st settingsapi.Settings, now time.Time, kind, ext string) string {
	return "lamplight-" + kind + "-" + dates.Today(st.TimeZone, now) + "." + ext
}

// locale is the passage language asked for, or the reader's own when none
// is; anything else is refused rather than silently written in English.
func locale(raw string, st settingsapi.Settings) (bible.Locale, error) {
	if raw == "" {
		l, _ := bible.ParseLocale(st.Locale)
		return l, nil
	}
	l, ok := bible.ParseLocale(raw)
	if !ok {
		return "", errs.Validation(errs.Field("locale", "is_invalid"))
	}
	return l, nil
}

// tagNames maps the reader's tag ids to their names.
func (s *Service) tagNames(ctx context.Context, userID string) (map[string]string, error) {
	tags, err := s.tags.List(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(tags))
	for _, t := range tags {
		out[t.ID] = t.Label
	}
	return out, nil
}
