package domain

import (
	_ "embed"
	"encoding/csv"
	"fmt"
	"strings"

	"lamplight/modules/bible"
)

// mcheyneCSV is M'Cheyne's calendar as printed (1842, public domain), one
// row per day: its four readings in English references. The copy is checked
// against the coverage the calendar declares in the library test.
//
//go:embed data/mcheyne.csv
var mcheyneCSV string

// mcheyneDays parses the calendar. The data is part of the binary and
// checked by tests, so an error here is a build defect.
func mcheyneDays() []Day {
	rows, err := csv.NewReader(strings.NewReader(mcheyneCSV)).ReadAll()
	if err != nil {
		panic(fmt.Sprintf("mcheyne.csv: %v", err))
	}
	days := make([]Day, 0, len(rows)-1)
	for _, row := range rows[1:] {
		var d Day
		for _, cell := range row[3:] {
			rs, err := bible.ParseList(cell, bible.English)
			if err != nil {
				panic(fmt.Sprintf("mcheyne.csv day %s: %v", row[0], err))
			}
			d.Units = append(d.Units, rs...)
		}
		days = append(days, d)
	}
	return days
}
