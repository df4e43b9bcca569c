package app

import (
	"bufio"
	"context"
	"io"
	"strings"
	"time"

	"lamplight/modules/bible"
	"lamplight/modules/notes/notesapi"
)

// markdownWords are the few words of the notes document, per locale.
var markdownWords = map[bible.Locale]struct{ title, tags string }{
	bible.English:    {"Lamplight notes", "Tags"},
	bible.German:     {"Lamplight-Notizen", "Schlagwörter"},
	bible.Spanish:    {"Notas de Lamplight", "Etiquetas"},
	bible.French:     {"Notes Lamplight", "Étiquettes"},
	bible.Portuguese: {"Notas do Lamplight", "Etiquetas"},
	bible.Ukrainian:  {"Нотатки Lamplight", "Мітки"},
}

// NotesMarkdown is the reader's notes as one readable Markdown document:
// each note under a heading with its date and passages, then its tags and
// its text as written.
func (s *Service) NotesMarkdown(ctx context.Context, userID, rawLocale string) (Download, error) {
	st, err := s.settings.Get(ctx, userID)
	if err != nil {
		return Download{}, err
	}
	loc, err := locale(rawLocale, st)
	if err != nil {
		return Download{}, err
	}
	now := s.now()
	zone := zoneOf(st.TimeZone)
	return Download{
		FileName:    fileName(st, now, "notes", "md"),
		ContentType: "text/markdown; charset=utf-8",
		Write: func(w io.Writer) error {
			names, err := s.tagNames(ctx, userID)
			if err != nil {
				return err
			}
			words := markdownWords[loc]
			b := bufio.NewWriter(w)
			if _, err := b.WriteString("# " + words.title + "\n\n" + now.In(zone).Format(time.DateOnly) + "\n"); err != nil {
				return err
			}
			err = s.notes.EachNote(ctx, userID, func(n notesapi.Note) error {
				heading := n.CreatedAt.In(zone).Format(time.DateOnly)
				if len(n.Passages) > 0 {
					ps, err := bible.FormatList(n.Passages, loc)
					if err != nil {
						return err
					}
					heading += " · " + ps
				}
				text := "\n## " + heading + "\n\n"
				if tags := tagList(n.Tags, names); tags != "" {
					text += "*" + words.tags + ": " + tags + "*\n\n"
				}
				_, err := b.WriteString(text + strings.TrimRight(n.Content, "\n") + "\n")
				return err
			})
			if err != nil {
				return err
			}
			return b.Flush()
		},
	}, nil
}

// zoneOf is the reader's time zone, UTC when unknown.
func zoneOf(name string) *time.Location {
	if loc, err := time.LoadLocation(name); err == nil && name != "" {
		return loc
	}
	return time.UTC
}

// tagList joins the names of a note's tags.
func tagList(ids []string, names map[string]string) string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if name, ok := names[id]; ok {
			out = append(out, name)
		}
	}
	return strings.Join(out, ", ")
}
