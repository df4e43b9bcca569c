package app

import (
	"context"
	"sort"

	"lamplight/modules/admin/internal/domain"
	"lamplight/modules/feedback/feedbackapi"
	"lamplight/modules/identity/identityapi"
	"lamplight/modules/notes/notesapi"
	"lamplight/modules/reading/readingapi"
	"lamplight/modules/tags/tagsapi"
)

// UserRow is one account in the users list.
type UserRow struct {
	identityapi.Account
	Entries int `json:"entries"`
}

// UsersPage is a page of the users list and the number of matches.
type UsersPage struct {
	Size    int       `json:"size"`
	Results []UserRow `json:"results"`
}

// ListUsers answers a page of accounts whose address contains the search.
// Identity sorts by address, creation and last activity; by entries, the
// matching accounts are ordered here by the reading module's counts.
func (s *Service) ListUsers(ctx context.Context, search, sortBy, limit, offset string) (UsersPage, error) {
	q, err := domain.ParseUsersQuery(search, sortBy, limit, offset)
	if err != nil {
		return UsersPage{}, err
	}
	if q.Sort == domain.SortEntries {
		return s.byEntries(ctx, q)
	}
	total, page, err := s.accounts.SearchAccounts(ctx, identityapi.AccountQuery{Search: q.Search, Sort: q.Sort, Limit: q.Limit, Offset: q.Offset})
	if err != nil {
		return UsersPage{}, err
	}
	ids := make([]string, len(page))
	for i, a := range page {
		ids[i] = a.ID
	}
	entries := map[string]int{}
	if len(ids) > 0 {
		if entries, err = s.count(ctx, readingapi.CensusKind, ids); err != nil {
			return UsersPage{}, err
		}
	}
	out := UsersPage{Size: total, Results: make([]UserRow, len(page))}
	for i, a := range page {
		out.Results[i] = UserRow{Account: a, Entries: entries[a.ID]}
	}
	return out, nil
}

// countByIDs is the most matches whose entries are counted by id.
const countByIDs = 1000

func (s *Service) byEntries(ctx context.Context, q domain.UsersQuery) (UsersPage, error) {
	all, err := s.accounts.MatchingAccounts(ctx, q.Search)
	if err != nil {
		return UsersPage{}, err
	}
	// A search's few matches are counted alone, not every reader's entries;
	// many matches are counted in one grouped read rather than by long lists.
	var ids []string
	if q.Search != "" && len(all) <= countByIDs {
		ids = make([]string, 0, len(all))
		for _, a := range all {
			ids = append(ids, a.ID)
		}
	}
	entries, err := s.count(ctx, readingapi.CensusKind, ids)
	if err != nil {
		return UsersPage{}, err
	}
	// all is by address, so readers with as many entries stay by address.
	sort.SliceStable(all, func(i, j int) bool { return entries[all[i].ID] > entries[all[j].ID] })
	out := UsersPage{Size: len(all), Results: []UserRow{}}
	for _, a := range all[min(q.Offset, len(all)):min(q.Offset+q.Limit, len(all))] {
		out.Results = append(out.Results, UserRow{Account: a, Entries: entries[a.ID]})
	}
	return out, nil
}

// UserDetail is one account as the admin sees it: facts and counts, never
// what the reader read or wrote.
type UserDetail struct {
	identityapi.AccountDetail
	Counts Counts `json:"counts"`
}

// Counts are how many rows of each kind the reader has.
type Counts struct {
	Entries  int `json:"entries"`
	Notes    int `json:"notes"`
	Tags     int `json:"tags"`
	Feedback int `json:"feedback"`
}

// User answers one account.
func (s *Service) User(ctx context.Context, id string) (UserDetail, error) {
	a, err := s.accounts.AccountDetail(ctx, id)
	if err != nil {
		return UserDetail{}, err
	}
	out := UserDetail{AccountDetail: a}
	for kind, into := range map[string]*int{
		readingapi.CensusKind: &out.Counts.Entries, notesapi.CensusKind: &out.Counts.Notes,
		tagsapi.CensusKind: &out.Counts.Tags, feedbackapi.CensusKind: &out.Counts.Feedback,
	} {
		n, err := s.count(ctx, kind, []string{id})
		if err != nil {
			return UserDetail{}, err
		}
		*into = n[id]
	}
	return out, nil
}
