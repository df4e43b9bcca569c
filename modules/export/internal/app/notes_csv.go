package app

import (
	"context"
	"encoding/csv"
	"io"
	"time"

	"lamplight/modules/bible"
	"lamplight/modules/notes/notesapi"
	"lamplight/platform/csvcell"
)

// NotesCSV is the reader's notes as CSV with a header, one note a row, its
// passages and tags each joined in one readable cell; a cell a spreadsheet
// would run as a formula starts with an apostrophe.
func (s *Service) NotesCSV(ctx context.Context, userID, rawLocale string) (Download, error) {
	st, err := s.settings.Get(ctx, userID)
	if err != nil {
		return Download{}, err
	}
	loc, err := locale(rawLocale, st)
	if err != nil {
		return Download{}, err
	}
	return Download{
		FileName:    fileName(st, s.now(), "notes", "csv"),
		ContentType: "text/csv; charset=utf-8",
		Write: func(w io.Writer) error {
			names, err := s.tagNames(ctx, userID)
			if err != nil {
				return err
			}
			c := csv.NewWriter(w)
			_ = c.Write([]string{"created_at", "updated_at", "passages", "tags", "content"})
			err = s.notes.EachNote(ctx, userID, func(n notesapi.Note) error {
				ps, err := bible.FormatList(n.Passages, loc)
				if err != nil {
					return err
				}
				return c.Write(csvcell.Row([]string{
					n.CreatedAt.UTC().Format(time.RFC3339), n.UpdatedAt.UTC().Format(time.RFC3339),
					ps, tagList(n.Tags, names), n.Content,
				}))
			})
			if err != nil {
				return err
			}
			c.Flush()
			return c.Error()
		},
	}, nil
}
