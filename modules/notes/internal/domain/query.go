package domain

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"lamplight/modules/bible"
	"lamplight/platform/errs"
)

// Query values and limits (spec §9: limit 10, offset 0, newest first, tag
// matching any, passage matching inclusive).
const (
	DefaultLimit = 10
	// MaxLimit caps a page; a larger limit is lowered to it, and the
	// answer's limit says so.
	MaxLimit        = 50
	MaxFilterTags   = 50
	MaxSearchLength = 200

	SortCreatedAt = "createdAt"
	SortUpdatedAt = "updatedAt"

	SortAsc  = "asc"
	SortDesc = "desc"

	// MatchAny finds notes with at least one of the tags; MatchAll notes
	// with every one of them; MatchExact notes whose tags are exactly
	// them, or untagged notes when no tag is given.
	MatchAny   = "any"
	MatchAll   = "all"
	MatchExact = "exact"

	// MatchInclusive finds notes with a passage overlapping the span;
	// MatchExclusive notes with a passage wholly inside it.
	MatchInclusive = "inclusive"
	MatchExclusive = "exclusive"
)

// RawQuery is the list query as the client sends it, every value a string.
type RawQuery struct {
	Limit, Offset                                      string
	SortOn, SortDirection                              string
	FilterTags                                         []string
	FilterTagMatching                                  string
	SearchText                                         string
	FilterPassageStartVerseID, FilterPassageEndVerseID string
	FilterPassageMatching                              string
}

// Span is a stretch of the Bible from First to Final verse; it may cross books.
type Span struct {
	First, Final bible.VerseID
}

// Query is a validated list query with defaults applied.
type Query struct {
	Limit, Offset int
	SortOn        string
	Desc          bool
	// Tags are the filter tags, each once; TagMatching says how they match.
	Tags        []string
	TagMatching string
	// Search is the folded search text; empty means no search.
	Search string
	// Passage is the passage filter, nil for none.
	Passage         *Span
	PassageMatching string
}

// ParseQuery validates a raw query, reporting every field error at once.
func ParseQuery(r RawQuery) (Query, error) {
	var f errs.Fields
	q := Query{Limit: DefaultLimit, SortOn: SortCreatedAt, Desc: true, TagMatching: MatchAny, PassageMatching: MatchInclusive}
	if r.Limit != "" {
		n, err := strconv.Atoi(r.Limit)
		switch {
		case err != nil || n < 1:
			f.Add("limit", errs.IsInvalid, "min", 1, "max", MaxLimit)
		default:
			q.Limit = min(n, MaxLimit)
		}
	}
	if r.Offset != "" {
		n, err := strconv.Atoi(r.Offset)
		if err != nil || n < 0 {
			f.Add("offset", errs.IsInvalid, "min", 0)
		}
		q.Offset = n
	}
	switch r.SortOn {
	case "":
	case SortCreatedAt, SortUpdatedAt:
		q.SortOn = r.SortOn
	default:
		f.Add("sortOn", errs.IsInvalid)
	}
	switch r.SortDirection {
	case "", SortDesc:
	case SortAsc:
		q.Desc = false
	default:
		f.Add("sortDirection", errs.IsInvalid)
	}
	switch r.FilterTagMatching {
	case "":
	case MatchAny, MatchAll, MatchExact:
		q.TagMatching = r.FilterTagMatching
	default:
		f.Add("filterTagMatching", errs.IsInvalid)
	}
	seen := map[string]bool{}
	for _, id := range r.FilterTags {
		id = strings.TrimSpace(id)
		switch {
		case id != "" && (!PlausibleID(id) || strings.Contains(id, ",")):
			// No tag id has a comma (TagSet joins ids with it) or a control character.
			f.Add("filterTags", errs.IsInvalid)
		case id != "" && !seen[id]:
			seen[id] = true
			q.Tags = append(q.Tags, id)
		}
	}
	if len(q.Tags) > MaxFilterTags {
		f.Add("filterTags", errs.Review, "max", MaxFilterTags)
	}
	search := strings.TrimSpace(r.SearchText)
	switch {
	case utf8.RuneCountInString(search) > MaxSearchLength:
		f.Add("searchText", errs.MaxLength, "maxlength", MaxSearchLength)
	case strings.ContainsRune(search, 0):
		f.Add("searchText", errs.IsInvalid)
	default:
		q.Search = Fold(search)
	}
	switch r.FilterPassageMatching {
	case "":
	case MatchInclusive, MatchExclusive:
		q.PassageMatching = r.FilterPassageMatching
	default:
		f.Add("filterPassageMatching", errs.IsInvalid)
	}
	q.Passage = parseSpan(r.FilterPassageStartVerseID, r.FilterPassageEndVerseID, &f)
	return q, f.Err()
}

// parseSpan reads the passage filter: both ends or neither, a valid span
// (which, unlike a note's passage, may cross books).
func parseSpan(start, end string, f *errs.Fields) *Span {
	const startField, endField = "filterPassageStartVerseId", "filterPassageEndVerseId"
	if start == "" && end == "" {
		return nil
	}
	first, err1 := strconv.Atoi(start)
	final, err2 := strconv.Atoi(end)
	switch {
	case start == "":
		f.Add(startField, errs.Required)
	case end == "":
		f.Add(endField, errs.Required)
	case err1 != nil:
		f.Add(startField, errs.IsInvalid)
	case err2 != nil:
		f.Add(endField, errs.IsInvalid)
	default:
		s := Span{First: bible.VerseID(first), Final: bible.VerseID(final)}
		err := bible.ValidateSpan(s.First, s.Final)
		switch {
		case err == nil:
			return &s
		case errors.Is(err, bible.ErrFirstAfterFinal):
			f.Add(endField, errs.IsInvalid, "reason", "first_after_final")
		case !s.First.Exists():
			f.Add(startField, errs.IsInvalid)
		default:
			f.Add(endField, errs.IsInvalid)
		}
	}
	return nil
}
