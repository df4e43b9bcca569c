// Package idempotency makes a creating request safe to retry: the first
// answer to an Idempotency-Key is kept in the database and replayed for the
// same key, so a client that lost an answer can send the request again
// without writing twice, whichever instance the retry reaches.
package idempotency

import (
	"bytes"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"lamplight/platform/db"
	"lamplight/platform/errs"
	"lamplight/platform/httpx"
	"lamplight/platform/loop"
	"lamplight/platform/metrics"
)

//go:embed migrations
var migrationFS embed.FS

// Migrations creates the keys table.
var Migrations = db.Embedded("idempotency", migrationFS)

// Header names: the key a client sends, and the mark on a replayed answer.
const (
	Header         = "Idempotency-Key"
	ReplayedHeader = "Idempotent-Replayed"
)

// replayedHeaders are the answer's headers a replay repeats; the rest
// (request id, security headers) belong to each request.
var replayedHeaders = []string{"Content-Type", "Location", "ETag"}

// maxHashedBody bounds what is read ahead to hash a request, far above any
// creating route's body (a batch of 1,000 entries is about 100 KB).
const maxHashedBody = 1 << 20

// inProgressRetry is the Retry-After of a retry that finds its first
// request still running.
const inProgressRetry = 2 * time.Second

type row struct {
	Scope       string `gorm:"primaryKey"`
	Route       string `gorm:"primaryKey"`
	Key         string `gorm:"column:idempotency_key;primaryKey"`
	RequestHash string
	// Status is 0 while the first request runs: a claim, not an answer.
	Status    int
	Headers   string
	Body      []byte
	ExpiresAt time.Time
}

func (row) TableName() string { return "idempotency_keys" }

// Scope names whose keys a request uses, usually the signed-in user's id;
// an empty scope leaves the request as it would be without a key.
type Scope func(c *gin.Context) string

// PerUser scopes keys to the signed-in caller.
func PerUser(c *gin.Context) string { return httpx.UserID(c.Request.Context()) }

// Keys claims keys, stores answers and deletes them once expired.
type Keys struct {
	db      *gorm.DB
	metrics *metrics.Metrics
	log     *slog.Logger

	// Now is the clock keys expire by.
	Now func() time.Time
	// TTL is how long a key and its answer are kept.
	TTL time.Duration
	// Lease is how long a claim outlives the last sign of its request:
	// the instance running it renews it every RenewEvery, so when the
	// instance dies the key is free again within a Lease, and a retry of a
	// write that never committed is not refused for a day.
	Lease, RenewEvery time.Duration
	// SweepInterval is how often expired keys are deleted.
	SweepInterval time.Duration

	sweep *loop.Loop
}

// New builds the keys store; Start runs its sweep.
func New(g *gorm.DB, m *metrics.Metrics, log *slog.Logger) *Keys {
	return &Keys{
		db: g, metrics: m, log: log,
		Now:           func() time.Time { return time.Now().UTC() },
		TTL:           24 * time.Hour,
		Lease:         30 * time.Second,
		RenewEvery:    10 * time.Second,
		SweepInterval: time.Hour,
	}
}

// Once is the middleware a route opts in with: a request carrying
// Idempotency-Key runs at most once per scope, route and key; a repeat gets
// the first answer with Idempotent-Replayed: true. Without the header the
// request runs as usual.
func (k *Keys) Once(scope Scope) gin.HandlerFunc {
	return func(c *gin.Context) {
		values := c.Request.Header.Values(Header)
		if len(values) == 0 {
			c.Next()
			return
		}
		if len(values) > 1 || !ValidKey(values[0]) {
			httpx.Fail(c, errs.ErrIdempotencyKeyInvalid)
			return
		}
		s := scope(c)
		if s == "" {
			c.Next()
			return
		}
		original := c.Request.Body
		body, err := io.ReadAll(io.LimitReader(original, maxHashedBody+1))
		if err != nil || len(body) > maxHashedBody {
			// The handler reads the rest and answers as it would without a
			// key: an unreadable body, or one larger than any creating
			// route accepts, writes nothing.
			var rest io.Reader = original
			if err != nil {
				rest = failingReader{err}
			}
			c.Request.Body = readCloser{io.MultiReader(bytes.NewReader(body), rest), original}
			c.Next()
			return
		}
		c.Request.Body = readCloser{bytes.NewReader(body), original}
		id := row{Scope: s, Route: c.Request.Method + " " + c.FullPath(), Key: values[0]}
		k.serve(c, id, requestHash(c.Request, body))
	}
}

// ValidKey accepts 1 to 255 visible ASCII characters.
func ValidKey(key string) bool {
	if key == "" || len(key) > 255 {
		return false
	}
	for i := 0; i < len(key); i++ {
		if key[i] < '!' || key[i] > '~' {
			return false
		}
	}
	return true
}

// requestHash tells a retry from another request sent with the same key.
func requestHash(r *http.Request, body []byte) string {
	h := sha256.New()
	h.Write([]byte(r.URL.RequestURI()))
	h.Write([]byte{0})
	h.Write(body)
	return hex.EncodeToString(h.Sum(nil))
}

func (k *Keys) serve(c *gin.Context, id row, hash string) {
	// Storing the answer must not depend on the client waiting for it.
	ctx := context.WithoutCancel(c.Request.Context())
	existing, err := k.claim(ctx, id, hash)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	if existing != nil {
		replay(c, existing, hash)
		return
	}
	stop := k.renew(ctx, id)
	defer stop()
	rec := &recorder{ResponseWriter: c.Writer}
	c.Writer = rec
	defer func() {
		if p := recover(); p != nil {
			k.release(ctx, id)
			panic(p)
		}
	}()
	c.Next()
	c.Writer = rec.ResponseWriter
	if status := rec.Status(); status >= 500 || status == http.StatusTooManyRequests {
		// Not an answer to the request but a "try again": let the retry run.
		k.release(ctx, id)
		return
	}
	if err := k.store(ctx, id, rec); err != nil {
		// The claim stays, so a retry answers idempotency_in_progress until
		// the key expires rather than writing a second time.
		k.log.ErrorContext(ctx, "store idempotent answer", "route", id.Route, "err", err)
		if err := k.key(ctx, id).Where("status = 0").Update("expires_at", k.Now().Add(k.TTL)).Error; err != nil {
			k.log.ErrorContext(ctx, "keep idempotency claim", "route", id.Route, "err", err)
		}
	}
}

// renew extends the claim's lease while its request runs, until stop.
func (k *Keys) renew(ctx context.Context, id row) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(k.RenewEvery)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				if err := k.key(ctx, id).Where("status = 0").Update("expires_at", k.Now().Add(k.Lease)).Error; err != nil {
					k.log.WarnContext(ctx, "renew idempotency claim", "route", id.Route, "err", err)
				}
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

// claim inserts the key as in flight and returns nil, or returns the live
// row another request put there first. An expired row not yet swept is
// replaced; a key that keeps changing under it for three tries is answered
// as in progress.
func (k *Keys) claim(ctx context.Context, id row, hash string) (*row, error) {
	for range 3 {
		now := k.Now()
		fresh := id
		fresh.RequestHash, fresh.ExpiresAt = hash, now.Add(k.Lease)
		res := k.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&fresh)
		if res.Error != nil {
			return nil, fmt.Errorf("claim idempotency key: %w", res.Error)
		}
		if res.RowsAffected == 1 {
			return nil, nil
		}
		var existing row
		err := k.key(ctx, id).Take(&existing).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("read idempotency key: %w", err)
		}
		if existing.ExpiresAt.After(now) {
			return &existing, nil
		}
		if err := k.key(ctx, id).Where("expires_at <= ?", now).Delete(&row{}).Error; err != nil {
			return nil, fmt.Errorf("replace expired idempotency key: %w", err)
		}
	}
	return nil, errs.IdempotencyInProgress(inProgressRetry)
}

func (k *Keys) key(ctx context.Context, id row) *gorm.DB {
	return k.db.WithContext(ctx).Model(&row{}).
		Where("scope = ? AND route = ? AND idempotency_key = ?", id.Scope, id.Route, id.Key)
}

func (k *Keys) store(ctx context.Context, id row, rec *recorder) error {
	kept := map[string]string{}
	for _, name := range replayedHeaders {
		if v := rec.Header().Get(name); v != "" {
			kept[name] = v
		}
	}
	headers, err := json.Marshal(kept)
	if err != nil {
		return err
	}
	return k.key(ctx, id).Where("status = 0").
		Updates(map[string]any{"status": rec.Status(), "headers": string(headers), "body": rec.body.Bytes(), "expires_at": k.Now().Add(k.TTL)}).Error
}

// release drops a claim whose request produced no answer worth keeping.
func (k *Keys) release(ctx context.Context, id row) {
	if err := k.key(ctx, id).Where("status = 0").Delete(&row{}).Error; err != nil {
		k.log.ErrorContext(ctx, "release idempotency key", "route", id.Route, "err", err)
	}
}

func replay(c *gin.Context, r *row, hash string) {
	switch {
	case r.RequestHash != hash:
		httpx.Fail(c, errs.ErrIdempotencyKeyReused)
		return
	case r.Status == 0:
		httpx.Fail(c, errs.IdempotencyInProgress(inProgressRetry))
		return
	}
	var headers map[string]string
	if err := json.Unmarshal([]byte(r.Headers), &headers); err != nil {
		httpx.Fail(c, fmt.Errorf("stored idempotent headers: %w", err))
		return
	}
	for name, v := range headers {
		c.Header(name, v)
	}
	c.Header(ReplayedHeader, "true")
	c.Writer.WriteHeader(r.Status)
	if len(r.Body) == 0 {
		c.Writer.WriteHeaderNow()
	} else {
		// Through Write, so the compression in front can still drop its
		// headers for an error answer before they are sent.
		_, _ = c.Writer.Write(r.Body)
	}
	c.Abort()
}

// DeleteExpired removes keys whose time is up. Several instances may sweep
// side by side: deleting what expired is idempotent.
func (k *Keys) DeleteExpired(ctx context.Context) (int64, error) {
	res := k.db.WithContext(ctx).Where("expires_at <= ?", k.Now()).Delete(&row{})
	return res.RowsAffected, res.Error
}

// DeleteScope removes every key of a scope, so no stored answer outlives
// the account it belongs to.
func (k *Keys) DeleteScope(ctx context.Context, scope string) error {
	return k.db.WithContext(ctx).Where("scope = ?", scope).Delete(&row{}).Error
}

// Start deletes expired keys every SweepInterval until Stop.
func (k *Keys) Start() {
	k.sweep = &loop.Loop{
		Name: "idempotency_sweep", Interval: k.SweepInterval, Log: k.log, Metrics: k.metrics,
		Job: func(ctx context.Context) error {
			_, err := k.DeleteExpired(ctx)
			return err
		},
	}
	k.sweep.Start()
}

// Stop waits for the sweep to finish.
func (k *Keys) Stop() { k.sweep.Stop() }

// recorder keeps a copy of the answer while it is written.
type recorder struct {
	gin.ResponseWriter
	body bytes.Buffer
}

func (r *recorder) Write(b []byte) (int, error) {
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}

func (r *recorder) WriteString(s string) (int, error) {
	r.body.WriteString(s)
	return r.ResponseWriter.WriteString(s)
}

// readCloser reads r and closes the request's own body.
type readCloser struct {
	io.Reader
	io.Closer
}

type failingReader struct{ err error }

func (f failingReader) Read([]byte) (int, error) { return 0, f.err }
