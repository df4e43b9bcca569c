// Package app holds identity's use cases, one file each: registration and
// email verification, sign-in and sessions, password reset and change, email
// change, account deletion, Google sign-in and the admin flag.
package app

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"github.com/google/uuid"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/internal/domain"
	"lamplight/modules/identity/internal/google"
	"lamplight/modules/identity/internal/mailtemplates"
	"lamplight/modules/identity/internal/store"
	"lamplight/platform/cache"
	"lamplight/platform/errs"
	"lamplight/platform/ratelimit"
)

// Lifetimes and limits of identity's secrets.
const (
	SessionLifetime = 30 * 24 * time.Hour
	// SessionRefreshEvery is how stale a session's last use may get before a
	// request slides its expiry; it spares a write on every request.
	SessionRefreshEvery = 5 * time.Minute
	// RecentSignIn is how fresh a sign-in must be to delete the account
	// without typing the password.
	RecentSignIn      = 10 * time.Minute
	ResetLinkLifetime = time.Hour
	googleStateTTL    = 10 * time.Minute
	// sessionCacheTTL bounds how long a cached session lookup is trusted;
	// revocation deletes the entry at once anyway.
	sessionCacheTTL = time.Minute
)

// Rate limits (per IP address unless the key says otherwise). Sign-in and
// password checks count failures only (see failures): a family or a church
// signing in from one address never runs out, a guesser does. A spent
// account limit does not lock its owner out (see signInAttempt).
var (
	limitPasswordFailuresPerAccount = ratelimit.Limit{Rate: 10, Period: 15 * time.Minute}
	limitSignInFailuresPerIP        = ratelimit.PerHour(100)
	limitRegister                   = ratelimit.PerMinute(5)
	limitResetRequest               = ratelimit.PerHour(3)
	limitVerify                     = ratelimit.PerHour(20)
	limitResetComplete              = ratelimit.PerHour(5)
	limitEmailChange                = ratelimit.PerHour(5)
)

// Errors of this module beyond the published ones.
var (
	ErrSessionNotFound = errs.NotFound("session_not_found")
)

// Request is what a use case needs to know about the HTTP request.
type Request struct {
	IP        string
	UserAgent string
	// SiteURL is the public address links in emails point to.
	SiteURL string
}

// Principal is the signed-in user and session of a request.
type Principal struct {
	User       identityapi.User
	SessionID  string
	SignedInAt time.Time
	ExpiresAt  time.Time
	// Prefetched are the user's keys read with the session, for the
	// request's context (cache.WithPrefetched).
	Prefetched cache.Prefetched
}

// Account is the signed-in user's own view of their account.
type Account struct {
	identityapi.User
	HasPassword  bool
	GoogleLinked bool
}

// SignedIn is the result of every way to sign in: a new session's token.
type SignedIn struct {
	Token     string
	ExpiresAt time.Time
	Account   Account
}

// Service runs identity's use cases.
type Service struct {
	cfg     Config
	store   *store.Store
	hasher  *domain.Hasher
	cache   cache.Cache
	limiter ratelimit.Limiter
	google  *google.Client
	clock   Clock
	log     *slog.Logger
	decoded decodedSessions
	// userKeys name what the session lookup reads ahead (ReadAhead).
	userKeys []cache.UserKeys
}

// ReadAhead makes every session lookup also fetch the keys of its user
// that other modules read on most requests, in the same round trip.
func (s *Service) ReadAhead(keys []cache.UserKeys) { s.userKeys = keys }

// New builds the service.
func New(cfg Config, s *store.Store, c cache.Cache, l ratelimit.Limiter, clock Clock, log *slog.Logger) (*Service, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	h, err := domain.NewHasher(domain.HashParams{MemoryKiB: cfg.PasswordHashMemoryKiB, Iterations: cfg.PasswordHashIterations, Threads: 1})
	if err != nil {
		return nil, err
	}
	g := google.New(google.Config{ClientID: cfg.GoogleClientID, ClientSecret: cfg.GoogleClientSecret, Issuer: cfg.GoogleIssuer})
	return &Service{cfg: cfg, store: s, hasher: h, cache: c, limiter: l, google: g, clock: clock, log: log, decoded: newDecodedSessions()}, nil
}

// Config returns the module's configuration.
func (s *Service) Config() Config { return s.cfg }

// now is the clock's time in UTC, to the microsecond both databases keep.
func (s *Service) now() time.Time { return s.clock.Now().UTC().Truncate(time.Microsecond) }

// limit spends one event of a rate limit; over it, the answer is 429 with
// Retry-After. A limiter that fails lets the request through: sign-in must
// not depend on Redis being up.
func (s *Service) limit(ctx context.Context, key string, l ratelimit.Limit) error {
	_, err := s.spend(ctx, budget{key, l})
	return err
}

// budget is a rate limit on one key.
type budget struct {
	key   string
	limit ratelimit.Limit
}

func (s *Service) scaled(l ratelimit.Limit) ratelimit.Limit {
	l.Rate *= s.cfg.RateLimitScale
	return l
}

// spend counts one event against b; counted is false when the limiter
// failed and let the request through uncounted.
func (s *Service) spend(ctx context.Context, b budget) (counted bool, err error) {
	ok, retry, err := s.limiter.Allow(ctx, "identity:"+b.key, s.scaled(b.limit))
	if err != nil {
		s.log.ErrorContext(ctx, "rate limiter failed; allowing", "key", b.key, "err", err)
		return false, nil
	}
	if !ok {
		return false, errs.TooManyRequests(retry)
	}
	return true, nil
}

// failures limits failed attempts at a password. It spends from every
// budget before the attempt, so concurrent guesses cannot all get past
// the limit while the first is checked, and returns notFailed, which gives
// the events back: call it unless the attempt failed. Over a limit the
// answer is 429 and nothing stays spent.
func (s *Service) failures(ctx context.Context, budgets ...budget) (notFailed func(), err error) {
	var spent []budget
	notFailed = func() {
		for _, b := range spent {
			if err := s.limiter.Refund(ctx, "identity:"+b.key, s.scaled(b.limit)); err != nil {
				s.log.ErrorContext(ctx, "rate limiter refund failed", "key", b.key, "err", err)
			}
		}
	}
	for _, b := range budgets {
		counted, err := s.spend(ctx, b)
		if err != nil {
			notFailed()
			return nil, err
		}
		if counted {
			spent = append(spent, b)
		}
	}
	return notFailed, nil
}

// passwordBudget counts wrong passwords for an account, whichever endpoint
// they come through; email must be normalized.
func passwordBudget(email string) budget {
	return budget{"password:account:" + email, limitPasswordFailuresPerAccount}
}

func signInBudget(ip string) budget { return budget{"login:ip:" + ip, limitSignInFailuresPerIP} }

// checkPassword confirms a signed-in reader's password; a wrong one answers
// wrong and counts against the account like a failed sign-in.
func (s *Service) checkPassword(ctx context.Context, u store.User, password string, wrong error) error {
	notFailed, err := s.failures(ctx, passwordBudget(u.Email))
	if err != nil {
		return err
	}
	if ok, _ := s.hasher.Verify(password, u.PasswordHash); !ok {
		return wrong
	}
	notFailed()
	return nil
}

// sendMail renders an email and queues it in tx, to leave once tx commits.
func sendMail(tx *store.Tx, kind mailtemplates.Kind, locale, to string, d mailtemplates.Data) error {
	m, err := mailtemplates.Render(kind, locale, to, d)
	if err != nil {
		return err
	}
	return tx.Enqueue(m)
}

// link builds a web app address in the reader's language: English routes
// have no prefix, the others start with the locale.
func link(site, locale, path string, query url.Values) string {
	prefix := ""
	if locale != "" && locale != domain.DefaultLocale {
		prefix = "/" + locale
	}
	u := strings.TrimRight(site, "/") + prefix + path
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	return u
}

func publicUser(u store.User) identityapi.User {
	return identityapi.User{ID: u.ID, Email: u.Email, EmailVerified: u.EmailVerified, IsAdmin: u.IsAdmin,
		Locale: u.Locale, TimeZone: u.TimeZone, CreatedAt: u.CreatedAt}
}

func accountOf(u store.User) Account {
	return Account{User: publicUser(u), HasPassword: u.PasswordHash != "", GoogleLinked: u.GoogleSubject != ""}
}

func newID() string { return uuid.Must(uuid.NewV7()).String() }

// validUUID guards lookups by id: PostgreSQL rejects a malformed uuid.
func validUUID(s string) bool {
	_, err := uuid.Parse(s)
	return err == nil && len(s) == 36
}

// startSession creates a session in tx and returns its token.
func (s *Service) startSession(ctx context.Context, tx *store.Tx, u store.User, userAgent string) (SignedIn, error) {
	now := s.now()
	token := domain.NewToken()
	sess := store.Session{
		ID: newID(), UserID: u.ID, TokenHash: domain.HashToken(token), Device: domain.DeviceLabel(userAgent),
		CreatedAt: now, LastUsedAt: now, ExpiresAt: now.Add(SessionLifetime),
	}
	if err := tx.CreateSession(ctx, sess); err != nil {
		return SignedIn{}, err
	}
	if err := tx.TouchUser(ctx, u.ID, now); err != nil {
		return SignedIn{}, err
	}
	return SignedIn{Token: token, ExpiresAt: sess.ExpiresAt, Account: accountOf(u)}, nil
}

func sessionKey(tokenHash string) string { return "identity:session:" + tokenHash }

// forget drops cached session lookups so revocations and account changes
// take effect on every instance at once.
func (s *Service) forget(ctx context.Context, tokenHashes []string) {
	if len(tokenHashes) == 0 {
		return
	}
	keys := make([]string, len(tokenHashes))
	for i, h := range tokenHashes {
		keys[i] = sessionKey(h)
	}
	if err := s.cache.Delete(ctx, keys...); err != nil {
		s.log.ErrorContext(ctx, "forget cached sessions", "err", err)
	}
}

// forgetUser drops the cached lookups of every session of an account,
// after the account itself changed.
func (s *Service) forgetUser(ctx context.Context, userID string) {
	hashes, err := s.store.SessionTokenHashes(ctx, userID)
	if err != nil {
		s.log.ErrorContext(ctx, "list sessions to forget", "err", err)
		return
	}
	s.forget(ctx, hashes)
}

// cachedSession is a session lookup as kept in the cache.
type cachedSession struct {
	SessionID  string           `json:"sid"`
	SignedInAt time.Time        `json:"signedInAt"`
	LastUsedAt time.Time        `json:"lastUsedAt"`
	ExpiresAt  time.Time        `json:"expiresAt"`
	User       identityapi.User `json:"user"`
}

func (c cachedSession) encode() []byte {
	b, _ := json.Marshal(c)
	return b
}

func isNotFound(err error) bool { return errors.Is(err, store.ErrNotFound) }
