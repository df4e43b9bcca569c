// Package app holds the sharing use cases: a reader's secret calendar feed
// and progress link (create or rotate, revoke, state), and what a holder of
// such a link is shown.
package app

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"time"

	"lamplight/modules/plans/plansapi"
	"lamplight/modules/reading/readingapi"
	"lamplight/modules/readmodels/readmodelsapi"
	"lamplight/modules/settings/settingsapi"
	"lamplight/modules/sharing/internal/store"
	"lamplight/modules/sharing/sharingapi"
	"lamplight/platform/errs"
)

// ErrLinkNotFound answers a token that is unknown, rotated or revoked: a
// bare 404, the same as for a token that never existed.
var ErrLinkNotFound = errs.NotFound()

// Service runs the sharing use cases.
type Service struct {
	store    *store.Store
	reading  readingapi.Reader
	settings settingsapi.Reader
	progress readmodelsapi.ProgressReader
	streak   readmodelsapi.StreakReader
	readNext readmodelsapi.SuggestionsReader
	plans    plansapi.Reader
	sealer   *Sealer
	now      func() time.Time
}

// New builds the service.
func New(s *store.Store, r readingapi.Reader, st settingsapi.Reader, p readmodelsapi.ProgressReader, k readmodelsapi.StreakReader,
	n readmodelsapi.SuggestionsReader, plans plansapi.Reader, sealer *Sealer) *Service {
	return &Service{store: s, reading: r, settings: st, progress: p, streak: k, readNext: n, plans: plans, sealer: sealer, now: time.Now}
}

// Paths of the links under the site's URL.
const (
	CalendarPath = "/share/calendar/"
	ProgressPath = "/share/progress/"
)

// newToken is 32 random bytes, URL-safe: the link's secret.
func newToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// HashToken is what a link is looked up by; the token itself is kept only
// sealed (Sealer), for its owner.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Created is the answer of creating or rotating a link.
type Created struct {
	URL string `json:"url"`
}

// CreateOptions are the calendar feed's choices.
type CreateOptions struct {
	// ReadNext adds a daily "Read next" event with today's suggestions.
	ReadNext *bool `json:"readNext"`
}

// Create makes the reader's link of kind, replacing (rotating) one they
// had: the old URL answers 404 from the moment this returns.
func (s *Service) Create(ctx context.Context, userID, kind, siteURL string, o CreateOptions) (Created, error) {
	l, token := s.newLink(userID, kind, o.ReadNext == nil || *o.ReadNext)
	if err := s.store.Replace(ctx, l); err != nil {
		return Created{}, err
	}
	return Created{URL: linkURL(siteURL, kind, token)}, nil
}

// newLink is a new link of kind with a new secret, sealed for its owner.
func (s *Service) newLink(userID, kind string, readNext bool) (store.Link, string) {
	token := newToken()
	return store.Link{
		UserID: userID, Kind: kind, TokenHash: HashToken(token), TokenSealed: s.sealer.Seal(token, userID, kind),
		ReadNext: readNext && kind == sharingapi.KindCalendarFeed, CreatedAt: s.now().UTC(),
	}, token
}

// linkURL is the address of a link of kind with token.
func linkURL(siteURL, kind, token string) string {
	if kind == sharingapi.KindCalendarFeed {
		return siteURL + CalendarPath + token + ".ics"
	}
	return siteURL + ProgressPath + token
}

// Revoke removes the reader's link of kind; revoking none is no error.
func (s *Service) Revoke(ctx context.Context, userID, kind string) error {
	if err := s.store.Delete(ctx, userID, kind); err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	return nil
}

// LinkState is one link as its owner sees it.
type LinkState struct {
	// URL is the link, nil when it cannot be shown again (made before
	// secrets were sealed, or the sharing key changed).
	URL       *string   `json:"url"`
	CreatedAt time.Time `json:"createdAt"`
	ReadNext  bool      `json:"readNext"`
}

// State is the answer of GET /api/sharing.
type State struct {
	CalendarFeed *LinkState `json:"calendarFeed"`
	ProgressLink *LinkState `json:"progressLink"`
}

// State tells which links the reader has, and their URLs under siteURL.
func (s *Service) State(ctx context.Context, userID, siteURL string) (State, error) {
	links, err := s.store.OfUser(ctx, userID)
	if err != nil {
		return State{}, err
	}
	var out State
	for _, l := range links {
		st := &LinkState{CreatedAt: l.CreatedAt.UTC(), ReadNext: l.ReadNext}
		if token, ok := s.sealer.Open(l.TokenSealed, userID, l.Kind); ok {
			u := linkURL(siteURL, l.Kind, token)
			st.URL = &u
		}
		switch l.Kind {
		case sharingapi.KindCalendarFeed:
			out.CalendarFeed = st
		case sharingapi.KindProgressLink:
			out.ProgressLink = st
		}
	}
	return out, nil
}

// DeleteUserData removes a deleted reader's links.
func (s *Service) DeleteUserData(ctx context.Context, userID string) error {
	return s.store.DeleteUser(ctx, userID)
}

// owner finds the link of kind with token.
func (s *Service) owner(ctx context.Context, kind, token string) (store.Link, error) {
	if token == "" {
		return store.Link{}, ErrLinkNotFound
	}
	l, err := s.store.ByToken(ctx, kind, HashToken(token))
	if errors.Is(err, store.ErrNotFound) {
		return l, ErrLinkNotFound
	}
	return l, err
}
