package app

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"strconv"

	"lamplight/modules/reading/readingapi"
	"lamplight/platform/cache"
	"lamplight/platform/dates"
	"lamplight/platform/errs"
)

// List returns the reader's entries dated in [from, to]; either date may be
// empty (the whole log: ListAll serves that faster).
func (s *Service) List(ctx context.Context, userID, from, to string) ([]readingapi.Entry, error) {
	var f errs.Fields
	if from != "" && !dates.Valid(from) {
		f.Add("from", errs.IsInvalid)
	}
	if to != "" && !dates.Valid(to) {
		f.Add("to", errs.IsInvalid)
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	return s.store.List(ctx, userID, from, to)
}

// Encoding turns a reader's whole log into the bytes ListAll keeps and
// answers with; the caller chooses the format (the HTTP layer: compressed
// JSON).
type Encoding func([]readingapi.Entry) ([]byte, error)

// WholeLog is the reader's whole log as an Encoding made it, the log
// version it holds every write up to (it may hold later ones too), from
// which a client can follow the changes, and a tag that names exactly
// these bytes for this reader.
type WholeLog struct {
	Encoded []byte
	Version int64
	Tag     string
}

// ListAll returns the reader's whole log as encode made it. The encoded log
// is kept while the log's version is current, in process and in the cache,
// so a ten-year log (about 800 KB of JSON, 100 KB compressed) is sent
// without being encoded again, or fetched again from a shared cache.
func (s *Service) ListAll(ctx context.Context, userID string, encode Encoding) (WholeLog, error) {
	// The version from its stamp, read with the session: no statement.
	version, err := cache.StampedVersion(ctx, s.cache, readingapi.VersionStamp(userID), func(ctx context.Context) (int64, error) {
		return s.store.Version(ctx, userID)
	})
	if err != nil {
		return WholeLog{}, err
	}
	if w, ok := s.wholeLogs.Get(userID, version); ok {
		return w, nil
	}
	encoded, err := cache.Versioned(ctx, s.cache, s.log, entriesKey(userID), strconv.FormatInt(version, 10), entriesCacheTTL,
		func() ([]byte, error) {
			log, err := s.Log(ctx, userID, "")
			if err != nil {
				return nil, err
			}
			return encode(log.Entries)
		})
	if err != nil {
		return WholeLog{}, err
	}
	sum := sha256.Sum256(append([]byte(userID+"\x00"), encoded...))
	w := WholeLog{Encoded: encoded, Version: version, Tag: `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`}
	s.wholeLogs.Put(userID, w.Version, w)
	return w, nil
}

// wholeLogsSize bounds the encoded logs kept in process (about 100 KB
// each). Each reader's latest is kept under its version and served only for
// it: the current one, read per request from its stamp or the database.
const wholeLogsSize = 256

func entriesKey(userID string) string { return "reading:entries:" + userID }
