package app

import (
	"context"
	"encoding/csv"
	"io"
	"strconv"

	"lamplight/modules/bible"
	"lamplight/platform/csvcell"
	"lamplight/platform/errs"
)

// The layouts of the reading log as CSV.
const (
	// LogSimple is one "YYYY-MM-DD,<passage>" line per entry, no header,
	// the passage as the app shows it in the chosen language.
	LogSimple = "simple"
	// LogIDs has a header and the verse ids beside the passage, for
	// spreadsheets.
	LogIDs = "ids"
)

// LogCSV is the reader's log as CSV in format (LogSimple when empty), the
// passages in locale (the reader's own when empty).
func (s *Service) LogCSV(ctx context.Context, userID, format, rawLocale string) (Download, error) {
	if format == "" {
		format = LogSimple
	}
	if format != LogSimple && format != LogIDs {
		return Download{}, errs.Validation(errs.Field("format", "is_invalid"))
	}
	st, err := s.settings.Get(ctx, userID)
	if err != nil {
		return Download{}, err
	}
	loc, err := locale(rawLocale, st)
	if err != nil {
		return Download{}, err
	}
	kind := "log"
	if format == LogIDs {
		kind = "log-ids"
	}
	return Download{
		FileName:    fileName(st, s.now(), kind, "csv"),
		ContentType: "text/csv; charset=utf-8",
		Write: func(w io.Writer) error {
			log, err := s.log.Log(ctx, userID, "")
			if err != nil {
				return err
			}
			c := csv.NewWriter(w)
			if format == LogIDs {
				_ = c.Write([]string{"date", "start_verse_id", "end_verse_id", "passage"})
			}
			for _, e := range log.Entries {
				passage, err := bible.Format(e.Range(), loc)
				if err != nil {
					return err
				}
				row := []string{e.Date, passage}
				if format == LogIDs {
					row = []string{e.Date, strconv.Itoa(int(e.Start)), strconv.Itoa(int(e.End)), passage}
				}
				if err := c.Write(csvcell.Row(row)); err != nil {
					return err
				}
			}
			c.Flush()
			return c.Error()
		},
	}, nil
}
