package app

import (
	"bufio"
	"context"
	"embed"
	"io"
	"io/fs"
	"strings"
	"time"

	"lamplight/modules/bible"
	"lamplight/modules/notes/notesapi"
	"lamplight/platform/texts"
)

// The few words of the notes document per language are in
// texts/<code>.json under "notesMarkdown".
//
//go:embed texts/*.json
var files embed.FS

var catalog = func() *texts.Catalog {
	sub, err := fs.Sub(files, "texts")
	if err != nil {
		panic(err)
	}
	return texts.MustLoad(sub)
}()

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
			title, tagsWord := catalog.T(string(loc), "notesMarkdown.title", nil), catalog.T(string(loc), "notesMarkdown.tags", nil)
			b := bufio.NewWriter(w)
			if _, err := b.WriteString("# " + title + "\n\n" + now.In(zone).Format(time.DateOnly) + "\n"); err != nil {
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
					text += "*" + tagsWord + ": " + tags + "*\n\n"
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
