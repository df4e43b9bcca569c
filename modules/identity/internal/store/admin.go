package store

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm"

	"lamplight/platform/db"
)

// AccountOrder names the order of an account search.
type AccountOrder string

// Orders of an account search; ties fall back to the id.
const (
	ByEmail      AccountOrder = "email"
	ByCreated    AccountOrder = "created"
	ByLastActive AccountOrder = "lastActive"
)

var orderClauses = map[AccountOrder]string{
	ByEmail:   "email, id",
	ByCreated: "created_at DESC, id DESC",
	// Never-seen accounts last, on both databases.
	ByLastActive: "CASE WHEN last_seen_at IS NULL THEN 1 ELSE 0 END, last_seen_at DESC, id DESC",
}

// likePattern matches addresses containing search, its wildcards escaped.
func likePattern(search string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(strings.ToLower(search)) + "%"
}

func (s *Store) matching(ctx context.Context, search string) *gorm.DB {
	q := s.with(ctx).Model(&userRow{})
	if search != "" {
		q = q.Where(`email LIKE ? ESCAPE '\'`, likePattern(search))
	}
	return q
}

// fewMatches is how many matches the page of a search sorts itself on
// PostgreSQL rather than walking an order's index.
const fewMatches = 10_000

// SearchUsers answers the number of accounts whose address contains search
// and the page of them in order.
//
// The count (through the trigram index) says how to read the page. Left to
// itself, PostgreSQL reads a page by walking the order's index and filtering
// the addresses, guessing matches are spread evenly; matches of a typed
// address are bunched in address order (reader-51... sit in the middle), so a
// search matching 1,111 of 100,000 accounts read 45,000 rows for its page
// (65 ms). A few thousand matches are found through the trigram index first
// and sorted (3 ms); many are dense enough for the order's index.
func (s *Store) SearchUsers(ctx context.Context, search string, order AccountOrder, limit, offset int) (int, []User, error) {
	var total int64
	if err := s.matching(ctx, search).Count(&total).Error; err != nil {
		return 0, nil, err
	}
	var rows []userRow
	if total == 0 || offset >= int(total) {
		return int(total), []User{}, nil
	}
	var err error
	if search != "" && total <= fewMatches && s.with(ctx).Name() == db.Postgres {
		err = s.with(ctx).Raw(`WITH m AS MATERIALIZED (SELECT * FROM identity_users WHERE email LIKE ? ESCAPE '\')
			SELECT * FROM m ORDER BY `+orderClauses[order]+` LIMIT ? OFFSET ?`, likePattern(search), limit, offset).Scan(&rows).Error
	} else {
		err = s.matching(ctx, search).Order(orderClauses[order]).Limit(limit).Offset(offset).Find(&rows).Error
	}
	return int(total), users(rows), err
}

// MatchingUsers answers every account whose address contains search, by address.
func (s *Store) MatchingUsers(ctx context.Context, search string) ([]User, error) {
	var rows []userRow
	err := s.matching(ctx, search).Order(orderClauses[ByEmail]).Find(&rows).Error
	return users(rows), err
}

// CountSessions counts an account's sessions.
func (s *Store) CountSessions(ctx context.Context, userID string) (int, error) {
	var n int64
	err := s.with(ctx).Model(&sessionRow{}).Where("user_id = ?", userID).Count(&n).Error
	return int(n), err
}

// LockedAdmins answers the admins' ids, locking their rows on PostgreSQL
// until the transaction ends, so two admins revoking each other take turns.
func (s *Store) LockedAdmins(ctx context.Context) ([]string, error) {
	var ids []string
	err := s.locked(ctx).Model(&userRow{}).Where("is_admin = ?", true).Order("id").Pluck("id", &ids).Error
	return ids, err
}

// SetAdminByID sets or clears the admin flag of the account with id.
func (s *Store) SetAdminByID(ctx context.Context, id string, admin bool, now time.Time) (User, error) {
	res := s.with(ctx).Model(&userRow{}).Where("id = ?", id).Updates(map[string]any{"is_admin": admin, "updated_at": now})
	if res.Error != nil {
		return User{}, res.Error
	}
	if res.RowsAffected == 0 {
		return User{}, ErrNotFound
	}
	return s.UserByID(ctx, id)
}

func users(rows []userRow) []User {
	out := make([]User, len(rows))
	for i, r := range rows {
		out[i] = r.user()
	}
	return out
}
