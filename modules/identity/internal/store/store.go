// Package store keeps identity's rows: accounts, sessions, pending email
// verifications and email changes, and password reset links. Its gorm models
// never leave the package; callers get domain values.
package store

import (
	"context"
	"embed"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"lamplight/modules/identity/internal/domain"
	"lamplight/platform/db"
	"lamplight/platform/uow"
)

//go:embed migrations
var migrationFS embed.FS

// Migrations creates identity's tables.
func Migrations() db.Migrations { return db.Embedded("identity", migrationFS) }

// Tables lists every table holding a reader's identity data, with the
// column naming the reader; deleting an account empties each for that reader.
var Tables = map[string]string{
	"identity_users":               "id",
	"identity_sessions":            "user_id",
	"identity_email_verifications": "user_id",
	"identity_email_changes":       "user_id",
	"identity_password_resets":     "user_id",
	"identity_reset_codes":         "user_id",
}

// Errors the store reports.
var (
	ErrNotFound  = errors.New("identity: not found")
	ErrEmailUsed = errors.New("identity: email already used")
)

// User is an account row in domain terms.
type User struct {
	ID            string
	Email         string
	PasswordHash  string
	EmailVerified bool
	IsAdmin       bool
	Locale        string
	TimeZone      string
	GoogleSubject string
	CreatedAt     time.Time
	UpdatedAt     time.Time
	LastSeenAt    *time.Time
}

type userRow struct {
	ID            string `gorm:"primaryKey"`
	Email         string
	PasswordHash  string
	EmailVerified bool
	IsAdmin       bool
	Locale        string
	TimeZone      string
	GoogleSubject *string
	CreatedAt     time.Time
	UpdatedAt     time.Time
	LastSeenAt    *time.Time
}

func (userRow) TableName() string { return "identity_users" }

func (r userRow) user() User {
	u := User{ID: r.ID, Email: r.Email, PasswordHash: r.PasswordHash, EmailVerified: r.EmailVerified, IsAdmin: r.IsAdmin,
		Locale: r.Locale, TimeZone: r.TimeZone, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(), LastSeenAt: r.LastSeenAt}
	if r.GoogleSubject != nil {
		u.GoogleSubject = *r.GoogleSubject
	}
	return u
}

func rowOf(u User) userRow {
	r := userRow{ID: u.ID, Email: u.Email, PasswordHash: u.PasswordHash, EmailVerified: u.EmailVerified, IsAdmin: u.IsAdmin,
		Locale: u.Locale, TimeZone: u.TimeZone, CreatedAt: u.CreatedAt, UpdatedAt: u.UpdatedAt, LastSeenAt: u.LastSeenAt}
	if u.GoogleSubject != "" {
		s := u.GoogleSubject
		r.GoogleSubject = &s
	}
	return r
}

// Session is a signed-in device.
type Session struct {
	ID         string
	UserID     string
	TokenHash  string
	Device     string
	CreatedAt  time.Time
	LastUsedAt time.Time
	ExpiresAt  time.Time
}

type sessionRow struct {
	ID         string `gorm:"primaryKey"`
	UserID     string
	TokenHash  string
	Device     string
	CreatedAt  time.Time
	LastUsedAt time.Time
	ExpiresAt  time.Time
}

func (sessionRow) TableName() string { return "identity_sessions" }

func (r sessionRow) session() Session {
	return Session{ID: r.ID, UserID: r.UserID, TokenHash: r.TokenHash, Device: r.Device,
		CreatedAt: r.CreatedAt.UTC(), LastUsedAt: r.LastUsedAt.UTC(), ExpiresAt: r.ExpiresAt.UTC()}
}

// Verification is a pending email verification: a code and a link.
type Verification struct {
	UserID   string
	LinkHash string
	Code     domain.OneTimeCode
}

type verificationRow struct {
	UserID    string `gorm:"primaryKey"`
	CodeHash  string
	LinkHash  string
	Attempts  int
	SentAt    time.Time
	ExpiresAt time.Time
}

func (verificationRow) TableName() string { return "identity_email_verifications" }

func (r verificationRow) verification() Verification {
	return Verification{UserID: r.UserID, LinkHash: r.LinkHash,
		Code: domain.OneTimeCode{Hash: r.CodeHash, Attempts: r.Attempts, SentAt: r.SentAt.UTC(), ExpiresAt: r.ExpiresAt.UTC()}}
}

// EmailChange is a pending change of address, confirmed by a code sent to it.
type EmailChange struct {
	UserID   string
	NewEmail string
	Code     domain.OneTimeCode
}

type emailChangeRow struct {
	UserID    string `gorm:"primaryKey"`
	NewEmail  string
	CodeHash  string
	Attempts  int
	SentAt    time.Time
	ExpiresAt time.Time
}

func (emailChangeRow) TableName() string { return "identity_email_changes" }

// PasswordReset is a reset link, stored by the hash of its token.
type PasswordReset struct {
	TokenHash string
	UserID    string
	CreatedAt time.Time
	ExpiresAt time.Time
}

type resetRow struct {
	TokenHash string `gorm:"primaryKey"`
	UserID    string
	CreatedAt time.Time
	ExpiresAt time.Time
}

func (resetRow) TableName() string { return "identity_password_resets" }

// ResetCode is the code mailed with a reset link, for a reader who reads the
// mail on one device and sets the password on another.
type ResetCode struct {
	UserID string
	Code   domain.OneTimeCode
}

type resetCodeRow struct {
	UserID    string `gorm:"primaryKey"`
	CodeHash  string
	Attempts  int
	SentAt    time.Time
	ExpiresAt time.Time
}

func (resetCodeRow) TableName() string { return "identity_reset_codes" }

// Store reads and writes identity rows, inside a unit of work or not.
type Store struct {
	db *gorm.DB
	w  *uow.Writer
	tx bool
}

// New builds the repository on the units of work of w.
func New(w *uow.Writer) *Store { return &Store{db: w.DB(), w: w} }

// Tx is the store inside a unit of work: its writes, the events they
// record and the mail they queue commit together.
type Tx struct {
	*Store
	*uow.Tx
}

// Transact runs fn in one unit of work.
func (s *Store) Transact(ctx context.Context, fn func(tx *Tx) error) error {
	return s.w.Transact(ctx, func(u *uow.Tx) error { return fn(&Tx{Store: &Store{db: u.DB(), tx: true}, Tx: u}) })
}

func (s *Store) with(ctx context.Context) *gorm.DB { return s.db.WithContext(ctx) }

// locked reads a row for update inside a transaction, so two requests
// checking one code or link take turns. SQLite transactions here take the
// write lock up front, which serialises them already.
func (s *Store) locked(ctx context.Context) *gorm.DB {
	q := s.with(ctx)
	if s.tx && q.Name() == db.Postgres {
		q = q.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	return q
}

func notFound(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return ErrNotFound
	}
	return err
}

// Ping checks that identity's tables answer.
func (s *Store) Ping(ctx context.Context) error {
	var n int64
	return s.with(ctx).Model(&userRow{}).Limit(1).Count(&n).Error
}

// CreateUser inserts an account; ErrEmailUsed when the address is taken.
func (s *Store) CreateUser(ctx context.Context, u User) error {
	r := rowOf(u)
	err := s.with(ctx).Create(&r).Error
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return ErrEmailUsed
	}
	return err
}

// UserByID returns an account.
func (s *Store) UserByID(ctx context.Context, id string) (User, error) {
	var r userRow
	err := s.with(ctx).Where("id = ?", id).Take(&r).Error
	return r.user(), notFound(err)
}

// Admins returns the accounts with the admin flag, ordered by address.
func (s *Store) Admins(ctx context.Context) ([]User, error) {
	var rows []userRow
	if err := s.with(ctx).Where("is_admin = ?", true).Order("email").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]User, len(rows))
	for i, r := range rows {
		out[i] = r.user()
	}
	return out, nil
}

// UserByEmail returns the account with a normalised address.
func (s *Store) UserByEmail(ctx context.Context, email string) (User, error) {
	var r userRow
	err := s.with(ctx).Where("email = ?", email).Take(&r).Error
	return r.user(), notFound(err)
}

// UserByGoogleSubject returns the account linked to a Google account.
func (s *Store) UserByGoogleSubject(ctx context.Context, sub string) (User, error) {
	var r userRow
	err := s.with(ctx).Where("google_subject = ?", sub).Take(&r).Error
	return r.user(), notFound(err)
}

// SaveUser writes every field of an existing account; ErrEmailUsed when its
// new address is taken.
func (s *Store) SaveUser(ctx context.Context, u User) error {
	r := rowOf(u)
	res := s.with(ctx).Model(&userRow{}).Where("id = ?", u.ID).Select("*").Omit("id", "created_at").Updates(&r)
	if errors.Is(res.Error, gorm.ErrDuplicatedKey) {
		return ErrEmailUsed
	}
	if res.Error == nil && res.RowsAffected == 0 {
		return ErrNotFound
	}
	return res.Error
}

// TouchUser records when the account was last seen.
func (s *Store) TouchUser(ctx context.Context, id string, at time.Time) error {
	return s.with(ctx).Model(&userRow{}).Where("id = ?", id).Update("last_seen_at", at).Error
}

// DeleteUser removes the account and every row that refers to it.
func (s *Store) DeleteUser(ctx context.Context, id string) error {
	g := s.with(ctx)
	for _, m := range []any{&sessionRow{}, &verificationRow{}, &emailChangeRow{}, &resetRow{}, &resetCodeRow{}} {
		if err := g.Where("user_id = ?", id).Delete(m).Error; err != nil {
			return err
		}
	}
	return g.Where("id = ?", id).Delete(&userRow{}).Error
}

// CreateSession stores a new session.
func (s *Store) CreateSession(ctx context.Context, ss Session) error {
	r := sessionRow(ss)
	return s.with(ctx).Create(&r).Error
}

// SessionByTokenHash returns a session and its account.
func (s *Store) SessionByTokenHash(ctx context.Context, hash string) (Session, User, error) {
	var sr sessionRow
	if err := s.with(ctx).Where("token_hash = ?", hash).Take(&sr).Error; err != nil {
		return Session{}, User{}, notFound(err)
	}
	u, err := s.UserByID(ctx, sr.UserID)
	return sr.session(), u, err
}

// Sessions lists an account's sessions, most recently used first.
func (s *Store) Sessions(ctx context.Context, userID string) ([]Session, error) {
	var rows []sessionRow
	if err := s.with(ctx).Where("user_id = ?", userID).Order("last_used_at DESC, id").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]Session, len(rows))
	for i, r := range rows {
		out[i] = r.session()
	}
	return out, nil
}

// ExtendSession slides a session's expiry; ErrNotFound when it was revoked.
func (s *Store) ExtendSession(ctx context.Context, id string, usedAt, expiresAt time.Time) error {
	res := s.with(ctx).Model(&sessionRow{}).Where("id = ?", id).Updates(map[string]any{"last_used_at": usedAt, "expires_at": expiresAt})
	if res.Error == nil && res.RowsAffected == 0 {
		return ErrNotFound
	}
	return res.Error
}

// DeleteSessions revokes an account's sessions: the one with id when id is
// set, otherwise all of them except keep. It returns the revoked token hashes.
func (s *Store) DeleteSessions(ctx context.Context, userID, id, keep string) ([]string, error) {
	q := s.with(ctx).Model(&sessionRow{}).Where("user_id = ?", userID)
	if id != "" {
		q = q.Where("id = ?", id)
	}
	if keep != "" {
		q = q.Where("id <> ?", keep)
	}
	var hashes []string
	if err := q.Pluck("token_hash", &hashes).Error; err != nil {
		return nil, err
	}
	if len(hashes) == 0 {
		return nil, nil
	}
	err := s.with(ctx).Where("user_id = ? AND token_hash IN ?", userID, hashes).Delete(&sessionRow{}).Error
	return hashes, err
}

// SessionTokenHashes lists the token hashes of an account's sessions.
func (s *Store) SessionTokenHashes(ctx context.Context, userID string) ([]string, error) {
	var hashes []string
	err := s.with(ctx).Model(&sessionRow{}).Where("user_id = ?", userID).Pluck("token_hash", &hashes).Error
	return hashes, err
}

// PutVerification replaces an account's pending verification.
func (s *Store) PutVerification(ctx context.Context, v Verification) error {
	g := s.with(ctx)
	if err := g.Where("user_id = ?", v.UserID).Delete(&verificationRow{}).Error; err != nil {
		return err
	}
	return g.Create(&verificationRow{UserID: v.UserID, CodeHash: v.Code.Hash, LinkHash: v.LinkHash,
		Attempts: v.Code.Attempts, SentAt: v.Code.SentAt, ExpiresAt: v.Code.ExpiresAt}).Error
}

// VerificationByUser returns an account's pending verification.
func (s *Store) VerificationByUser(ctx context.Context, userID string) (Verification, error) {
	var r verificationRow
	err := s.locked(ctx).Where("user_id = ?", userID).Take(&r).Error
	return r.verification(), notFound(err)
}

// VerificationByLink returns the pending verification a link belongs to.
func (s *Store) VerificationByLink(ctx context.Context, linkHash string) (Verification, error) {
	var r verificationRow
	err := s.locked(ctx).Where("link_hash = ?", linkHash).Take(&r).Error
	return r.verification(), notFound(err)
}

// SetVerificationAttempts stores the wrong tries of a verification code.
func (s *Store) SetVerificationAttempts(ctx context.Context, userID string, attempts int) error {
	return s.with(ctx).Model(&verificationRow{}).Where("user_id = ?", userID).Update("attempts", attempts).Error
}

// DeleteVerification removes an account's pending verification.
func (s *Store) DeleteVerification(ctx context.Context, userID string) error {
	return s.with(ctx).Where("user_id = ?", userID).Delete(&verificationRow{}).Error
}

// PutEmailChange replaces an account's pending email change.
func (s *Store) PutEmailChange(ctx context.Context, c EmailChange) error {
	g := s.with(ctx)
	if err := g.Where("user_id = ?", c.UserID).Delete(&emailChangeRow{}).Error; err != nil {
		return err
	}
	return g.Create(&emailChangeRow{UserID: c.UserID, NewEmail: c.NewEmail, CodeHash: c.Code.Hash,
		Attempts: c.Code.Attempts, SentAt: c.Code.SentAt, ExpiresAt: c.Code.ExpiresAt}).Error
}

// EmailChangeByUser returns an account's pending email change.
func (s *Store) EmailChangeByUser(ctx context.Context, userID string) (EmailChange, error) {
	var r emailChangeRow
	if err := s.locked(ctx).Where("user_id = ?", userID).Take(&r).Error; err != nil {
		return EmailChange{}, notFound(err)
	}
	return EmailChange{UserID: r.UserID, NewEmail: r.NewEmail,
		Code: domain.OneTimeCode{Hash: r.CodeHash, Attempts: r.Attempts, SentAt: r.SentAt.UTC(), ExpiresAt: r.ExpiresAt.UTC()}}, nil
}

// SetEmailChangeAttempts stores the wrong tries of an email change code.
func (s *Store) SetEmailChangeAttempts(ctx context.Context, userID string, attempts int) error {
	return s.with(ctx).Model(&emailChangeRow{}).Where("user_id = ?", userID).Update("attempts", attempts).Error
}

// DeleteEmailChange removes an account's pending email change.
func (s *Store) DeleteEmailChange(ctx context.Context, userID string) error {
	return s.with(ctx).Where("user_id = ?", userID).Delete(&emailChangeRow{}).Error
}

// CreateReset stores a password reset link.
func (s *Store) CreateReset(ctx context.Context, r PasswordReset) error {
	row := resetRow(r)
	return s.with(ctx).Create(&row).Error
}

// ResetByTokenHash returns a reset link.
func (s *Store) ResetByTokenHash(ctx context.Context, hash string) (PasswordReset, error) {
	var r resetRow
	if err := s.locked(ctx).Where("token_hash = ?", hash).Take(&r).Error; err != nil {
		return PasswordReset{}, notFound(err)
	}
	return PasswordReset{TokenHash: r.TokenHash, UserID: r.UserID, CreatedAt: r.CreatedAt.UTC(), ExpiresAt: r.ExpiresAt.UTC()}, nil
}

// PutResetCode replaces an account's reset code.
func (s *Store) PutResetCode(ctx context.Context, c ResetCode) error {
	g := s.with(ctx)
	if err := g.Where("user_id = ?", c.UserID).Delete(&resetCodeRow{}).Error; err != nil {
		return err
	}
	return g.Create(&resetCodeRow{UserID: c.UserID, CodeHash: c.Code.Hash,
		Attempts: c.Code.Attempts, SentAt: c.Code.SentAt, ExpiresAt: c.Code.ExpiresAt}).Error
}

// ResetCodeByUser returns an account's reset code.
func (s *Store) ResetCodeByUser(ctx context.Context, userID string) (ResetCode, error) {
	var r resetCodeRow
	if err := s.locked(ctx).Where("user_id = ?", userID).Take(&r).Error; err != nil {
		return ResetCode{}, notFound(err)
	}
	return ResetCode{UserID: r.UserID,
		Code: domain.OneTimeCode{Hash: r.CodeHash, Attempts: r.Attempts, SentAt: r.SentAt.UTC(), ExpiresAt: r.ExpiresAt.UTC()}}, nil
}

// SetResetCodeAttempts stores the wrong tries of a reset code.
func (s *Store) SetResetCodeAttempts(ctx context.Context, userID string, attempts int) error {
	return s.with(ctx).Model(&resetCodeRow{}).Where("user_id = ?", userID).Update("attempts", attempts).Error
}

// DeleteResets removes every reset link and the reset code of an account.
func (s *Store) DeleteResets(ctx context.Context, userID string) error {
	if err := s.with(ctx).Where("user_id = ?", userID).Delete(&resetCodeRow{}).Error; err != nil {
		return err
	}
	return s.with(ctx).Where("user_id = ?", userID).Delete(&resetRow{}).Error
}

// DeleteExpired removes sessions, codes and links past their expiry.
func (s *Store) DeleteExpired(ctx context.Context, now time.Time) (int64, error) {
	var total int64
	for _, m := range []any{&sessionRow{}, &verificationRow{}, &emailChangeRow{}, &resetRow{}, &resetCodeRow{}} {
		res := s.with(ctx).Where("expires_at < ?", now).Delete(m)
		if res.Error != nil {
			return total, res.Error
		}
		total += res.RowsAffected
	}
	return total, nil
}

// SetAdmin sets or clears the admin flag of the account with email.
func (s *Store) SetAdmin(ctx context.Context, email string, admin bool, now time.Time) (User, error) {
	res := s.with(ctx).Model(&userRow{}).Where("email = ?", email).Updates(map[string]any{"is_admin": admin, "updated_at": now})
	if res.Error != nil {
		return User{}, res.Error
	}
	if res.RowsAffected == 0 {
		return User{}, ErrNotFound
	}
	return s.UserByEmail(ctx, email)
}
