package db

import (
	"context"

	"gorm.io/gorm"
)

// countChunk bounds the keys of one IN list, below every driver's limit on
// bound parameters.
const countChunk = 500

// CountPerKey counts the rows of table per value of column, for keys, or
// for every value when keys is nil. Values without rows are missing.
func CountPerKey(ctx context.Context, g *gorm.DB, table, column string, keys []string) (map[string]int, error) {
	out := map[string]int{}
	count := func(part []string) error {
		var rows []struct {
			K string
			N int
		}
		q := g.WithContext(ctx).Table(table).Select(column + " AS k, COUNT(*) AS n").Where(column + " IS NOT NULL").Group(column)
		if part != nil {
			q = q.Where(column+" IN ?", part)
		}
		if err := q.Scan(&rows).Error; err != nil {
			return err
		}
		for _, r := range rows {
			out[r.K] = r.N
		}
		return nil
	}
	if keys == nil {
		return out, count(nil)
	}
	for start := 0; start < len(keys); start += countChunk {
		if err := count(keys[start:min(start+countChunk, len(keys))]); err != nil {
			return nil, err
		}
	}
	return out, nil
}
